"""Name enquiry: who owns an account number, at Kobo (the core) or another bank (NIP).

One look-up for every payee: transfers, beneficiaries, scheduled payments."""

from __future__ import annotations

import re

from bff import banks
from bff.core_client import CoreClient, CoreRefused, CoreUnavailable
from bff.errors import ServiceUnavailable, ValidationFailed
from bff.payees.schemas import NameInquiryOut

INVALID_ACCOUNT = "Invalid account details"
LOOKUP_DOWN = "We could not verify the account right now. Please try again."


class AccountLookup:
    def __init__(self, core: CoreClient) -> None:
        self.core = core

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
            answer = await self.core.nip_name_enquiry(code, number)
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
            bank_name=banks.bank_name(banks.own_code()) or "Kobo",
            bank_code=banks.own_code(),
            name_inquiry_reference=None,
        )
