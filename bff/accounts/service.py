"""Accounts and the dashboard summary, read from the core for the signed-in customer."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from bff.accounts.schemas import (
    AccountOut,
    ClientSummaryOut,
    RecentTransaction,
    WeeklyTransactionSummary,
)
from bff.auth.models import User
from bff.core_client import CoreAccount, CoreClient, CoreStatementLine, CoreUnavailable
from bff.db import utcnow
from bff.errors import NotFound, ServiceUnavailable
from bff.money import kobo_to_naira
from bff.timefmt import display_datetime

CORE_DOWN = "We could not reach your accounts right now. Please try again shortly."
RECENT_COUNT = 10


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
    def __init__(self, core: CoreClient) -> None:
        self.core = core

    async def _core_accounts(self, user: User) -> list[CoreAccount]:
        assert user.customer_id is not None  # guaranteed by the `customer` dependency
        try:
            return await self.core.customer_accounts(user.customer_id)
        except CoreUnavailable as exc:
            raise ServiceUnavailable(CORE_DOWN) from exc

    async def accounts(self, user: User) -> list[AccountOut]:
        return [account_out(a) for a in await self._core_accounts(user)]

    async def account(self, user: User, account_number: str) -> AccountOut:
        for account in await self._core_accounts(user):
            if account.account_number == account_number:
                return account_out(account)
        # The same answer for another customer's account and for no account at all.
        raise NotFound("Account not found")

    async def client_summary(self, user: User) -> ClientSummaryOut:
        accounts = await self._core_accounts(user)
        week_ago = utcnow() - timedelta(days=7)
        try:
            statements = await asyncio.gather(
                *(self.core.statement(a.account_number, limit=200) for a in accounts)
            )
        except CoreUnavailable as exc:
            raise ServiceUnavailable(CORE_DOWN) from exc
        lines: list[tuple[CoreAccount, CoreStatementLine]] = [
            (account, line)
            for account, statement in zip(accounts, statements, strict=True)
            for line in statement
        ]
        this_week = [(a, line) for a, line in lines if line.posted_at >= week_ago]
        lines.sort(key=lambda pair: pair[1].posted_at, reverse=True)
        full_name = f"{user.first_name} {user.last_name}"
        return ClientSummaryOut(
            accounts=[account_out(a) for a in accounts],
            total_current_balance=kobo_to_naira(sum(a.ledger_balance_kobo for a in accounts)),
            total_available_balance=kobo_to_naira(sum(a.available_balance_kobo for a in accounts)),
            weekly_transaction_summary=WeeklyTransactionSummary(
                # Failed and pending transfers live in the BFF (transfers, issue 5).
                failed_transactions=0,
                pending_transactions=0,
                completed_transactions=len(this_week),
                inwards=kobo_to_naira(
                    sum(ln.amount_kobo for _, ln in this_week if ln.amount_kobo > 0)
                ),
                outwards=kobo_to_naira(
                    -sum(ln.amount_kobo for _, ln in this_week if ln.amount_kobo < 0)
                ),
            ),
            recent_transactions=[
                _recent(account, line, full_name) for account, line in lines[:RECENT_COUNT]
            ],
            scheduled_payments=[],
        )


def _recent(account: CoreAccount, line: CoreStatementLine, customer_name: str) -> RecentTransaction:
    credit = line.amount_kobo > 0
    return RecentTransaction(
        amount=kobo_to_naira(abs(line.amount_kobo)),
        date=display_datetime(line.posted_at),
        transaction_type="CREDIT" if credit else "DEBIT",
        beneficiary_account=(
            account.account_number
            if credit
            else line.counterparty_number or line.counterparty_name or ""
        ),
        sender=(line.counterparty_name or "") if credit else customer_name,
        status="COMPLETED",
        narration=line.narration,
    )
