"""/api/transfer/…: banks, balances, name look-ups, and the four kinds of transfer."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, Response, get, post
from litestar.openapi import ResponseSpec

from bff import banks
from bff.errors import AppError, ValidationFailed
from bff.openapi_errors import TRANSFER_FAILED, refuses
from bff.passkeys.approval import one_proof
from bff.passkeys.schemas import PasskeyOptionsOut
from bff.payees.lookup import AccountLookup
from bff.payees.schemas import NameInquiryOut
from bff.risk.presenter import risk_warning_out
from bff.schemas import TextPath
from bff.transfers.models import Status, Transfer, TransferType
from bff.transfers.presenter import balances_out, total_of, transfer_out
from bff.transfers.schemas import (
    BalancesOut,
    BankOut,
    BulkConfirmIn,
    BulkPendingOut,
    BulkResultOut,
    BulkTransferIn,
    ConfirmIn,
    NameInquiryIn,
    PendingTransferOut,
    TransferIn,
    TransferOut,
    TransferRefIn,
)
from bff.transfers.service import TransferService
from bff.users.principal import Principal

CODE_OR_PASSKEY = "Approve with either a code or a passkey, not both."


class TransferFailed(AppError):
    """A confirmed transfer that did not go through: 422 with the reason and the transfer."""

    status_code = 422
    title = "Transfer Failed"


def confirmed(transfer: Transfer) -> Response[TransferOut]:
    if transfer.status == Status.FAILED:
        raise TransferFailed(
            transfer.failure_reason or "The transfer failed.",
            extra={
                "id": transfer.id,
                "referenceNumber": transfer.id,
                # `status` is the problem's HTTP status (an integer, RFC 9457).
                "transferStatus": transfer.status,
                "responseCode": transfer.response_code or "",
            },
        )
    # 202: accepted and still being processed (the customer sees Pending).
    code = 200 if transfer.status == Status.COMPLETED else 202
    return Response(transfer_out(transfer), status_code=code)


# A transfer the core or the other bank has not finished answers 202 (Pending).
PENDING_TRANSFER = {
    202: ResponseSpec(
        data_container=TransferOut,
        description="Accepted and still being processed (Pending); the outcome comes by SMS.",
    )
}


async def confirm_single(
    transfer_service: TransferService, customer: Principal, data: ConfirmIn
) -> Transfer:
    if data.otp and data.passkey is not None:
        raise ValidationFailed(CODE_OR_PASSKEY, field="passkey")
    if data.passkey is None and not data.otp:
        raise ValidationFailed("This field is required", field="otp")
    return await transfer_service.confirm(
        customer.user, data.id, data.otp, data.passkey, customer.device, data.acknowledge_warning
    )


class TransfersController(Controller):
    path = "/api/transfer"
    tags = ["transfers"]
    security = [{"bearer": []}]

    @get("/banks", summary="Banks on the NIP list")
    async def banks(self, customer: Principal) -> list[BankOut]:
        return [
            BankOut(institution_name=b.name, institution_code=b.code) for b in banks.all_banks()
        ]

    @get("/balance", summary="Balances and this week's inwards and outwards")
    async def balance(self, transfer_service: TransferService, customer: Principal) -> BalancesOut:
        return balances_out(await transfer_service.balances(customer.user))

    @post("/name-inquiry", status_code=200, summary="Who owns this account (any bank)?")
    async def name_inquiry(
        self, lookup: AccountLookup, customer: Principal, data: NameInquiryIn
    ) -> NameInquiryOut:
        return await lookup.for_customer(customer.user.id, data.account_number, data.bank_code)

    @post("/intrabank-name-inquiry", status_code=200, summary="Who owns this Kobo account?")
    async def intrabank_name_inquiry(
        self, lookup: AccountLookup, customer: Principal, data: NameInquiryIn
    ) -> NameInquiryOut:
        return await lookup.for_customer(customer.user.id, data.account_number, banks.own_code())

    async def _initiate(
        self,
        transfer_service: TransferService,
        customer: Principal,
        transfer_type: str,
        data: TransferIn,
    ) -> PendingTransferOut:
        transfer, message = await transfer_service.initiate(
            customer.user, transfer_type, data, customer.device
        )
        return PendingTransferOut(
            id=transfer.id,
            status=transfer.status,  # type: ignore[arg-type]
            message=message,
            two_factor_authentication=customer.user.two_factor,
            transfer=transfer_out(transfer),
            passkey_approval=transfer_service.can_approve_with_passkey(customer.user),
            risk_warning=risk_warning_out([transfer]),
        )

    @post(
        "/intrabank",
        status_code=201,
        summary="Kobo to Kobo, step 1: sends a code",
        opt=refuses(404, 409, 429),
    )
    async def intrabank(
        self, transfer_service: TransferService, customer: Principal, data: TransferIn
    ) -> PendingTransferOut:
        return await self._initiate(transfer_service, customer, TransferType.INTRA_BANK, data)

    @post(
        "/own-account",
        status_code=201,
        summary="Between own accounts, step 1: sends a code",
        opt=refuses(404, 409, 429),
    )
    async def own_account(
        self, transfer_service: TransferService, customer: Principal, data: TransferIn
    ) -> PendingTransferOut:
        return await self._initiate(transfer_service, customer, TransferType.OWN_ACCOUNT, data)

    @post(
        "/other-banks",
        status_code=201,
        summary="To another bank (NIP), step 1: sends a code",
        opt=refuses(404, 409, 429),
    )
    async def other_banks(
        self, transfer_service: TransferService, customer: Principal, data: TransferIn
    ) -> PendingTransferOut:
        return await self._initiate(transfer_service, customer, TransferType.OTHER_BANK, data)

    @post(
        "/intrabank/confirm",
        status_code=200,
        summary="Confirm a Kobo or own-account transfer with the code or a passkey",
        opt=refuses(404, 409, 429, TRANSFER_FAILED),
        responses=PENDING_TRANSFER,
    )
    async def confirm_intrabank(
        self, transfer_service: TransferService, customer: Principal, data: ConfirmIn
    ) -> Response[TransferOut]:
        return confirmed(await confirm_single(transfer_service, customer, data))

    @post(
        "/other-banks/confirm",
        status_code=200,
        summary="Confirm an interbank transfer with the code or a passkey",
        opt=refuses(404, 409, 429, TRANSFER_FAILED),
        responses=PENDING_TRANSFER,
    )
    async def confirm_other_banks(
        self, transfer_service: TransferService, customer: Principal, data: ConfirmIn
    ) -> Response[TransferOut]:
        return confirmed(await confirm_single(transfer_service, customer, data))

    @post(
        "/passkey-options",
        status_code=200,
        summary="Approve with a passkey, step 1: request options bound to this transfer",
        opt=refuses(404),
    )
    async def passkey_options(
        self, transfer_service: TransferService, customer: Principal, data: TransferRefIn
    ) -> PasskeyOptionsOut:
        options = await transfer_service.passkey_options(customer.user, data.id)
        return PasskeyOptionsOut(options=options)

    @post(
        "/bulk",
        status_code=201,
        summary="Bulk, step 1: every row checked; one code",
        opt=refuses(404, 409, 429),
    )
    async def bulk(
        self, transfer_service: TransferService, customer: Principal, data: BulkTransferIn
    ) -> BulkPendingOut:
        batch, rows, message = await transfer_service.initiate_bulk(
            customer.user, data.transfers, customer.device
        )
        return BulkPendingOut(
            id=batch.id,
            status=batch.status,  # type: ignore[arg-type]
            message=message,
            two_factor_authentication=customer.user.two_factor,
            transfers=[transfer_out(t) for t in rows],
            total_amount=total_of(rows),
            passkey_approval=transfer_service.can_approve_with_passkey(customer.user),
            risk_warning=risk_warning_out(rows),
        )

    @post(
        "/bulk/passkey-options",
        status_code=200,
        summary="Approve a bulk transfer with a passkey, step 1: options bound to every row",
        opt=refuses(404),
    )
    async def bulk_passkey_options(
        self, transfer_service: TransferService, customer: Principal, data: TransferRefIn
    ) -> PasskeyOptionsOut:
        options = await transfer_service.bulk_passkey_options(customer.user, data.id)
        return PasskeyOptionsOut(options=options)

    @post(
        "/bulk/confirm",
        status_code=200,
        summary="Bulk, step 2: the code or a passkey; each row's result",
        opt=refuses(404, 409, 429),
    )
    async def confirm_bulk(
        self, transfer_service: TransferService, customer: Principal, data: BulkConfirmIn
    ) -> BulkResultOut:
        one_proof(data.otp, data.passkey)
        rows = await transfer_service.confirm_bulk(
            customer.user, data.id, data.otp, data.passkey, data.acknowledge_warning
        )
        counts = {s: sum(1 for t in rows if t.status == s) for s in Status.FINAL}
        pending = len(rows) - sum(counts.values())
        completed, failed = counts[Status.COMPLETED], counts[Status.FAILED]
        message = (
            "Transferred Successfully"
            if completed == len(rows)
            else f"{completed} completed, {pending} pending, {failed} failed"
        )
        return BulkResultOut(
            id=data.id,
            message=message,
            completed=completed,
            pending=pending,
            failed=failed,
            transfers=[transfer_out(t) for t in rows],
        )

    @get(
        "/{transfer_id:str}",
        summary="A transfer's current state (e.g. after Pending)",
        opt=refuses(404),
    )
    async def get_transfer(
        self,
        transfer_service: TransferService,
        customer: Principal,
        transfer_id: Annotated[str, TextPath(40)],
    ) -> TransferOut:
        return transfer_out(await transfer_service.get_own(customer.user, transfer_id))
