"""Wire shapes of the transaction-limit routes (docs/contract.md §14)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from bff.passkeys.schemas import PasskeyAssertionIn
from bff.schemas import MAX_NAIRA, CamelStruct, RequestStruct

Code = Annotated[str, msgspec.Meta(max_length=12)]
# A limit in naira, as a number or typed text (the service refuses what is not an amount).
LimitAmount = (
    Annotated[float, msgspec.Meta(ge=-MAX_NAIRA, le=MAX_NAIRA)]
    | Annotated[str, msgspec.Meta(max_length=24)]
)


class TransactionLimitOut(CamelStruct):
    product_name: str
    transfer_type: str
    transfer_type_name: str
    daily_limit: float
    limit_per_transaction: float
    maximum_daily_limit: float
    maximum_limit_per_transaction: float
    nuban: str
    transaction_limit_uuid: str | None
    # A raise waiting out its cooling-off (KOBO_RISK_LIMIT_RAISE_HOURS): the higher limits
    # and when they apply (dd-mm-yyyy hh:mm WAT); null when none waits.
    raise_from: str | None = None
    raised_daily_limit: float | None = None
    raised_limit_per_transaction: float | None = None


class TransactionLimitIn(RequestStruct):
    daily_transaction_limit: LimitAmount | None = None
    single_transaction_limit: LimitAmount | None = None
    nuban: Annotated[str, msgspec.Meta(max_length=10)] | None = None
    transfer_type: Literal["INTRA_BANK", "OTHER_BANK", "BILL_PAYMENT"] | None = None


class TransactionLimitPendingOut(CamelStruct):
    nuban: str
    transaction_limit_uuid: str
    message: str
    two_factor_authentication: str
    # The customer has a passkey: the dialog offers "Approve with passkey" first (the code
    # was sent all the same, for "Use a code instead").
    passkey_approval: bool = False


class TransactionLimitRefIn(RequestStruct):
    nuban: Annotated[str, msgspec.Meta(max_length=10)]
    transaction_limit_uuid: Annotated[str, msgspec.Meta(max_length=36)]


class TransactionLimitConfirmIn(RequestStruct):
    """The code (`otp`), or instead a passkey's approval of these limits (`passkey`, the
    assertion answering `POST …/transaction-limits/passkey-options`)."""

    nuban: Annotated[str, msgspec.Meta(max_length=10)]
    transaction_limit_uuid: Annotated[str, msgspec.Meta(max_length=36)]
    otp: Code | None = None
    passkey: PasskeyAssertionIn | None = None
