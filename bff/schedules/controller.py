"""/api/ibanking/personal/schedule-payments…: scheduled and repeating transfers."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, get, patch, post, put

from bff.openapi_errors import refuses
from bff.passkeys.approval import one_proof
from bff.passkeys.schemas import PasskeyOptionsOut
from bff.schedules.presenter import schedule_out
from bff.schedules.schemas import (
    ApproveIn,
    BulkScheduleIn,
    EditedOut,
    EditIn,
    ScheduledPaymentOut,
    ScheduleRefIn,
)
from bff.schedules.service import ScheduleService
from bff.schemas import MessageOut, TextPath
from bff.transfers.models import TransferType
from bff.transfers.schemas import TransferIn
from bff.users.principal import Principal


class SchedulesController(Controller):
    path = "/api/ibanking/personal/schedule-payments"
    tags = ["scheduled payments"]
    security = [{"bearer": []}]

    @get("/", summary="The customer's scheduled payments")
    async def list_schedules(
        self, schedules: ScheduleService, customer: Principal
    ) -> list[ScheduledPaymentOut]:
        return [schedule_out(r) for r in await schedules.for_customer(customer.user)]

    @get("/{schedule_uuid:str}", summary="One scheduled payment", opt=refuses(404))
    async def get_schedule(
        self,
        schedules: ScheduleService,
        customer: Principal,
        schedule_uuid: Annotated[str, TextPath(64)],
    ) -> ScheduledPaymentOut:
        return schedule_out(await schedules.get(customer.user, schedule_uuid))

    async def _create(
        self, schedules: ScheduleService, customer: Principal, transfer_type: str, data: TransferIn
    ) -> list[ScheduledPaymentOut]:
        rows, _ = await schedules.create(customer.user, transfer_type, data, customer.device_id)
        return [schedule_out(r) for r in rows]

    @post(
        "/intrabank",
        status_code=201,
        summary="Schedule a Kobo transfer; sends a code",
        opt=refuses(404, 429),
    )
    async def intrabank(
        self, schedules: ScheduleService, customer: Principal, data: TransferIn
    ) -> list[ScheduledPaymentOut]:
        return await self._create(schedules, customer, TransferType.INTRA_BANK, data)

    @post(
        "/interbank",
        status_code=201,
        summary="Schedule a transfer to another bank",
        opt=refuses(404, 429),
    )
    async def interbank(
        self, schedules: ScheduleService, customer: Principal, data: TransferIn
    ) -> list[ScheduledPaymentOut]:
        return await self._create(schedules, customer, TransferType.OTHER_BANK, data)

    @post(
        "/own",
        status_code=201,
        summary="Schedule a transfer between own accounts",
        opt=refuses(404, 429),
    )
    async def own(
        self, schedules: ScheduleService, customer: Principal, data: TransferIn
    ) -> list[ScheduledPaymentOut]:
        return await self._create(schedules, customer, TransferType.OWN_ACCOUNT, data)

    @post(
        "/bulk",
        status_code=201,
        summary="Schedule a bulk transfer (one reference)",
        opt=refuses(404, 429),
    )
    async def bulk(
        self, schedules: ScheduleService, customer: Principal, data: BulkScheduleIn
    ) -> list[ScheduledPaymentOut]:
        rows, _ = await schedules.create_bulk(
            customer.user,
            data.bulk_schedule_transfer,
            data.schedule_payment_setting,
            customer.device_id,
        )
        return [schedule_out(r) for r in rows]

    @patch(
        "/approve",
        status_code=200,
        summary="Approve with the code or a passkey; nothing runs before",
        opt=refuses(404, 429),
    )
    async def approve(
        self, schedules: ScheduleService, customer: Principal, data: ApproveIn
    ) -> MessageOut:
        one_proof(data.otp, data.passkey)
        await schedules.approve(customer.user, data.reference_number, data.otp, data.passkey)
        return MessageOut(message="Scheduled Payment Approved")

    @post(
        "/passkey-options",
        status_code=200,
        summary="Approve with a passkey, step 1: options bound to this reference's payments",
        opt=refuses(404),
    )
    async def passkey_options(
        self, schedules: ScheduleService, customer: Principal, data: ScheduleRefIn
    ) -> PasskeyOptionsOut:
        options = await schedules.passkey_options(customer.user, data.reference_number)
        return PasskeyOptionsOut(options=options)

    @put(
        "/edit",
        status_code=200,
        summary="Edit a pending one; it then needs approving again",
        opt=refuses(404, 409, 429),
    )
    async def edit(
        self, schedules: ScheduleService, customer: Principal, data: EditIn
    ) -> EditedOut:
        row, _ = await schedules.edit(customer.user, data)
        return EditedOut(
            message="Scheduled payment edited successfully",
            approval_required=True,
            two_factor_authentication=customer.user.two_factor,
            scheduled_payment=schedule_out(row),
        )
