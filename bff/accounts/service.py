"""Accounts and the dashboard summary, read from the core for the signed-in customer."""

from __future__ import annotations

import asyncio
import uuid
from datetime import datetime

from sqlalchemy import select

from bff.accounts.schemas import (
    AccountOut,
    AccountTypeOut,
    ClientSummaryOut,
    DashboardScheduledPayment,
    RecentTransaction,
    WeeklyTransactionSummary,
)
from bff.auth.codes import OneTimeCodes
from bff.auth.models import User
from bff.core_client import CoreAccount, CoreClient, CoreUnavailable
from bff.core_client.schemas import CoreAccountLine
from bff.db import Database, utcnow
from bff.errors import Conflict, NotFound, ServiceUnavailable, ValidationFailed
from bff.history.presentation import (
    Records,
    customer_facing_account,
    load_records_of,
    present_core_line,
    present_unsettled,
)
from bff.money import format_naira, kobo_to_naira
from bff.schedules.models import ScheduledPayment, ScheduleStatus
from bff.timefmt import display_datetime, start_of_week
from bff.transfers.models import Status, Transfer

CORE_DOWN = "We could not reach your accounts right now. Please try again shortly."
RECENT_COUNT = 10
SCHEDULED_COUNT = 5
MAX_ACTIVE_ACCOUNTS = 10


def account_out(account: CoreAccount) -> AccountOut:
    return AccountOut(
        account_number=account.account_number,
        account_name=account.account_name,
        account_type_id=account.account_type_id,
        account_type_name=account.account_type_name or "Account",
        available_balance=kobo_to_naira(account.available_balance_kobo),
        ledger_balance=kobo_to_naira(account.ledger_balance_kobo),
        currency=account.currency,
        status=account.status,
    )


class AccountsService:
    def __init__(self, db: Database, core: CoreClient, codes: OneTimeCodes) -> None:
        self.db = db
        self.core = core
        self.codes = codes

    async def core_accounts(self, user: User) -> list[CoreAccount]:
        assert user.customer_id is not None  # guaranteed by the `customer` dependency
        try:
            return await self.core.customer_accounts(user.customer_id)
        except CoreUnavailable as exc:
            raise ServiceUnavailable(CORE_DOWN) from exc

    async def accounts(self, user: User) -> list[AccountOut]:
        return [account_out(a) for a in await self.core_accounts(user)]

    async def _own_account(
        self, user: User, account_number: str
    ) -> tuple[CoreAccount, list[CoreAccount]]:
        accounts = await self.core_accounts(user)
        for account in accounts:
            if account.account_number == account_number:
                return account, accounts
        # The same answer for another customer's account and for no account at all.
        raise NotFound("Account not found")

    async def account(self, user: User, account_number: str) -> AccountOut:
        account, _ = await self._own_account(user, account_number)
        return account_out(account)

    async def account_types(self) -> list[AccountTypeOut]:
        try:
            types = await self.core.account_types()
        except CoreUnavailable as exc:
            raise ServiceUnavailable(CORE_DOWN) from exc
        return [AccountTypeOut(id=t.id, name=t.name) for t in types]

    async def open_account(self, user: User, account_type_id: int) -> AccountOut:
        assert user.customer_id is not None
        if account_type_id not in {t.id for t in await self.account_types()}:
            raise ValidationFailed("Choose a valid account type", field="accountTypeId")
        active = [a for a in await self.core_accounts(user) if a.status == "ACTIVE"]
        if len(active) >= MAX_ACTIVE_ACCOUNTS:
            raise Conflict(f"You can have at most {MAX_ACTIVE_ACCOUNTS} active accounts")
        try:
            account = await self.core.open_account(
                user.customer_id, account_type_id, f"OPEN-{uuid.uuid4().hex}"
            )
        except CoreUnavailable as exc:
            raise ServiceUnavailable(CORE_DOWN) from exc
        return account_out(account)

    async def request_disable(self, user: User, account_number: str) -> str:
        account, accounts = await self._own_account(user, account_number)
        _check_can_disable(account, accounts)
        return await self.codes.ask_to_confirm(user, _disable_purpose(account_number))

    async def confirm_disable(self, user: User, account_number: str, otp: str) -> None:
        account, accounts = await self._own_account(user, account_number)
        _check_can_disable(account, accounts)
        await self.codes.consume(user.id, _disable_purpose(account_number), otp)
        try:
            await self.core.set_account_status(account_number, "DISABLED")
        except CoreUnavailable as exc:
            raise ServiceUnavailable(CORE_DOWN) from exc

    async def client_summary(self, user: User) -> ClientSummaryOut:
        """One core call (accounts, this week's totals, the newest lines) and one database
        transaction (pending/failed transfers, schedules), concurrently."""
        assert user.customer_id is not None  # guaranteed by the `customer` dependency
        week_start = start_of_week(utcnow())
        try:
            activity, (unsettled, schedules) = await asyncio.gather(
                self.core.customer_activity(
                    user.customer_id, since=week_start, recent=RECENT_COUNT
                ),
                self._bff_activity(user, week_start),
            )
        except CoreUnavailable as exc:
            raise ServiceUnavailable(CORE_DOWN) from exc
        accounts = activity.accounts
        full_name = f"{user.first_name} {user.last_name}"
        async with self.db.reader() as session:
            records = await load_records_of(session, activity.recent)
        recent = [_recent(line, records, full_name) for line in activity.recent]
        # Pending and failed transfers are not in the ledger (yet, or at all): show them too.
        recent += [_recent_transfer(t, full_name) for t in unsettled]
        recent.sort(key=lambda r: _sort_key(r.date), reverse=True)
        return ClientSummaryOut(
            accounts=[account_out(a) for a in accounts],
            total_current_balance=kobo_to_naira(sum(a.ledger_balance_kobo for a in accounts)),
            total_available_balance=kobo_to_naira(sum(a.available_balance_kobo for a in accounts)),
            weekly_transaction_summary=WeeklyTransactionSummary(
                failed_transactions=sum(1 for t in unsettled if t.status == Status.FAILED),
                pending_transactions=sum(1 for t in unsettled if t.status == Status.PENDING),
                completed_transactions=activity.lines_since,
                inwards=kobo_to_naira(activity.credits_since_kobo),
                outwards=kobo_to_naira(activity.debits_since_kobo),
            ),
            recent_transactions=recent[:RECENT_COUNT],
            scheduled_payments=[
                DashboardScheduledPayment(
                    amount=kobo_to_naira(s.amount_kobo),
                    beneficiary_account=s.destination_account,
                    type=s.transfer_type,
                    status=s.status,
                    uuid=s.uuid,
                    schedule_date=s.next_date.strftime("%d-%m-%Y"),
                    beneficiary_name=s.destination_name,
                )
                for s in schedules
            ],
        )

    async def _bff_activity(
        self, user: User, week_start: datetime
    ) -> tuple[list[Transfer], list[ScheduledPayment]]:
        """This week's transfers that are pending or failed, and the next scheduled payments."""
        async with self.db.reader() as session:
            unsettled = (
                await session.scalars(
                    select(Transfer)
                    .where(
                        Transfer.user_id == user.id,
                        Transfer.status.in_((Status.PENDING, Status.FAILED)),
                        Transfer.created_at >= week_start,
                    )
                    .order_by(Transfer.created_at.desc())
                )
            ).all()
            schedules = (
                await session.scalars(
                    select(ScheduledPayment)
                    .where(ScheduledPayment.user_id == user.id)
                    # Upcoming first, then the most recently finished.
                    .order_by(
                        (ScheduledPayment.status != ScheduleStatus.PENDING),
                        ScheduledPayment.next_date,
                    )
                    .limit(SCHEDULED_COUNT)
                )
            ).all()
        return list(unsettled), list(schedules)


def _sort_key(display: str) -> str:
    """dd-mm-yyyy hh:mm:ss -> yyyy-mm-dd hh:mm:ss, which sorts."""
    day, month, rest = display.split("-", 2)
    year, time = rest.split(" ")
    return f"{year}-{month}-{day} {time}"


def _recent_transfer(transfer: Transfer, customer_name: str) -> RecentTransaction:
    shown = present_unsettled(transfer)
    return RecentTransaction(
        amount=kobo_to_naira(transfer.amount_kobo),
        date=display_datetime(transfer.created_at),
        transaction_type="DEBIT",
        beneficiary_account=transfer.destination_account,
        sender=customer_name,
        status="PENDING" if transfer.status == Status.PENDING else "FAILED",
        narration=shown.narration,
        reference_number=shown.reference,
        counterparty_name=shown.counterparty_name,
        counterparty_bank=shown.counterparty_bank,
    )


def _disable_purpose(account_number: str) -> str:
    return f"DISABLE_ACCOUNT:{account_number}"


def _check_can_disable(account: CoreAccount, accounts: list[CoreAccount]) -> None:
    """Kobo's rules (the contract is silent): money is never stranded in a disabled account, and a
    customer always keeps one active account to receive money into."""
    if account.status != "ACTIVE":
        raise Conflict("This account is already disabled")
    if account.ledger_balance_kobo != 0 or account.available_balance_kobo != 0:
        raise Conflict(
            "Move the money out of this account before disabling it: "
            f"its balance is {format_naira(account.ledger_balance_kobo)}"
        )
    if sum(1 for a in accounts if a.status == "ACTIVE") <= 1:
        raise Conflict("You cannot disable your only active account")


def _recent(line: CoreAccountLine, records: Records, customer_name: str) -> RecentTransaction:
    shown = present_core_line(line, records)
    credit = line.amount_kobo > 0
    record = records.get(shown.reference)
    paid_to = (
        record.destination_account
        if isinstance(record, Transfer)
        else customer_facing_account(line.counterparty_number)
    )
    return RecentTransaction(
        amount=kobo_to_naira(abs(line.amount_kobo)),
        date=display_datetime(line.posted_at),
        transaction_type="CREDIT" if credit else "DEBIT",
        # A settlement account is the bank's business: the account paid, where known.
        beneficiary_account=line.account_number if credit else paid_to or "",
        sender=(shown.counterparty_name or "") if credit else customer_name,
        status="COMPLETED",
        narration=shown.narration,
        reference_number=shown.reference,
        counterparty_name=shown.counterparty_name,
        counterparty_bank=shown.counterparty_bank,
    )
