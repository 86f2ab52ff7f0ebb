"""Scheduled payments: creating, approving with a code, editing, and running each due date
exactly once (even with several BFF processes and restarts).

A run claims its schedule with a lease (taken with FOR UPDATE SKIP LOCKED on PostgreSQL) and
then inserts a ScheduledRun row keyed (schedule, due date): if that insert conflicts, the date
already ran, and nothing happens. Only then is the transfer made, through the live transfer
path.
"""

from __future__ import annotations

import logging
import secrets
import uuid
from collections.abc import Sequence
from datetime import date, timedelta
from typing import Any

from sqlalchemy import or_, select, update
from sqlalchemy.exc import IntegrityError

from bff import banks
from bff.auth.codes import OneTimeCodes
from bff.clock import BankClock
from bff.core_client import CoreClient
from bff.dates import DATE, LAGOS, format_date
from bff.db import Database, utcnow
from bff.errors import AppError, Conflict, FieldErrors, NotFound, ValidationFailed
from bff.money import format_naira, kobo_to_naira
from bff.notifications.notifier import Notifier
from bff.notifications.templates import plain_email, sms
from bff.passkeys.schemas import PasskeyAssertionIn
from bff.passkeys.service import Action, PasskeyApprovals, PasskeyService
from bff.schedules.dates import INTERVALS, due_date, parse_date
from bff.schedules.models import ScheduledPayment, ScheduledRun, ScheduleStatus
from bff.schedules.schemas import EditIn
from bff.transfers.models import Status, Transfer, TransferType
from bff.transfers.schemas import BulkTransferRow, SchedulePaymentSetting, TransferIn
from bff.transfers.service import Plan, TransferService
from bff.users.models import User
from bff.users.principal import SessionDevice

log = logging.getLogger(__name__)

LEASE = timedelta(seconds=120)
ONLY_PENDING = "Only pending scheduled payments can be edited"
NOT_FOUND = "Scheduled payment not found"


def _new_reference() -> str:
    return f"SCH{secrets.randbelow(10**10):010d}"


class ScheduleService(PasskeyApprovals):
    def __init__(
        self,
        db: Database,
        core: CoreClient,
        codes: OneTimeCodes,
        transfers: TransferService,
        clock: BankClock,
        notifier: Notifier,
        passkeys: PasskeyService | None = None,
    ) -> None:
        self.db = db
        self.core = core
        self.codes = codes
        self.notifier = notifier
        self.transfers = transfers
        self.clock = clock
        self.passkeys = passkeys

    async def today(self) -> date:
        return (await self.clock.now()).astimezone(LAGOS).date()

    # -- creating -----------------------------------------------------------------------
    async def _timing(self, setting: SchedulePaymentSetting | None) -> tuple[date, str | None, int]:
        setting = setting or SchedulePaymentSetting()
        errors = []
        first = parse_date(setting.schedule_payment_date or "")
        if not setting.schedule_payment_date:
            errors.append({"field": "schedulePaymentDate", "message": "This field is required"})
        elif first is None:
            errors.append({"field": "schedulePaymentDate", "message": "Enter a valid date"})
        elif first < await self.today():
            errors.append(
                {"field": "schedulePaymentDate", "message": "The date cannot be in the past"}
            )
        interval, repeat = None, 1
        if setting.continuous:
            interval = (setting.scheduled_interval or "").upper() or None
            if interval is None:
                errors.append({"field": "scheduledInterval", "message": "This field is required"})
            elif interval not in INTERVALS:
                errors.append(
                    {"field": "scheduledInterval", "message": "Choose DAILY, WEEKLY or MONTHLY"}
                )
            if not setting.repeat_payment:
                errors.append({"field": "repeatPayment", "message": "This field is required"})
            elif not 1 <= setting.repeat_payment <= 120:
                errors.append(
                    {"field": "repeatPayment", "message": "Repeat between 1 and 120 times"}
                )
            else:
                repeat = setting.repeat_payment
        if errors:
            raise FieldErrors(errors)
        assert first is not None
        return first, interval, repeat

    async def _plan(
        self, user: User, transfer_type: str, data: TransferIn | BulkTransferRow
    ) -> Plan:
        own = await self.transfers.accounts.core_accounts(user)
        plan = await self.transfers.plan(user, transfer_type, data, own)
        if transfer_type in TransferType.LIMITED:  # the day's limit applies on the day it runs
            await self.transfers.limits.check(
                user,
                plan.source.account_number,
                transfer_type,
                [plan.amount_kobo],
                Transfer,
                daily=False,
            )
        return plan

    def _row(
        self,
        user: User,
        plan: Plan,
        reference: str,
        first: date,
        interval: str | None,
        repeat: int,
        device_id: int | None = None,
    ) -> ScheduledPayment:
        return ScheduledPayment(
            uuid=str(uuid.uuid4()),
            device_id=device_id,
            user_id=user.id,
            reference_number=reference,
            transfer_type=plan.transfer_type,
            **plan.columns(),
            first_date=first,
            next_date=first,
            interval=interval,
            repeat_payment=repeat,
            status=ScheduleStatus.PENDING,
            approved=False,
        )

    async def create(
        self, user: User, transfer_type: str, data: TransferIn, device_id: int | None = None
    ) -> tuple[list[ScheduledPayment], str]:
        first, interval, repeat = await self._timing(data.schedule_payment_setting)
        plan = await self._plan(user, transfer_type, data)
        row = self._row(user, plan, _new_reference(), first, interval, repeat, device_id)
        async with self.db.transaction() as session:
            session.add(row)
        message = await self.codes.ask_to_confirm(user, _purpose(row.reference_number))
        return [row], message

    async def create_bulk(
        self,
        user: User,
        rows: list[BulkTransferRow],
        setting: SchedulePaymentSetting | None,
        device_id: int | None = None,
    ) -> tuple[list[ScheduledPayment], str]:
        if not rows:
            raise ValidationFailed("Add at least one transfer", field="bulkScheduleTransfer")
        first, interval, repeat = await self._timing(setting)
        reference = _new_reference()
        scheduled = []
        for index, row in enumerate(rows):
            own_code = banks.own_code()
            transfer_type = (
                TransferType.INTRA_BANK
                if (row.destination_bank_code or own_code) == own_code
                else TransferType.OTHER_BANK
            )
            try:
                plan = await self._plan(user, transfer_type, row)
            except AppError as exc:
                raise FieldErrors(
                    [
                        {
                            "field": f"bulkScheduleTransfer[{index}].{e['field']}",
                            "message": e["message"],
                        }
                        for e in (exc.errors or [{"field": "row", "message": exc.message}])
                    ]
                ) from exc
            scheduled.append(self._row(user, plan, reference, first, interval, repeat, device_id))
        async with self.db.transaction() as session:
            session.add_all(scheduled)
        message = await self.codes.ask_to_confirm(user, _purpose(reference))
        return scheduled, message

    @staticmethod
    def _pending(user: User, reference: str) -> Any:
        return (
            select(ScheduledPayment)
            .where(
                ScheduledPayment.user_id == user.id,
                ScheduledPayment.reference_number == reference,
                ScheduledPayment.status == ScheduleStatus.PENDING,
            )
            .order_by(ScheduledPayment.uuid)
        )

    async def passkey_options(self, user: User, reference: str) -> dict[str, Any]:
        """The passkey request options that approve this reference's payments, as they are
        now, and nothing else (an edit after them needs a new approval)."""
        async with self.db.transaction() as session:
            rows = (await session.scalars(self._pending(user, reference))).all()
        if not rows:
            raise NotFound(NOT_FOUND)
        return await self._passkeys().approval_options(user.id, approval_of(reference, rows))

    async def approve(
        self,
        user: User,
        reference: str,
        otp: str | None,
        passkey: PasskeyAssertionIn | None = None,
    ) -> None:
        """With the code, or with a passkey's assertion of these very payments."""
        async with self.db.transaction() as session:
            rows = (await session.scalars(self._pending(user, reference))).all()
        if not rows:
            raise NotFound(NOT_FOUND)
        passkeys = self._passkeys() if passkey is not None else None
        if passkeys is None:
            if otp is None:
                raise ValidationFailed("This field is required", field="otp")
            await self.codes.consume(user.id, _purpose(reference), otp)
        async with self.db.transaction() as session:
            if passkeys is not None and passkey is not None:
                # Against the payments as they are now, with the approval's write.
                now = (await session.scalars(self._pending(user, reference))).all()
                await passkeys.approve_in(session, user.id, approval_of(reference, now), passkey)
            await session.execute(
                update(ScheduledPayment)
                .where(
                    ScheduledPayment.user_id == user.id,
                    ScheduledPayment.reference_number == reference,
                    ScheduledPayment.status == ScheduleStatus.PENDING,
                )
                .values(approved=True, updated_at=utcnow())
            )

    # -- reading and editing ------------------------------------------------------------
    async def for_customer(self, user: User) -> list[ScheduledPayment]:
        async with self.db.transaction() as session:
            return list(
                (
                    await session.scalars(
                        select(ScheduledPayment)
                        .where(ScheduledPayment.user_id == user.id)
                        .order_by(ScheduledPayment.next_date, ScheduledPayment.created_at)
                    )
                ).all()
            )

    async def get(self, user: User, schedule_uuid: str) -> ScheduledPayment:
        async with self.db.transaction() as session:
            row = await session.get(ScheduledPayment, schedule_uuid)
        if row is None or row.user_id != user.id:
            raise NotFound(NOT_FOUND)
        return row

    async def edit(self, user: User, data: EditIn) -> tuple[ScheduledPayment, str]:
        """Edits go back to awaiting approval: a changed payment needs a fresh code."""
        row = await self.get(user, data.uuid)
        if row.status != ScheduleStatus.PENDING or row.runs_done > 0:
            raise Conflict(ONLY_PENDING)
        errors = []
        for field, value in (
            ("sourceAccountNumber", data.source_account_number),
            ("destinationAccountNumber", data.destination_account_number),
            ("amount", data.amount),
            ("description", data.description),
            ("scheduleDate", data.schedule_date),
        ):
            if value in (None, ""):
                errors.append({"field": field, "message": "This field is required"})
        bank_code = (data.destination_bank_code or "").strip()
        if row.transfer_type == TransferType.OTHER_BANK and not bank_code:
            errors.append({"field": "destinationBankCode", "message": "This field is required"})
        if errors:
            raise FieldErrors(errors)
        setting = SchedulePaymentSetting(
            schedule_payment_date=data.schedule_date,
            continuous=bool(data.interval or row.interval),
            scheduled_interval=data.interval or row.interval,
            repeat_payment=data.repeat_payment or row.repeat_payment,
        )
        first, interval, repeat = await self._timing(setting)
        transfer = TransferIn(
            source_account_number=data.source_account_number,
            destination_account_number=data.destination_account_number,
            destination_bank_code=bank_code or banks.own_code(),
            amount=data.amount,
            description=data.description,
        )
        plan = await self._plan(user, row.transfer_type, transfer)
        async with self.db.transaction() as session:
            fresh = await session.get(ScheduledPayment, row.uuid, with_for_update=True)
            assert fresh is not None
            if fresh.status != ScheduleStatus.PENDING or fresh.runs_done > 0:
                raise Conflict(ONLY_PENDING)
            fresh.source_account = plan.source.account_number
            fresh.destination_account = plan.destination_account
            fresh.destination_bank_code = plan.bank_code
            fresh.destination_bank_name = plan.bank_name
            fresh.destination_name = plan.destination_name
            fresh.amount_kobo = plan.amount_kobo
            fresh.description = plan.description
            fresh.first_date = fresh.next_date = first
            fresh.interval, fresh.repeat_payment = interval, repeat
            fresh.approved = False
            fresh.updated_at = utcnow()
            # An edited row of a bulk becomes a payment of its own.
            fresh.reference_number = _new_reference()
            row = fresh
        message = await self.codes.ask_to_confirm(user, _purpose(row.reference_number))
        return row, message

    # -- running ------------------------------------------------------------------------
    async def due(self, limit: int = 50) -> list[str]:
        """Claim the approved schedules due today that nobody holds: the lease is taken and
        checked by the database's clock (Database.lease_now), so a host whose clock runs
        ahead cannot take one another host holds."""
        today = await self.today()
        now = self.db.lease_now()
        async with self.db.transaction() as session:
            query = (
                select(ScheduledPayment.uuid)
                .where(
                    ScheduledPayment.approved.is_(True),
                    ScheduledPayment.status == ScheduleStatus.PENDING,
                    ScheduledPayment.next_date <= today,
                    or_(ScheduledPayment.lease_until.is_(None), ScheduledPayment.lease_until < now),
                )
                .order_by(ScheduledPayment.next_date)
                .limit(limit)
            )
            if not self.db.is_sqlite:
                query = query.with_for_update(skip_locked=True)
            uuids = list((await session.scalars(query)).all())
            if uuids:  # claimed in the same transaction that locked them
                await session.execute(
                    update(ScheduledPayment)
                    .where(ScheduledPayment.uuid.in_(uuids))
                    .values(lease_until=now + LEASE)
                )
        return uuids

    async def run(self, schedule_uuid: str) -> None:
        """Make the transfer for the schedule's current due date, once."""
        async with self.db.transaction() as session:
            row = await session.get(ScheduledPayment, schedule_uuid)
            if row is None or row.status != ScheduleStatus.PENDING or not row.approved:
                return
            due = row.next_date
            user = await session.get(User, row.user_id)
        try:
            async with self.db.transaction() as session:
                session.add(
                    ScheduledRun(schedule_uuid=row.uuid, due_date=due, status=Status.PROCESSING)
                )
        except IntegrityError:
            log.info("schedule %s already ran for %s", schedule_uuid, due)
            await self._advance(schedule_uuid, due)
            return
        assert user is not None
        outcome, message, transfer_id = await self._transfer(user, row)
        async with self.db.transaction() as session:
            await session.execute(
                update(ScheduledRun)
                .where(ScheduledRun.schedule_uuid == schedule_uuid, ScheduledRun.due_date == due)
                .values(status=outcome, message=message, transfer_id=transfer_id)
            )
        if outcome == Status.FAILED:
            async with self.db.transaction() as session:
                await session.execute(
                    update(ScheduledPayment)
                    .where(ScheduledPayment.uuid == schedule_uuid)
                    .values(
                        status=ScheduleStatus.FAILED,
                        failure_reason=message,
                        lease_until=None,
                        updated_at=utcnow(),
                    )
                )
        else:
            await self._advance(schedule_uuid, due)
        await self._tell(user, row, due, outcome, message, transfer_id)

    async def _transfer(
        self, user: User, row: ScheduledPayment
    ) -> tuple[str, str | None, str | None]:
        data = TransferIn(
            source_account_number=row.source_account,
            destination_account_number=row.destination_account,
            destination_bank_code=row.destination_bank_code,
            amount=kobo_to_naira(row.amount_kobo),
            description=row.description,
        )
        try:
            device = (
                None if row.device_id is None else SessionDevice(row.device_id, window_known=False)
            )
            transfer = await self.transfers.run_scheduled(user, row.transfer_type, data, device)
        except AppError as exc:
            return Status.FAILED, exc.message, None
        return transfer.status, transfer.failure_reason, transfer.id

    async def _advance(self, schedule_uuid: str, ran: date) -> None:
        async with self.db.transaction() as session:
            row = await session.get(ScheduledPayment, schedule_uuid, with_for_update=True)
            if row is None or row.next_date != ran:
                return
            row.runs_done += 1
            if row.runs_done >= row.repeat_payment:
                row.status = ScheduleStatus.COMPLETED
            else:
                row.next_date = due_date(row.first_date, row.interval, row.runs_done)
            row.lease_until, row.updated_at = None, utcnow()

    async def _tell(
        self,
        user: User,
        row: ScheduledPayment,
        due: date,
        outcome: str,
        message: str | None,
        transfer_id: str | None,
    ) -> None:
        amount = format_naira(row.amount_kobo)
        # The run's transfer reference is the one its history line and receipt carry.
        ref = f" Ref {transfer_id}." if transfer_id else ""
        day = format_date(due, DATE)
        if outcome == Status.FAILED:
            text = (
                f"Kobo: your scheduled payment {row.reference_number} of {amount} to "
                f"{row.destination_name} due {day} failed. {message or ''}".strip()
                + ref
            )
        else:
            text = (
                f"Kobo: your scheduled payment {row.reference_number} of {amount} to "
                f"{row.destination_name} due {day} was "
                f"{'made' if outcome == Status.COMPLETED else 'sent and is being processed'}.{ref}"
            )
        messages = [plain_email(user.email, "Your Kobo scheduled payment", text)]
        if user.phone_number:
            messages.insert(0, sms(user.phone_number, text))
        await self.notifier.send(messages)


def approval_of(reference: str, rows: Sequence[ScheduledPayment]) -> Action:
    """What a passkey approves of scheduled payments: their reference and, for each, the
    amount in kobo, source, payee (bank, account, name), first date, interval and repeats."""
    details = [
        "|".join(
            (
                str(r.amount_kobo),
                r.source_account,
                r.destination_bank_code,
                r.destination_account,
                r.destination_name,
                r.first_date.isoformat(),
                r.interval or "",
                str(r.repeat_payment),
            )
        )
        for r in rows
    ]
    return Action(key=_purpose(reference), text="\n".join(("SCHEDULE", reference, *details)))


def _purpose(reference: str) -> str:
    return f"SCHEDULE:{reference}"
