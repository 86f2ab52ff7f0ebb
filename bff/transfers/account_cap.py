"""The new-account cap (the CBN's instant-payments guidance, March 2026): an account opened in
the last `KOBO_RISK_NEW_ACCOUNT_HOURS` (24) may send at most `KOBO_RISK_NEW_ACCOUNT_CAP_KOBO`
(₦20,000) to other people in that time. It sits beside the new-device cap (device_cap.py),
with the same kind of notice on the transfer form and the same kind of refusal."""

from __future__ import annotations

from datetime import datetime, timedelta

from litestar import Controller, get
from sqlalchemy import func, select

from bff.accounts.service import AccountsService
from bff.config.risk import RiskSettings
from bff.core_client import CoreAccount
from bff.db import Database, utcnow
from bff.errors import ValidationFailed
from bff.money import format_naira_brief, kobo_to_naira
from bff.payments.lifecycle import Status
from bff.transfers.device_cap import Cap, until_text
from bff.transfers.models import Transfer, TransferType
from bff.transfers.schemas import AccountCapOut
from bff.users.principal import Principal


def account_cap_notice(account: str, cap: Cap, now: datetime) -> str:
    limit, left = format_naira_brief(cap.limit_kobo), format_naira_brief(cap.left_kobo)
    return (
        f"Account {account} is new: until {until_text(cap.until, now)} (West Africa Time) it "
        f"can send up to {limit} ({left} left)."
    )


def account_cap_refusal(account: str, cap: Cap, now: datetime) -> str:
    limit, left = format_naira_brief(cap.limit_kobo), format_naira_brief(cap.left_kobo)
    return (
        f"Account {account} is new, so until {until_text(cap.until, now)} (West Africa Time) "
        f"it can send up to {limit}, and {left} is left. Send less, or send from an older "
        "account."
    )


class NewAccountCap:
    def __init__(self, db: Database, settings: RiskSettings) -> None:
        self.db = db
        self.settings = settings

    def window_end(self, account: CoreAccount) -> datetime | None:
        """When the account's cap ends; None: it is not new (or there is no cap)."""
        if self.settings.new_account_cap_kobo <= 0:
            return None
        until = account.opened_at + timedelta(hours=self.settings.new_account_hours)
        return until if until > utcnow() else None

    async def cap(self, account: CoreAccount) -> Cap | None:
        """The cap on this account now, with what it sent since it opened; None: not new.
        An account past its first day costs no statement."""
        until = self.window_end(account)
        if until is None:
            return None
        spent = await self._spent(account.account_number, account.opened_at)
        return Cap(self.settings.new_account_cap_kobo, spent, until)

    async def _spent(self, account_number: str, opened_at: datetime) -> int:
        async with self.db.autocommit() as session:
            spent = await session.scalar(
                select(func.coalesce(func.sum(Transfer.amount_kobo), 0)).where(
                    Transfer.source_account == account_number,
                    Transfer.transfer_type.in_(TransferType.LIMITED),
                    Transfer.status.in_(Status.COUNTED),
                    Transfer.confirmed_at >= opened_at,
                )
            )
        return int(spent or 0)

    async def over_cap(self, transfer: Transfer) -> str | None:
        """After `transfer` has its start committed (what was sent includes it): the refusal
        when its account, new when it was made, is now over its cap; else None. Two transfers
        made before either was confirmed are each within the cap alone, not together."""
        until = transfer.account_cap_until
        if until is None or until <= utcnow() or self.settings.new_account_cap_kobo <= 0:
            return None
        opened_at = until - timedelta(hours=self.settings.new_account_hours)
        spent = await self._spent(transfer.source_account, opened_at)
        limit = self.settings.new_account_cap_kobo
        if spent <= limit:
            return None
        # What was left without this transfer, for the customer's sentence.
        before = Cap(limit, max(spent - transfer.amount_kobo, 0), until)
        return account_cap_refusal(transfer.source_account, before, utcnow())

    async def check(self, account: CoreAccount, amount_kobo: int) -> None:
        """Refuse (400, field `amount`) what would take a new account over its cap."""
        cap = await self.cap(account)
        if cap is not None and cap.spent_kobo + amount_kobo > cap.limit_kobo:
            raise ValidationFailed(
                account_cap_refusal(account.account_number, cap, utcnow()), field="amount"
            )


class NewAccountCapController(Controller):
    path = "/api/transfer"
    tags = ["transfers"]
    security = [{"bearer": []}]

    @get("/new-account-caps", summary="The customer's accounts still under the new-account cap")
    async def new_account_caps(
        self, account_cap: NewAccountCap, accounts: AccountsService, customer: Principal
    ) -> list[AccountCapOut]:
        out = []
        now = utcnow()
        for account in await accounts.payer_accounts(customer.user):
            cap = await account_cap.cap(account)
            if cap is not None:
                out.append(
                    AccountCapOut(
                        account_number=account.account_number,
                        limit=kobo_to_naira(cap.limit_kobo),
                        left=kobo_to_naira(cap.left_kobo),
                        ends_at=cap.until.isoformat(),
                        message=account_cap_notice(account.account_number, cap, now),
                    )
                )
        return out
