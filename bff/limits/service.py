"""Transaction limits: what applies to a payment now (the customer's own limits capped by the
ceiling of their KYC level, `rules.py`), and changing them with a code."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ScalarSelect, func, select

from bff.accounts.service import AccountsService
from bff.audit.events import Event
from bff.audit.notices import SecurityNotices
from bff.audit.service import record
from bff.auth.codes import OneTimeCodes
from bff.config import Settings
from bff.core_client import CoreAccount
from bff.dates import WAT, format_date, start_of_day
from bff.db import Database, utcnow
from bff.errors import FieldErrors, NotFound, ValidationFailed
from bff.limits.models import PendingLimitChange, TransactionLimit
from bff.limits.rules import (
    TRANSFER_TYPE_NAMES,
    TRANSFER_TYPES,
    Applying,
    ceiling_for,
    effective_limits,
    own_limits,
    refusal,
)
from bff.limits.schemas import TransactionLimitIn, TransactionLimitOut
from bff.money import format_naira, kobo_to_naira, naira_to_kobo
from bff.passkeys.schemas import PasskeyAssertionIn
from bff.passkeys.service import Action, PasskeyApprovals, PasskeyService
from bff.payments.lifecycle import Status
from bff.users.models import User

LIMIT_CHANGE_GONE = "This limit change has expired. Please set the limit again."
LIMIT_CHANGE_NOT_FOUND = "Limit change not found"


class LimitsService(PasskeyApprovals):
    def __init__(
        self,
        db: Database,
        config: Settings,
        codes: OneTimeCodes,
        accounts: AccountsService,
        notices: SecurityNotices,
        passkeys: PasskeyService | None = None,
    ) -> None:
        self.db = db
        self.config = config
        self.codes = codes
        self.accounts = accounts
        self.notices = notices
        self.passkeys = passkeys

    async def _active_accounts(self, user: User) -> list[CoreAccount]:
        return [a for a in await self.accounts.core_accounts(user) if a.status == "ACTIVE"]

    async def limits(self, user: User) -> list[TransactionLimitOut]:
        accounts = await self._active_accounts(user)
        async with self.db.transaction() as session:
            stored = {
                (row.nuban, row.transfer_type): row
                for row in (
                    await session.scalars(
                        select(TransactionLimit).where(TransactionLimit.user_id == user.id)
                    )
                ).all()
            }
        ceiling = ceiling_for(user.kyc_level)
        now = utcnow()
        out = []
        for account in accounts:
            for transfer_type in TRANSFER_TYPES:
                row = stored.get((account.account_number, transfer_type))
                daily, single = (
                    in_force(row, now) if row else (ceiling.daily_kobo, ceiling.single_kobo)
                )
                waiting = row is not None and row.raise_from is not None and row.raise_from > now
                out.append(
                    TransactionLimitOut(
                        product_name=f"{account.account_type_name} ({account.account_number})",
                        transfer_type=transfer_type,
                        transfer_type_name=TRANSFER_TYPE_NAMES[transfer_type],
                        daily_limit=kobo_to_naira(daily),
                        limit_per_transaction=kobo_to_naira(single),
                        maximum_daily_limit=kobo_to_naira(ceiling.daily_kobo),
                        maximum_limit_per_transaction=kobo_to_naira(ceiling.single_kobo),
                        nuban=account.account_number,
                        transaction_limit_uuid=row.uuid if row else None,
                        raise_from=format_date(row.raise_from, WAT)
                        if waiting and row and row.raise_from
                        else None,
                        raised_daily_limit=kobo_to_naira(row.raise_daily_kobo or 0)
                        if waiting and row
                        else None,
                        raised_limit_per_transaction=kobo_to_naira(row.raise_single_kobo or 0)
                        if waiting and row
                        else None,
                    )
                )
        return out

    async def applying(
        self,
        user: User,
        nuban: str,
        transfer_type: str,
        payments: Any,
        *conditions: Any,
        also: tuple[Sequence[Any], Mapping[str, Any]] = ((), {}),
    ) -> tuple[Applying, Sequence[Any]]:
        """The limits that apply now to `nuban`'s payments of `transfer_type` (as
        `effective_limits`) and what counts against the daily one: `spent_today` in the
        `payments` table (a payment model) among the rows meeting `conditions`. One
        statement, which also reads the columns `also` (the risk check's, with their
        parameters: no statement more on a payment's path) and gives their values back."""
        own_daily, own_single = own_limits(nuban, transfer_type)
        spent = spent_today(payments, nuban, *conditions)
        columns, params = also
        async with self.db.autocommit() as session:
            statement = select(own_daily, own_single, spent, *columns)
            row = (await session.execute(statement, dict(params))).one()
        daily_kobo, single_kobo = effective_limits(user.kyc_level, row[0], row[1])
        return Applying(daily_kobo, single_kobo, int(row[2] or 0)), tuple(row[3:])

    async def check(
        self,
        user: User,
        nuban: str,
        transfer_type: str,
        amounts: list[int],
        payments: Any,
        *conditions: Any,
        daily: bool = True,
        also: tuple[Sequence[Any], Mapping[str, Any]] = ((), {}),
    ) -> Sequence[Any]:
        """The limit check every payment that leaves a customer passes before its code step
        (transfers, each bulk batch's rows, scheduled payments, bills): refused with 400 on
        the amount field, in the customer's words. Returns the values of `also`."""
        limits, values = await self.applying(
            user, nuban, transfer_type, payments, *conditions, also=also
        )
        sentence = refusal(limits, amounts, daily=daily)
        if sentence is not None:
            raise ValidationFailed(sentence, field="amount")
        return values

    async def request_limit_change(
        self, user: User, data: TransactionLimitIn
    ) -> tuple[PendingLimitChange, str]:
        errors = []
        for field, value in (
            ("dailyTransactionLimit", data.daily_transaction_limit),
            ("singleTransactionLimit", data.single_transaction_limit),
            ("nuban", data.nuban),
        ):
            if value is None or value == "":
                errors.append({"field": field, "message": "This field is required"})
        if errors:
            raise FieldErrors(errors)
        assert data.nuban is not None and data.daily_transaction_limit is not None
        assert data.single_transaction_limit is not None
        daily = naira_to_kobo(data.daily_transaction_limit, "dailyTransactionLimit")
        single = naira_to_kobo(data.single_transaction_limit, "singleTransactionLimit")
        if data.nuban not in {a.account_number for a in await self._active_accounts(user)}:
            raise NotFound("Account not found")
        ceiling = ceiling_for(user.kyc_level)
        if daily > ceiling.daily_kobo:
            raise ValidationFailed(
                f"The daily limit cannot be above {format_naira(ceiling.daily_kobo)} "
                "for your KYC level",
                field="dailyTransactionLimit",
            )
        if single > ceiling.single_kobo:
            raise ValidationFailed(
                f"The amount per transaction cannot be above {format_naira(ceiling.single_kobo)} "
                "for your KYC level",
                field="singleTransactionLimit",
            )
        if single > daily:
            raise ValidationFailed(
                "Maximum amount per transaction cannot exceed the daily limit",
                field="singleTransactionLimit",
            )
        change = PendingLimitChange(
            uuid=str(uuid.uuid4()),
            user_id=user.id,
            nuban=data.nuban,
            transfer_type=data.transfer_type,
            daily_kobo=daily,
            single_kobo=single,
        )
        async with self.db.transaction() as session:
            session.add(change)
        message = await self.codes.ask_to_confirm(user, _limit_purpose(change.uuid))
        return change, message

    async def _open_change(self, user: User, nuban: str, change_uuid: str) -> PendingLimitChange:
        async with self.db.transaction() as session:
            change = await session.get(PendingLimitChange, change_uuid)
        fresh_after = utcnow() - timedelta(seconds=self.config.otp_ttl_s)
        if change is None or change.user_id != user.id or change.nuban != nuban:
            # Another customer's change answers like one that never existed.
            raise NotFound(LIMIT_CHANGE_NOT_FOUND)
        if change.confirmed_at is not None or change.created_at < fresh_after:
            raise ValidationFailed(LIMIT_CHANGE_GONE)
        return change

    async def passkey_options(self, user: User, nuban: str, change_uuid: str) -> dict[str, Any]:
        """The passkey request options that approve these new limits and no others."""
        change = await self._open_change(user, nuban, change_uuid)
        return await self._passkeys().approval_options(user.id, approval_of(change))

    async def confirm_limit_change(
        self,
        user: User,
        nuban: str,
        change_uuid: str,
        otp: str | None,
        passkey: PasskeyAssertionIn | None = None,
    ) -> datetime | None:
        """With the code, or with a passkey's assertion of this very change. Returns when a
        raise takes effect (None: the new limits apply now)."""
        change = await self._open_change(user, nuban, change_uuid)
        passkeys = self._passkeys() if passkey is not None else None
        if passkeys is None:
            if otp is None:
                raise ValidationFailed("This field is required", field="otp")
            await self.codes.consume(user.id, _limit_purpose(change_uuid), otp)
        types = [change.transfer_type] if change.transfer_type else list(TRANSFER_TYPES)
        now = utcnow()
        ceiling = ceiling_for(user.kyc_level)
        raise_from = None
        async with self.db.transaction() as session:
            pending = await session.get(PendingLimitChange, change_uuid, with_for_update=True)
            assert pending is not None
            if pending.confirmed_at is not None:
                return None
            if passkeys is not None and passkey is not None:
                # Used up with the change; a refusal writes nothing.
                await passkeys.approve_in(session, user.id, approval_of(pending), passkey)
            pending.confirmed_at = utcnow()
            record(
                session,
                Event.LIMIT_CHANGED,
                user_id=user.id,
                detail=f"{nuban} {change.transfer_type or 'ALL'}: daily {pending.daily_kobo} "
                f"kobo, single {pending.single_kobo} kobo",
            )
            for transfer_type in types:
                row = await session.scalar(
                    select(TransactionLimit).where(
                        TransactionLimit.nuban == nuban,
                        TransactionLimit.transfer_type == transfer_type,
                    )
                )
                if row is None:
                    row = TransactionLimit(
                        user_id=user.id,
                        nuban=nuban,
                        transfer_type=transfer_type,
                        daily_kobo=ceiling.daily_kobo,
                        single_kobo=ceiling.single_kobo,
                    )
                    session.add(row)
                raise_from = apply_change(row, pending, now, self.config.risk.limit_raise_hours)
        when = "" if raise_from is None else f" from {format_date(raise_from, WAT)}"
        await self.notices.tell(
            user,
            Event.LIMIT_CHANGED,
            f"The transfer limits of account {nuban} were changed to "
            f"{format_naira(pending.daily_kobo)} a day and {format_naira(pending.single_kobo)} "
            f"for a single transfer{when}.",
        )
        return raise_from


def apply_change(
    row: TransactionLimit, change: PendingLimitChange, now: datetime, raise_hours: int
) -> datetime | None:
    """A confirmed change on one row: lower figures apply at once; higher ones wait
    `raise_hours` (the CBN's guidance: a raise someone else made must not pay out at once),
    the lower of old and new applying meanwhile. Returns when a raise applies, or None."""
    current_daily, current_single = in_force(row, now)
    row.updated_at = now
    if change.daily_kobo <= current_daily and change.single_kobo <= current_single:
        row.daily_kobo, row.single_kobo = change.daily_kobo, change.single_kobo
        row.raise_daily_kobo = row.raise_single_kobo = row.raise_from = None
        return None
    row.daily_kobo = min(change.daily_kobo, current_daily)
    row.single_kobo = min(change.single_kobo, current_single)
    row.raise_daily_kobo, row.raise_single_kobo = change.daily_kobo, change.single_kobo
    row.raise_from = now + timedelta(hours=raise_hours)
    return row.raise_from


def in_force(row: TransactionLimit, now: datetime) -> tuple[int, int]:
    """The (daily, single) kobo a stored row sets now: its raise once due."""
    if row.raise_from is not None and row.raise_from <= now:
        assert row.raise_daily_kobo is not None and row.raise_single_kobo is not None
        return row.raise_daily_kobo, row.raise_single_kobo
    return row.daily_kobo, row.single_kobo


def spent_today(payments: Any, source_account: str, *conditions: Any) -> ScalarSelect[Any]:
    """What `source_account` has confirmed today in `payments` (a payment model, its rows
    meeting `conditions`) and not seen fail, in kobo: the sum a daily limit is checked
    against, as a scalar subquery."""
    return (
        select(func.coalesce(func.sum(payments.amount_kobo), 0))
        .where(
            payments.source_account == source_account,
            payments.status.in_(Status.COUNTED),
            payments.confirmed_at >= start_of_day(utcnow()),
            *conditions,
        )
        .scalar_subquery()
    )


def approval_of(change: PendingLimitChange) -> Action:
    """What a passkey approves of a limit change: the change, the account, the transfer type
    (or all) and both new limits in kobo. Other values have another text."""
    return Action(
        key=_limit_purpose(change.uuid),
        text="\n".join(
            (
                "LIMITS",
                change.uuid,
                change.nuban,
                change.transfer_type or "ALL",
                str(change.daily_kobo),
                str(change.single_kobo),
            )
        ),
    )


def _limit_purpose(change_uuid: str) -> str:
    return f"TRANSACTION_LIMIT:{change_uuid}"
