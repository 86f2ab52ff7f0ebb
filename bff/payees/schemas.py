"""What a name inquiry answers: the payee's name as their bank holds it."""

from __future__ import annotations

from bff.schemas import CamelStruct


class NameInquiryOut(CamelStruct):
    account_name: str
    account_number: str
    bank_name: str
    bank_code: str
    name_inquiry_reference: str | None
