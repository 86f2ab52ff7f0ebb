"""The signed-in customer's accounts, read from the core: list, open, disable, balances."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

from bff.accounts.schemas import (
    AccountOut,
    AccountTypeOut,
)
from bff.auth.codes import OneTimeCodes
from bff.core_client import CoreAccount, CoreClient, CoreUnavailable
from bff.dates import start_of_week
from bff.db import Database, utcnow
from bff.errors import Conflict, NotFound, ServiceUnavailable, ValidationFailed
from bff.money import format_naira, kobo_to_naira
from bff.users.models import User
from bff.users.read_cache import Computed, ReadCache, activity_changed

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


@dataclass(frozen=True, slots=True)
class Balances:
    """Money stays in kobo here; naira appear only in the response (bff/money.py)."""

    accounts: list[CoreAccount]
    inwards_kobo: int  # this week
    outwards_kobo: int

    @property
    def ledger_kobo(self) -> int:
        return sum(a.ledger_balance_kobo for a in self.accounts)

    @property
    def available_kobo(self) -> int:
        return sum(a.available_balance_kobo for a in self.accounts)


class AccountsService:
    def __init__(
        self,
        db: Database,
        core: CoreClient,
        codes: OneTimeCodes,
        read_cache: ReadCache | None = None,
    ) -> None:
        self.db = db
        self.core = core
        self.codes = codes
        self.read_cache = read_cache or ReadCache(seconds=0)

    async def core_accounts(self, user: User) -> list[CoreAccount]:
        assert user.customer_id is not None  # guaranteed by the `customer` dependency
        try:
            return await self.core.customer_accounts(user.customer_id)
        except CoreUnavailable as exc:
            raise ServiceUnavailable(CORE_DOWN) from exc

    async def balances(self, user: User) -> Balances:
        """The accounts with this week's money in and out: what the transfer screens show.
        Kept for a moment and refreshed by the customer's own payments, as the dashboard
        (bff/users/read_cache.py)."""
        week_start = start_of_week(utcnow())
        return await self.read_cache.read(
            user, ("balances", week_start), lambda: self._balances(user, week_start)
        )

    async def payer_accounts(self, user: User) -> list[CoreAccount]:
        """The accounts a payment may come from, as the payment screen showed them a moment
        ago (`balances`' kept answer): a payment's initiate asks the core nothing for them.
        Never older than the customer's own last payment, or than `KOBO_READ_CACHE_S` for a
        change from elsewhere; the core still refuses a posting the money or the owner does
        not allow (the posting names the customer)."""
        return (await self.balances(user)).accounts

    async def _balances(self, user: User, week_start: datetime) -> Computed[Balances]:
        assert user.customer_id is not None
        try:
            activity = await self.core.customer_activity(
                user.customer_id, since=week_start, recent=0
            )
        except CoreUnavailable as exc:
            raise ServiceUnavailable(CORE_DOWN) from exc
        balances = Balances(
            activity.accounts, activity.credits_since_kobo, activity.debits_since_kobo
        )
        return Computed(balances, activity.version)

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
        await activity_changed(self.db, user.id)
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
        await activity_changed(self.db, user.id)


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
