"""/api/ibanking/personal/transaction-limits: the customer's limits and changing them."""

from __future__ import annotations

from datetime import datetime

from litestar import Controller, get, post

from bff.dates import WAT, format_date
from bff.limits.schemas import (
    TransactionLimitConfirmIn,
    TransactionLimitIn,
    TransactionLimitOut,
    TransactionLimitPendingOut,
    TransactionLimitRefIn,
)
from bff.limits.service import LimitsService
from bff.openapi_errors import refuses
from bff.passkeys.approval import one_proof
from bff.passkeys.schemas import PasskeyOptionsOut
from bff.schemas import MessageOut
from bff.users.principal import Principal


def limit_changed(raise_from: datetime | None) -> str:
    """The contract's sentence; a raise says when it applies (after its cooling-off)."""
    if raise_from is None:
        return "Transaction limit edited successfully"
    return (
        "Transaction limit edited successfully. The higher limit applies from "
        f"{format_date(raise_from, WAT)}: a raise waits, so that nobody who gets into your "
        "profile can raise your limits and send at once."
    )


class LimitsController(Controller):
    path = "/api/ibanking/personal"
    tags = ["settings"]
    security = [{"bearer": []}]

    @get("/transaction-limits", summary="Limits per account and transfer type, with ceilings")
    async def limits(
        self, transaction_limits: LimitsService, customer: Principal
    ) -> list[TransactionLimitOut]:
        return await transaction_limits.limits(customer.user)

    @post(
        "/transaction-limits",
        status_code=200,
        summary="Ask for new limits; sends a code",
        opt=refuses(404, 429),
    )
    async def request_limits(
        self, transaction_limits: LimitsService, customer: Principal, data: TransactionLimitIn
    ) -> TransactionLimitPendingOut:
        change, message = await transaction_limits.request_limit_change(customer.user, data)
        return TransactionLimitPendingOut(
            nuban=change.nuban,
            transaction_limit_uuid=change.uuid,
            message=message,
            two_factor_authentication=customer.user.two_factor,
            passkey_approval=transaction_limits.can_approve_with_passkey(customer.user),
        )

    @post(
        "/transaction-limits/passkey-options",
        status_code=200,
        summary="Approve new limits with a passkey, step 1: options bound to these limits",
        opt=refuses(404),
    )
    async def limits_passkey_options(
        self, transaction_limits: LimitsService, customer: Principal, data: TransactionLimitRefIn
    ) -> PasskeyOptionsOut:
        options = await transaction_limits.passkey_options(
            customer.user, data.nuban, data.transaction_limit_uuid
        )
        return PasskeyOptionsOut(options=options)

    @post(
        "/transaction-limits/confirm",
        status_code=200,
        summary="Confirm new limits with the code or a passkey",
        opt=refuses(404, 429),
    )
    async def confirm_limits(
        self,
        transaction_limits: LimitsService,
        customer: Principal,
        data: TransactionLimitConfirmIn,
    ) -> MessageOut:
        one_proof(data.otp, data.passkey)
        raise_from = await transaction_limits.confirm_limit_change(
            customer.user, data.nuban, data.transaction_limit_uuid, data.otp, data.passkey
        )
        return MessageOut(message=limit_changed(raise_from))
