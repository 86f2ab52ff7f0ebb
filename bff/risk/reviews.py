"""Payments held for review: the money reserved, not sent, until the back office releases or
cancels it; one nobody reviewed by its deadline is cancelled and the money returned, never
sent (docs/security.md "Payment fraud").

The order of each step is what keeps money safe whatever fails:
- holding: the payment's stage becomes REVIEW with its review row in one transaction, before
  the core is asked to reserve the money (`REVIEW-<id>`, idempotent). A crash in between
  leaves a PROCESSING payment at stage REVIEW, which the follow-up worker hands back here
  (`resume`), never to the payment's own execution.
- releasing or cancelling: the reservation is voided first (idempotent), then one
  conditional transaction decides (the review must still be OPEN): of a release and a
  cancel at once, one wins. A release then runs the payment as if just confirmed.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, select, update

from bff.audit.events import Event
from bff.audit.service import record
from bff.config.risk import RiskSettings
from bff.core_client import CoreClient, CoreRefused, CoreUnavailable
from bff.dates import WAT, format_date
from bff.db import Database, utcnow
from bff.errors import Conflict, NotFound, ServiceUnavailable, ValidationFailed
from bff.money import format_naira
from bff.notifications.message import Message
from bff.notifications.notifier import Notifier
from bff.notifications.templates import branded_email, sms
from bff.payments.lifecycle import LEASE, Lifecycle, Outcome, Stage, Status
from bff.risk.models import PaymentReview, ReviewState
from bff.users.models import User

log = logging.getLogger(__name__)

REVIEW = "REVIEW"  # the payment's stage while it is held (a `Stage` of its own)
HELD_MESSAGE = (
    "This payment is waiting for a check by our team. The money is reserved in your account "
    "and has not been sent. We will tell you by SMS and e-mail when we decide."
)
EXPIRED = (
    "Cancelled: our team could not check it in time. The money was not sent and is back in "
    "your account. You can send it again."
)
ALREADY_DECIDED = "This payment was already released or cancelled"
CORE_DOWN = "The core banking system did not answer. Nothing changed; try again."


@dataclass(frozen=True, slots=True)
class Reviewed:
    """A kind of payment that can be held: its lifecycle, and how it runs once released."""

    life: Lifecycle[Any]
    run: Callable[[str], Awaitable[Any]]


class PaymentReviews:
    def __init__(
        self, db: Database, core: CoreClient, notifier: Notifier, settings: RiskSettings
    ) -> None:
        self.db = db
        self.core = core
        self.notifier = notifier
        self.settings = settings
        self.kinds: dict[str, Reviewed] = {}

    def register(
        self, kind: str, life: Lifecycle[Any], run: Callable[[str], Awaitable[Any]]
    ) -> None:
        self.kinds[kind] = Reviewed(life, run)

    # -- holding ----------------------------------------------------------------------------
    async def hold(
        self,
        kind: str,
        payment: Any,
        user: User,
        payee: str,
        reasons: list[str],
        rules: str,
        customer_id: str | None,
    ) -> Any:
        """A confirmed payment (PROCESSING, leased by the caller) the risk check held: its
        review opened, its money reserved, the customer told. Returns the payment as it
        ends up (PENDING at stage REVIEW; FAILED when the money could not be reserved)."""
        life = self.kinds[kind].life
        deadline = utcnow() + timedelta(hours=self.settings.review_hours)
        async with self.db.transaction() as session:
            await session.execute(life.update_statement(payment.id, stage=REVIEW))
            session.add(
                PaymentReview(
                    kind=kind,
                    payment_id=payment.id,
                    user_id=user.id,
                    source_account=payment.source_account,
                    amount_kobo=payment.amount_kobo,
                    payee=payee[:250],
                    rules=rules[:200],
                    reasons=" ".join(reasons),
                    deadline_at=deadline,
                )
            )
        return await self.resume(kind, payment.id, customer_id)

    async def resume(self, kind: str, payment_id: str, customer_id: str | None = None) -> Any:
        """Reserve a held payment's money and tell the customer (again safe: the core's hold
        is idempotent, and the customer is told by the statement that makes it PENDING)."""
        life = self.kinds[kind].life
        review = await self._review(payment_id)
        try:
            await self.core.place_hold(
                review.hold_reference,
                review.source_account,
                review.amount_kobo,
                f"Held for review: {review.payee}"[:200],
                customer_id,
            )
        except CoreUnavailable:
            # The worker tries again (the payment stays PROCESSING at stage REVIEW).
            return await life.settle(payment_id)
        except CoreRefused as exc:  # e.g. the money is no longer there: nothing reserved
            return await self._close(
                review, ReviewState.CANCELLED, None, _refused(exc.code), void=False
            )
        async with self.db.transaction() as session:
            changed = await session.execute(
                life.update_statement(
                    payment_id,
                    life.columns.status == Status.PROCESSING,
                    life.columns.stage == REVIEW,
                    status=Status.PENDING,
                    next_attempt_at=None,
                    lease_until=None,
                )
            )
            if changed.rowcount:  # type: ignore[attr-defined]
                user = await session.get(User, review.user_id)
                assert user is not None
                recorded = await self.notifier.record(session, held_messages(user, review))
            else:
                recorded = []
        await self.notifier.deliver(recorded)
        found = await life.get(payment_id)
        assert found is not None
        return found

    # -- deciding ---------------------------------------------------------------------------
    async def release(self, agent: User, review_id: int) -> PaymentReview:
        review = await self._open(review_id)
        life = self.kinds[review.kind].life
        await self._void(review)
        now = utcnow()
        async with self.db.transaction() as session:
            decided = await session.execute(
                update(PaymentReview)
                .where(PaymentReview.id == review.id, PaymentReview.state == ReviewState.OPEN)
                .values(state=ReviewState.RELEASED, decided_at=now, decided_by=agent.id)
            )
            if not decided.rowcount:  # type: ignore[attr-defined]
                raise Conflict(ALREADY_DECIDED)
            # Ready to run, and due at once: if this process stops before running it, the
            # follow-up worker does.
            await session.execute(
                life.update_statement(
                    review.payment_id,
                    life.columns.stage == REVIEW,
                    status=Status.PROCESSING,
                    stage=Stage.NEW,
                    lease_until=self.db.lease_now() + LEASE,
                    next_attempt_at=now,
                )
            )
            record(
                session,
                Event.PAYMENT_REVIEWED,
                user_id=review.user_id,
                actor_id=agent.id,
                detail=f"{review.kind} {review.payment_id} released",
            )
        await self.kinds[review.kind].run(review.payment_id)
        return await self._review(review.payment_id)

    async def cancel(self, agent: User, review_id: int, answer: str | None) -> PaymentReview:
        answer = (answer or "").strip()
        if not answer:
            raise ValidationFailed("Give the customer the reason", field="reason")
        review = await self._open(review_id)
        await self._void(review)
        await self._close(review, ReviewState.CANCELLED, agent, answer)
        return await self._review(review.payment_id)

    async def expire_due(self, now: datetime | None = None) -> int:
        """Cancel every held payment past its deadline; the money goes back, never out."""
        now = now or utcnow()
        async with self.db.transaction() as session:
            due = (
                await session.scalars(
                    select(PaymentReview)
                    .where(
                        PaymentReview.state == ReviewState.OPEN,
                        PaymentReview.deadline_at <= now,
                    )
                    .order_by(PaymentReview.deadline_at)
                    .limit(50)
                )
            ).all()
        expired = 0
        for review in due:
            try:
                await self._void(review)
                await self._close(review, ReviewState.EXPIRED, None, EXPIRED)
                expired += 1
            except (ServiceUnavailable, Conflict):  # the core is away, or decided meanwhile
                log.info("held payment %s not expired this pass", review.payment_id)
        return expired

    # -- reading ----------------------------------------------------------------------------
    async def queue(self, open_only: bool = True) -> list[tuple[PaymentReview, User]]:
        """Soonest (or most overdue) deadline first."""
        query = select(PaymentReview, User).join(User, User.id == PaymentReview.user_id)
        if open_only:
            query = query.where(PaymentReview.state == ReviewState.OPEN)
        async with self.db.transaction() as session:
            rows = await session.execute(query.order_by(PaymentReview.deadline_at))
            return [(review, user) for review, user in rows.all()]

    async def counts(self, now: datetime | None = None) -> tuple[int, int]:
        """(held, past their deadline): the metrics kobo_payments_held and
        kobo_payments_held_past_deadline."""
        now = now or utcnow()
        is_open = PaymentReview.state == ReviewState.OPEN
        async with self.db.autocommit() as session:
            held, late = (
                await session.execute(
                    select(
                        select(func.count()).where(is_open).scalar_subquery(),
                        select(func.count())
                        .where(is_open, PaymentReview.deadline_at <= now)
                        .scalar_subquery(),
                    )
                )
            ).one()
        return int(held), int(late)

    # -- inside -----------------------------------------------------------------------------
    async def _review(self, payment_id: str) -> PaymentReview:
        async with self.db.autocommit() as session:
            review = await session.scalar(
                select(PaymentReview).where(PaymentReview.payment_id == payment_id)
            )
        if review is None:
            raise NotFound("Held payment not found")
        return review

    async def _open(self, review_id: int) -> PaymentReview:
        async with self.db.autocommit() as session:
            review = await session.get(PaymentReview, review_id)
        if review is None:
            raise NotFound("Held payment not found")
        if review.state != ReviewState.OPEN:
            raise Conflict(ALREADY_DECIDED)
        return review

    async def _void(self, review: PaymentReview) -> None:
        try:
            await self.core.void_hold(
                review.hold_reference, review.source_account, review.amount_kobo
            )
        except CoreUnavailable as exc:
            raise ServiceUnavailable(CORE_DOWN) from exc
        except CoreRefused as exc:
            log.info("void of %s refused (%s): nothing was held", review.hold_reference, exc.code)

    async def _close(
        self,
        review: PaymentReview,
        state: str,
        agent: User | None,
        told: str,
        void: bool = True,
    ) -> Any:
        """The review decided (still OPEN, or Conflict), the payment FAILED with what the
        customer is told, and the SMS and e-mail: one transaction. `void`: the money had
        been reserved (and the caller voided it)."""
        life = self.kinds[review.kind].life
        now = utcnow()
        async with self.db.transaction() as session:
            decided = await session.execute(
                update(PaymentReview)
                .where(PaymentReview.id == review.id, PaymentReview.state == ReviewState.OPEN)
                .values(
                    state=state,
                    decided_at=now,
                    decided_by=agent.id if agent else None,
                    answer=told,
                )
            )
            if not decided.rowcount:  # type: ignore[attr-defined]
                raise Conflict(ALREADY_DECIDED)
            outcome = Outcome(Status.FAILED, None, told, stage=Stage.REVERSED if void else None)
            await session.execute(
                life.finish_statement(review.payment_id, outcome, lease_until=None)
            )
            if agent is not None:
                record(
                    session,
                    Event.PAYMENT_REVIEWED,
                    user_id=review.user_id,
                    actor_id=agent.id,
                    detail=f"{review.kind} {review.payment_id} cancelled",
                )
            user = await session.get(User, review.user_id)
            assert user is not None
            recorded = await self.notifier.record(session, closed_messages(user, review, told))
        await self.notifier.deliver(recorded)
        return await life.get(review.payment_id)


def _refused(code: str | None) -> str:
    if code == "51":
        return "Cancelled: there was not enough money in your account to reserve it."
    return "Cancelled: the money could not be reserved in your account. It was not sent."


def held_messages(user: User, review: PaymentReview) -> list[Message]:
    what = f"Your payment of {format_naira(review.amount_kobo)} to {review.payee}"
    deadline = format_date(review.deadline_at, WAT)
    told = (
        f"{what} is waiting for a check by our team. The money is reserved in your account "
        f"and has not been sent. We will decide by {deadline}; if we have not, it is "
        "cancelled and the money is yours again."
    )
    messages = [
        branded_email(
            user.email,
            "A payment is waiting for our check",
            "Your payment is waiting for our check",
            [told, review.reasons, "If you did not make this payment, call us at once."],
            [("Amount", format_naira(review.amount_kobo)), ("To", review.payee)],
        )
    ]
    if user.phone_number:
        messages.append(
            sms(
                user.phone_number,
                f"Kobo: {what} is held for a check; not sent yet. Not you? Call us at once.",
            )
        )
    return messages


def closed_messages(user: User, review: PaymentReview, told: str) -> list[Message]:
    what = f"Your payment of {format_naira(review.amount_kobo)} to {review.payee}"
    messages = [
        branded_email(
            user.email,
            "Your held payment was cancelled",
            "Your held payment was cancelled",
            [f"{what}: {told}"],
            [("Amount", format_naira(review.amount_kobo)), ("To", review.payee)],
        )
    ]
    if user.phone_number:
        messages.append(sms(user.phone_number, f"Kobo: {what} was cancelled; not sent."))
    return messages
