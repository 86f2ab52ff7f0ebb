"""The record of processing the customer reads (NDPA 2023 s. 27's information, and the
retention rules): what Kobo keeps, why, for how long and who receives it. One list, read by
the Settings screen, the archive's PDF summary and docs/contract.md §14.6b."""

from __future__ import annotations

from dataclasses import dataclass

# Who receives data, in the customer's words.
CORE = "Our core-banking system, which keeps your accounts and their ledger"
SWITCH = "The interbank switch (NIBSS), for transfers to and from other banks"
BILLERS = "The biller you pay (for example your electricity or TV provider)"
SMS_GATEWAY = "Our SMS gateway, to deliver text messages to your phone"
EMAIL_GATEWAY = "Our e-mail provider, to deliver e-mails to you"
IDENTITY = "The identity registries (NIBSS for your BVN, NIMC for your NIN), to check them"
REGULATORS = "The CBN, the NFIU and the courts, when the law requires it"

FINANCIAL_RETENTION = (
    "5 years after our relationship ends, as the money-laundering rules require "
    "(Money Laundering (Prevention and Prohibition) Act 2022, s. 8; CBN AML/CFT Regulations)"
)


@dataclass(frozen=True, slots=True)
class Processing:
    what: str
    why: str
    legal_basis: str
    kept_for: str
    recipients: tuple[str, ...]
    erased_on_request: bool


RECORD: tuple[Processing, ...] = (
    Processing(
        what="Your profile: name, e-mail address, phone number, date of birth",
        why="To open and run your accounts and to reach you about them",
        legal_basis="Performance of our contract with you, and our legal duty to know our "
        "customers",
        kept_for=FINANCIAL_RETENTION,
        recipients=(CORE, REGULATORS),
        erased_on_request=False,
    ),
    Processing(
        what="Your identity numbers (BVN and NIN) and the documents you uploaded",
        why="To verify who you are before you use an account",
        legal_basis="Legal obligation (CBN know-your-customer and tiered KYC rules)",
        kept_for=FINANCIAL_RETENTION,
        recipients=(IDENTITY, CORE, REGULATORS),
        erased_on_request=False,
    ),
    Processing(
        what="Selfies taken to check that you are the person on your BVN",
        why="To stop someone else from opening or taking over a profile in your name",
        legal_basis="Legal obligation (CBN fraud-prevention guidance) and our legitimate "
        "interest in preventing fraud",
        kept_for="Until a person has reviewed it; then deleted",
        recipients=(IDENTITY,),
        erased_on_request=True,
    ),
    Processing(
        what="Payments: transfers, bill payments, scheduled payments, limits and beneficiaries",
        why="To make the payments you ask for and keep the record of them",
        legal_basis="Performance of our contract with you, and legal obligation (record keeping)",
        kept_for=FINANCIAL_RETENTION,
        recipients=(CORE, SWITCH, BILLERS, REGULATORS),
        erased_on_request=False,
    ),
    Processing(
        what="Support tickets, reported problems and their conversations",
        why="To answer you and to resolve complaints",
        legal_basis="Performance of our contract with you, and legal obligation (CBN "
        "consumer-protection rules)",
        kept_for=FINANCIAL_RETENTION,
        recipients=(EMAIL_GATEWAY, REGULATORS),
        erased_on_request=False,
    ),
    Processing(
        what="Devices, passkeys and sign-in sessions",
        why="To keep your profile secure and to recognise your devices",
        legal_basis="Performance of our contract with you, and our legitimate interest in security",
        kept_for="While your profile is open; removed when you close it",
        recipients=(),
        erased_on_request=True,
    ),
    Processing(
        what="Messages we send you: codes, alerts on money movement, notices",
        why="To confirm what you do and tell you when money moves",
        legal_basis="Performance of our contract with you, and legal obligation (CBN "
        "transaction-alert rules)",
        kept_for=FINANCIAL_RETENTION,
        recipients=(SMS_GATEWAY, EMAIL_GATEWAY),
        erased_on_request=False,
    ),
    Processing(
        what="Your marketing choices and the record of each change",
        why="To send offers only if you asked for them",
        legal_basis="Your consent, which you can withdraw at any time",
        kept_for="While your profile is open; removed when you close it",
        recipients=(SMS_GATEWAY, EMAIL_GATEWAY),
        erased_on_request=True,
    ),
    Processing(
        what="A security log of sign-ins and changes to your settings",
        why="To detect and investigate fraud and misuse",
        legal_basis="Legal obligation (CBN cyber-security rules) and our legitimate interest "
        "in security",
        kept_for=FINANCIAL_RETENTION,
        recipients=(REGULATORS,),
        erased_on_request=False,
    ),
)

CONTROLLER = "Kobo Microfinance Bank, Lagos"
CONTACT = "Our data protection officer: write to us on Customer Service in the app"
RIGHTS = (
    "You can download everything we hold about you, ask us to correct it, ask us to erase "
    "what no law requires us to keep, and withdraw your marketing consent at any time. If you "
    "are not satisfied with our answer, you can complain to the Nigeria Data Protection "
    "Commission (NDPC)."
)
