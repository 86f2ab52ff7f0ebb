"""The fraud team's side of the risk check: one queue of held payments and flagged accounts,
soonest deadline first, and their decisions. A held payment is released (it runs) or
cancelled (the money goes back); a flagged account is cleared (the core lets its outflows go
again) or confirmed as a mule (they stay stopped, and its payments are blocked)."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import select

from bff.audit.events import Event
from bff.audit.service import record
from bff.config.risk import RiskSettings
from bff.core_client import CoreClient, CoreRefused, CoreUnavailable
from bff.dates import format_date
from bff.db import Database, utcnow
from bff.errors import Conflict, NotFound, ServiceUnavailable
from bff.money import kobo_to_naira
from bff.risk.models import AccountFlag, FlagState, PaymentReview
from bff.risk.reviews import CORE_DOWN, PaymentReviews
from bff.risk.schemas import RiskQueueItemOut
from bff.risk.sync import RiskFeeds
from bff.users.models import User

DECISIONS = {"clear": "CLEAR", "confirm": "CONFIRM"}
NOT_FLAGGED = "This account has no open flag"


class RiskBackOffice:
    def __init__(
        self,
        db: Database,
        core: CoreClient,
        reviews: PaymentReviews,
        feeds: RiskFeeds,
        settings: RiskSettings,
    ) -> None:
        self.db = db
        self.core = core
        self.reviews = reviews
        self.feeds = feeds
        self.settings = settings

    async def queue(self, open_only: bool = True) -> list[RiskQueueItemOut]:
        now = utcnow()
        items = [payment_item(r, u, now) for r, u in await self.reviews.queue(open_only)]
        query = select(AccountFlag)
        if open_only:
            query = query.where(AccountFlag.state == FlagState.OPEN)
        async with self.db.autocommit() as session:
            flags = (await session.scalars(query)).all()
        items += [self.account_item(flag, now) for flag in flags]
        return sorted(items, key=lambda item: item.deadline)

    async def release(self, agent: User, review_id: int) -> RiskQueueItemOut:
        return await self._item(await self.reviews.release(agent, review_id))

    async def cancel(self, agent: User, review_id: int, reason: str | None) -> RiskQueueItemOut:
        return await self._item(await self.reviews.cancel(agent, review_id, reason))

    async def _item(self, review: PaymentReview) -> RiskQueueItemOut:
        async with self.db.autocommit() as session:
            user = await session.get(User, review.user_id)
        assert user is not None
        return payment_item(review, user, utcnow())

    def account_item(self, flag: AccountFlag, now: datetime) -> RiskQueueItemOut:
        deadline = flag.raised_at + timedelta(hours=self.settings.review_hours)
        return RiskQueueItemOut(
            kind="ACCOUNT",
            id=flag.account_number,
            state=flag.state,
            deadline=deadline.isoformat(),
            overdue=flag.state == FlagState.OPEN and deadline < now,
            customer_name=None,
            account_number=flag.account_number,
            rules=flag.rule,
        )

    async def decide_account(
        self, agent: User, account_number: str, decision: str
    ) -> RiskQueueItemOut:
        """Ask the core to clear or confirm the flag, then copy its answer at once (the
        next payment's check must see it, not wait for the feed)."""
        async with self.db.autocommit() as session:
            flag = await session.get(AccountFlag, account_number)
        if flag is None or flag.state != FlagState.OPEN:
            raise NotFound(NOT_FLAGGED) if flag is None else Conflict(NOT_FLAGGED)
        try:
            answer = await self.core.decide_flag(account_number, DECISIONS[decision])
        except CoreUnavailable as exc:
            raise ServiceUnavailable(CORE_DOWN) from exc
        except CoreRefused as exc:
            raise Conflict(NOT_FLAGGED) from exc
        async with self.db.transaction() as session:
            await self.feeds.copy_flag(session, answer)
            record(
                session,
                Event.PAYMENT_REVIEWED,
                actor_id=agent.id,
                detail=f"account {account_number} {answer.state}",
            )
            decided = await session.get(AccountFlag, account_number)
            assert decided is not None
        return self.account_item(decided, utcnow())


def payment_item(review: PaymentReview, user: User, now: datetime) -> RiskQueueItemOut:
    return RiskQueueItemOut(
        kind="PAYMENT",
        id=str(review.id),
        state=review.state,
        deadline=review.deadline_at.isoformat(),
        overdue=review.state == "OPEN" and review.deadline_at < now,
        customer_name=f"{user.first_name} {user.last_name}",
        account_number=review.source_account,
        rules=review.rules,
        amount=kobo_to_naira(review.amount_kobo),
        payee=review.payee,
        payment_reference=review.payment_id,
        reasons=f"{review.reasons} (held {format_date(review.created_at)})",
    )
