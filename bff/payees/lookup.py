"""Name inquiry: who owns an account number, at Kobo (the core) or another bank (NIP).

One look-up for every payee: transfers, beneficiaries, scheduled payments. What the customer
is answered carries a signed reference (bff/payees/reference.py): the transfer that follows
hands it back instead of the BFF asking the payee's bank a second time."""

from __future__ import annotations

import re

from bff import banks
from bff.core_client import CoreClient, CoreRefused, CoreUnavailable
from bff.db import utcnow
from bff.errors import ServiceUnavailable, ValidationFailed
from bff.payees import reference
from bff.payees.schemas import NameInquiryOut

INVALID_ACCOUNT = "Invalid account details"
LOOKUP_DOWN = "We could not verify the account right now. Please try again."


class AccountLookup:
    def __init__(self, core: CoreClient, secret_key: str) -> None:
        self.core = core
        self._key = secret_key

    async def for_customer(
        self, user_id: int, account_number: str | None, bank_code: str | None
    ) -> NameInquiryOut:
        """The name inquiry a customer asks for: its reference is signed for them."""
        found = await self(account_number, bank_code)
        signed = reference.issue(
            self._key,
            user_id=user_id,
            account=found.account_number,
            bank=found.bank_code,
            account_name=found.account_name,
            session_id=found.name_inquiry_reference,
            now=utcnow().timestamp(),
        )
        # A reference too long for the request field is not issued (a very long name): the
        # transfer then asks the payee's bank again, as it does without one.
        return NameInquiryOut(
            account_name=found.account_name,
            account_number=found.account_number,
            bank_name=found.bank_name,
            bank_code=found.bank_code,
            name_inquiry_reference=signed,
        )

    def checked(
        self, user_id: int, signed: str, account_number: str, bank_code: str
    ) -> NameInquiryOut:
        """What the customer's earlier name inquiry answered, from the reference they hand
        back (no call): refused unless it was issued to them for this account and bank, in
        time. The answer's `name_inquiry_reference` is the switch's session, as `__call__`'s."""
        name = banks.bank_name(bank_code)
        if name is None:
            raise ValidationFailed("Choose a bank from the list", field="destinationBankCode")
        payee = reference.check(
            self._key,
            signed,
            user_id=user_id,
            account=account_number,
            bank=bank_code,
            now=utcnow().timestamp(),
        )
        return NameInquiryOut(
            account_name=payee.account_name,
            account_number=account_number,
            bank_name=name,
            bank_code=bank_code,
            name_inquiry_reference=payee.session_id,
        )

    async def __call__(self, account_number: str | None, bank_code: str | None) -> NameInquiryOut:
        number = (account_number or "").strip()
        code = (bank_code or banks.own_code()).strip()
        if not re.fullmatch(r"\d{10}", number):
            raise ValidationFailed("Account Number must be 10 characters", field="accountNumber")
        if code == banks.own_code():
            return await self._at_kobo(number)
        name = banks.bank_name(code)
        if name is None:
            raise ValidationFailed("Choose a bank from the list", field="bankCode")
        try:
            answer = await self.core.nip_name_inquiry(code, number)
        except CoreUnavailable as exc:
            raise ServiceUnavailable(LOOKUP_DOWN) from exc
        if answer.response_code != "00" or not answer.account_name:
            raise ValidationFailed(INVALID_ACCOUNT, field="accountNumber")
        return NameInquiryOut(
            account_name=answer.account_name,
            account_number=number,
            bank_name=name,
            bank_code=code,
            name_inquiry_reference=answer.session_id,
        )

    async def _at_kobo(self, number: str) -> NameInquiryOut:
        try:
            account = await self.core.account(number)
        except CoreUnavailable as exc:
            raise ServiceUnavailable(LOOKUP_DOWN) from exc
        except CoreRefused as exc:
            raise ValidationFailed(INVALID_ACCOUNT, field="accountNumber") from exc
        if account.status != "ACTIVE" or account.customer_id is None:
            raise ValidationFailed(INVALID_ACCOUNT, field="accountNumber")
        return NameInquiryOut(
            account_name=account.account_name,
            account_number=number,
            bank_name=banks.own_name(),
            bank_code=banks.own_code(),
            name_inquiry_reference=None,
        )
