"""The NIBSS institution list (fixtures/banks.json) and Kobo's own code."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache

from bff.config import FIXTURES_DIR

# The bank's name, written once: in full wherever it is written out (statements, receipts,
# e-mail signatures, a payee's bank); the short one only where a field is short (the
# e-mail header and fallback subject). The SMS sender id and the passkey relying party's
# name are settings (`KOBO_SMS_SENDER_ID`, `webauthn_rp_name`), "Kobo" by default.
BANK_NAME = "Kobo Microfinance Bank"
SHORT_NAME = "Kobo"


@dataclass(frozen=True, slots=True)
class Bank:
    code: str
    name: str


@cache
def _load() -> tuple[str, tuple[Bank, ...]]:
    data = json.loads((FIXTURES_DIR / "banks.json").read_text())
    banks = tuple(Bank(b["institutionCode"], b["institutionName"]) for b in data["banks"])
    return data["ownInstitutionCode"], banks


def own_code() -> str:
    return _load()[0]


def all_banks() -> tuple[Bank, ...]:
    return _load()[1]


def bank_name(code: str) -> str | None:
    return next((b.name for b in all_banks() if b.code == code), None)


def own_name() -> str:
    """Kobo's name as the institution list spells it (what transfers record as the bank)."""
    return bank_name(own_code()) or BANK_NAME
