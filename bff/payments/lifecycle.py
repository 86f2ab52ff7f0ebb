"""What every confirmed payment (a transfer, a bill vend) goes through, written once.

A payment row carries the columns of `PaymentState`. `Lifecycle` moves it between states
with conditional UPDATEs: exactly one caller starts it, one at a time works on it (a lease),
a final state is never left.

The calls go one way: a payment service asks `Lifecycle.drive` to run one of its payments,
handing it a `DirectPayment` (one core posting) or a `HeldPayment` (a payment that leaves
the bank through an outside party: NIP switch, biller). Those two only call the core; they
never call back into the service or the lifecycle. For a held payment `run_held` is the
pipeline: hold the customer's money, send, and — once sent — only ever query, until a final
answer settles or releases the hold.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

import msgspec
from sqlalchemy import (
    BigInteger,
    Integer,
    Select,
    String,
    Table,
    Text,
    Update,
    bindparam,
    or_,
    select,
    update,
)
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from bff.auth.codes import OneTimeCodes, OpenChallenge, wrong_code
from bff.core_client import CorePosting, CoreRefused, CoreUnavailable
from bff.db import Database, UTCDateTime, utcnow
from bff.errors import NotFound, ValidationFailed
from bff.notifications.outbox import add_posting_alert, posting_alert_params, with_posting_alert

log = logging.getLogger(__name__)


class Status:
    AWAITING_OTP = "AWAITING_OTP"
    PROCESSING = "PROCESSING"
    PENDING = "PENDING"
    COMPLETED = "COMPLETED"
    FAILED = "FAILED"
    FINAL = (COMPLETED, FAILED)
    # Confirmed and not seen to fail: what counts against a daily limit (bff/limits).
    COUNTED = (PROCESSING, PENDING, COMPLETED)


class Stage:
    """How far a held payment got, so a re-run resumes instead of repeating."""

    NEW = "NEW"
    HELD = "HELD"  # the customer's money is reserved by a hold
    SENT = "SENT"  # sent to the outside party at least once: from now on query, never resend
    SETTLED = "SETTLED"
    REVERSED = "REVERSED"


LEASE = timedelta(seconds=60)
BACKOFF_S = (2, 5, 10, 20, 30, 60, 120, 300, 600)
IN_PROGRESS_CODES = ("09", "01", "97")
NEVER_RECEIVED = "25"


class PaymentState:
    """Columns every payment row has (mixed into the SQLAlchemy models)."""

    status: Mapped[str] = mapped_column(String(14), default=Status.AWAITING_OTP)
    stage: Mapped[str] = mapped_column(String(10), default=Stage.NEW)
    response_code: Mapped[str | None] = mapped_column(String(4))
    failure_reason: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    confirmed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # Background follow-up (status queries, recovery after a crash).
    next_attempt_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    # Whoever holds an unexpired lease is the only one working on this payment.
    lease_until: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # Set once the customer was told the final outcome of a payment that went pending.
    notified_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class PaymentInstruction:
    """What the customer asked to pay, as a transfer and a scheduled payment both keep it
    (mixed into their models): the kind, the two accounts, the payee as the name inquiry
    gave it, the amount in kobo and the narration."""

    transfer_type: Mapped[str] = mapped_column(String(12))  # INTRA_BANK, OWN_ACCOUNT, OTHER_BANK
    source_account: Mapped[str] = mapped_column(String(10))
    destination_account: Mapped[str] = mapped_column(String(10))
    destination_bank_code: Mapped[str] = mapped_column(String(6))
    destination_bank_name: Mapped[str] = mapped_column(String(120))
    destination_name: Mapped[str] = mapped_column(String(120))
    amount_kobo: Mapped[int] = mapped_column(BigInteger)
    description: Mapped[str] = mapped_column(String(200))


M = TypeVar("M", bound=Any)


@dataclass(frozen=True, slots=True)
class Outcome:
    """A payment's answer, as `Lifecycle.drive` records it in the statement that gives up
    the lease; PENDING (not final) is recorded as waiting for the background follow-up."""

    status: str
    code: str | None
    reason: str | None
    # The core's posting of a completed payment, as its answer carried it: the alert is
    # written from it, without reading it back from the core.
    posting: CorePosting | None = None
    # A held payment's last stage (SETTLED, REVERSED), recorded in the same statement.
    stage: str | None = None


@runtime_checkable
class DirectPayment(Protocol):
    """A payment the core makes in one posting (a transfer to a Kobo account)."""

    async def post(self) -> Outcome:
        """Ask the core once; the answer, final or PENDING."""
        ...


class HeldPayment(Protocol):
    """A payment that leaves the bank through an outside party (NIP switch, biller), as
    `run_held` drives it. Each call must be idempotent on the payment's id."""

    async def hold(self) -> None:
        """Reserve the customer's money (refused: `CoreRefused`)."""
        ...

    async def send(self) -> str:
        """Send it to the outside party; the response code."""
        ...

    async def query(self) -> str:
        """Ask the outside party how a sent payment ended; the response code."""
        ...

    async def settle(self) -> CorePosting | None:
        """Post the hold to the settlement account; the core's posting (None: posted by an
        earlier try)."""
        ...

    async def release(self) -> None:
        """Void the hold: the money goes back to the customer."""
        ...

    def failure_message(self, code: str | None) -> str:
        """What the customer reads of a failure with this response code."""
        ...


class Lifecycle(Generic[M]):
    """Each method is one unit of work. Those that are one statement run in
    `Database.autocommit()`: a conditional UPDATE is atomic by itself."""

    def __init__(self, db: Database, model: type[M], alert: str | None = None) -> None:
        self.db = db
        self.model = model
        # The statements below that change a payment are plain SQL on its table's columns:
        # an UPDATE on the mapped class goes through the ORM's bulk-update machinery, which
        # cost about 1.4 times the CPU of the same statement on the table (bench/micro.py).
        self.table: Table = model.__table__
        self.columns = self.table.c
        # The payment kind a completed payment's debit/credit alert is recorded under (one
        # outbox row, in the transaction that records the completion); None: no alert.
        self.alert = alert
        # Called after such a commit, so the outbox's delivery starts at once.
        self.alert_recorded: Callable[[], None] = lambda: None
        # `_completion_with_alert`'s statements, by the extra columns they set.
        self._completions: dict[frozenset[str], Select[Any]] = {}
        self._with_challenge: Select[Any] | None = None

    async def get(self, item_id: str) -> M | None:
        async with self.db.autocommit() as session:
            return await session.get(self.model, item_id)

    def update_statement(self, item_id: Any, *conditions: Any, **values: Any) -> Update:
        """`conditions` on `self.columns`, not on the mapped class's attributes: those would
        turn the statement back into an ORM one."""
        return update(self.table).where(self.columns.id == item_id, *conditions).values(**values)

    async def _update_returning(self, session: AsyncSession, statement: Update) -> M | None:
        """Run `statement` and give the payment back as it left the row (None if no row
        matched), made from the RETURNING columns for the caller to read."""
        row = (await session.execute(statement.returning(*self.columns))).first()
        return None if row is None else self.model(**row._mapping)

    async def _update(self, item_id: str, *conditions: Any, **values: Any) -> bool:
        async with self.db.autocommit() as session:
            result = await session.execute(self.update_statement(item_id, *conditions, **values))
        return bool(result.rowcount)  # type: ignore[attr-defined]

    def _start_statement(self, item_id: str) -> Update:
        now = utcnow()
        return self.update_statement(
            item_id,
            self.columns.status == Status.AWAITING_OTP,
            status=Status.PROCESSING,
            confirmed_at=now,
            # The lease by the database's clock (Database.lease_now); when to follow up by
            # this process's: a skewed clock only moves a status query, never lets two
            # processes work on one payment.
            lease_until=self.db.lease_now() + LEASE,
            next_attempt_at=now + LEASE,
        )

    async def start(self, item_id: str) -> bool:
        """AWAITING_OTP → PROCESSING with a lease; True for exactly one caller."""
        async with self.db.autocommit() as session:
            return await self.start_in(session, item_id)

    async def start_in(
        self, session: AsyncSession, item_id: str, code_used: Update | None = None
    ) -> bool:
        """`start` inside the caller's transaction (see `begin_with_code`), with the
        statement that marks its code used: in the same statement on PostgreSQL (a CTE),
        just before it on SQLite, whose CTEs cannot write."""
        start = self._start_statement(item_id)
        if code_used is not None:
            if self.db.is_sqlite:
                await session.execute(code_used)
            else:
                start = start.add_cte(code_used.cte("code_used"))
        result = await session.execute(start)
        return bool(result.rowcount)  # type: ignore[attr-defined]

    async def claim(self, item_id: str) -> bool:
        """Take the lease of a confirmed payment nobody holds (by the database's clock)."""
        now = self.db.lease_now()
        return await self._update(
            item_id,
            self.columns.status.in_((Status.PROCESSING, Status.PENDING)),
            or_(self.columns.lease_until.is_(None), self.columns.lease_until < now),
            lease_until=now + LEASE,
        )

    async def release(self, item_id: str) -> None:
        await self._update(item_id, lease_until=None)

    async def set_stage(self, item_id: str, stage: str) -> str:
        await self._update(item_id, stage=stage)
        return stage

    async def pending(self, item_id: str, code: str | None = None) -> None:
        async with self.db.transaction() as session:
            item = await session.get(self.model, item_id)
            if item is None or item.status in Status.FINAL:
                return
            delay = BACKOFF_S[min(item.attempts, len(BACKOFF_S) - 1)]
            item.status = Status.PENDING
            item.response_code = code or item.response_code
            item.attempts += 1
            item.next_attempt_at = utcnow() + timedelta(seconds=delay)

    def finish_statement(self, item_id: str, outcome: Outcome, **also: Any) -> Update:
        if outcome.stage is not None:
            also["stage"] = outcome.stage
        return self.update_statement(
            item_id,
            self.columns.status.not_in(Status.FINAL),
            status=outcome.status,
            response_code=outcome.code,
            failure_reason=outcome.reason,
            finished_at=utcnow(),
            next_attempt_at=None,
            **also,
        )

    async def finish(
        self,
        item_id: str,
        status: str,
        code: str | None,
        reason: str | None,
        posting: CorePosting | None = None,
    ) -> None:
        if status == Status.COMPLETED and self.alert:
            await self._complete_with_alert(item_id, Outcome(status, code, reason, posting))
            return
        async with self.db.autocommit() as session:
            await session.execute(self.finish_statement(item_id, Outcome(status, code, reason)))

    async def _complete_with_alert(self, item_id: str, outcome: Outcome, **also: Any) -> M | None:
        """Record the completion and its alert together: the alert exists exactly if the
        payment completed, and only the caller whose UPDATE completed it adds one."""
        assert self.alert is not None
        posting = None if outcome.posting is None else msgspec.to_builtins(outcome.posting)
        async with self.db.transaction() as session:
            if self.db.is_sqlite:
                completion = self.finish_statement(item_id, outcome, **also)
                final = await self._update_returning(session, completion)
                if final is not None:
                    await add_posting_alert(session, self.alert, item_id, posting)
            else:  # one statement, built once per shape (every completed payment runs it)
                if outcome.stage is not None:
                    also["stage"] = outcome.stage
                params = {
                    "item_id": item_id,
                    "status": outcome.status,
                    "response_code": outcome.code,
                    "failure_reason": outcome.reason,
                    "finished_at": utcnow(),
                    **also,
                    **posting_alert_params(self.alert, item_id, posting),
                }
                statement = self._completion_with_alert(frozenset(also))
                row = (await session.execute(statement, params)).first()
                final = None if row is None else self.model(**row._mapping)
        if final is not None:
            self.alert_recorded()
        return final

    def payment_with_challenge(self, codes: OneTimeCodes) -> Select[Any]:
        """`begin_with_code`'s read: the code's open challenge (`OneTimeCodes.open_challenge`)
        with the payment, whose row it locks; parameters `user_id`, `purpose`, `item_id`.
        Built once: every confirm runs it."""
        if self._with_challenge is None:
            self._with_challenge = (
                codes.open_challenge(bindparam("user_id"), bindparam("purpose"))
                .add_columns(self.model)
                .join(self.model, self.columns.id == bindparam("item_id"))
                .with_for_update(of=self.table)
            )
        return self._with_challenge

    def _completion_with_alert(self, also: frozenset[str]) -> Select[Any]:
        """`finish_statement` with RETURNING and the alert's row (`with_posting_alert`),
        its values as parameters of the same names: built once per set of `also` columns
        (building it and its cache key per payment was most of its SQLAlchemy time)."""
        built = self._completions.get(also)
        if built is None:
            completion = self.update_statement(
                bindparam("item_id"),
                self.columns.status.not_in(Status.FINAL),
                status=bindparam("status"),
                response_code=bindparam("response_code"),
                failure_reason=bindparam("failure_reason"),
                finished_at=bindparam("finished_at"),
                next_attempt_at=None,
                **{name: bindparam(name) for name in sorted(also)},
            )
            built = with_posting_alert(completion.returning(*self.columns))
            self._completions[also] = built
        return built

    async def mark_notified(self, item_id: str) -> bool:
        """True once: for the caller that gets to tell the customer."""
        return await self._update(item_id, self.columns.notified_at.is_(None), notified_at=utcnow())

    async def due(self, now: datetime | None = None, limit: int = 20) -> list[str]:
        """Payments waiting for a status query or left half-way by a crashed process, free
        of any lease by the database's clock. `now`: as if it were then (tests); `claim`
        still decides by the database's clock."""
        lease_now = now or self.db.lease_now()
        now = now or utcnow()
        async with self.db.transaction() as session:
            query = (
                select(self.model.id)
                .where(
                    self.model.status.in_((Status.PENDING, Status.PROCESSING)),
                    self.model.next_attempt_at <= now,
                    or_(self.model.lease_until.is_(None), self.model.lease_until < lease_now),
                )
                .order_by(self.model.next_attempt_at)
                .limit(limit)
            )
            if not self.db.is_sqlite:
                query = query.with_for_update(skip_locked=True)
            return list((await session.scalars(query)).all())

    async def drive(
        self,
        item_id: str,
        payment_of: Callable[[M], DirectPayment | HeldPayment],
        *,
        leased: bool = False,
        item: M | None = None,
    ) -> M:
        """Run a confirmed payment under a lease, as far as it can go now, and return it as
        it ends up. Safe to call again at any time: a payment that someone else is working
        on, or that is final, is returned as it is; an unreachable outside party leaves it
        PENDING for the background follow-up.

        `payment_of` only builds the payment's outside calls from its row; `drive` makes
        them. `item`: with `leased`, the payment as the caller read it just before starting
        it, which saves reading it again (what the calls use does not change once started)."""
        if not leased and not await self.claim(item_id):
            current = await self.get(item_id)
            assert current is not None
            return current
        if item is None or not leased:
            item = await self.get(item_id)
        assert item is not None
        outcome = None
        try:
            try:
                if item.status not in Status.FINAL:
                    outcome = await self._go(item, payment_of(item))
            except CoreUnavailable as exc:
                log.info("%s %s waits for an outside party: %s", self.model.__name__, item_id, exc)
                await self.pending(item_id)
        except BaseException:
            await self.release(item_id)
            raise
        return await self.settle(item_id, outcome)

    async def _go(self, item: M, payment: DirectPayment | HeldPayment) -> Outcome | None:
        """One go at the payment: its final answer, or None once recorded as pending."""
        if isinstance(payment, DirectPayment):
            outcome: Outcome | None = await payment.post()
        else:
            outcome = await run_held(self, item.id, item.stage, payment, item.attempts > 0)
        if outcome is not None and outcome.status == Status.PENDING:
            await self.pending(item.id, outcome.code)
            return None
        return outcome

    async def settle(self, item_id: str, outcome: Outcome | None = None) -> M:
        """Give up the lease and read the payment as it ends up, recording `outcome` first
        unless the payment is already final: one statement (UPDATE … RETURNING), plus the
        alert's outbox row in the same transaction when it completes the payment."""
        if outcome is not None and outcome.status == Status.COMPLETED and self.alert:
            completed = await self._complete_with_alert(item_id, outcome, lease_until=None)
            if completed is not None:
                return completed
            outcome = None  # already final: only the lease is left to give up
        async with self.db.autocommit() as session:
            final = None
            if outcome is not None:
                final = await self._update_returning(
                    session, self.finish_statement(item_id, outcome, lease_until=None)
                )
            if final is None:
                final = await self._update_returning(
                    session, self.update_statement(item_id, lease_until=None)
                )
        assert final is not None
        return final

    async def outcome_of_first_confirm(self, item_id: str, wait_s: float = 15.0) -> M:
        """A second confirm answers what the first one got, waiting briefly while it runs."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + wait_s
        while True:
            item = await self.get(item_id)
            assert item is not None
            busy = item.status in (Status.AWAITING_OTP, Status.PROCESSING)
            if not busy or loop.time() > deadline:
                return item
            await asyncio.sleep(0.1)


async def run_held(
    life: Lifecycle[Any], item_id: str, stage: str, payment: HeldPayment, unsure: bool = False
) -> Outcome:
    """One go at a held payment from `stage`. Returns its final answer (with its last stage)
    for `Lifecycle.drive` to record as it gives up the lease, one statement, or PENDING while
    it waits.

    Only SENT is recorded on the way, before sending: from then on a retry queries and never
    sends again. The steps around it need no stage of their own, each being idempotent on
    the payment's id: a retry after a crash finds the same hold (no HELD between the hold and
    SENT), or settles or releases it again and records the outcome (no SETTLED or REVERSED
    before the final statement, which records them).

    `unsure`: an earlier go went unanswered (the payment waited as PENDING), so an earlier
    request to hold the money may still reach the core after this one is refused. The hold
    is then voided by reference as the payment fails: the core records the void, and a late
    hold reserves nothing (found by the drills: a hold sent while the core was cut off
    arrived after the retry's refusal and kept the customer's money held)."""
    if stage == Stage.NEW:
        try:
            await payment.hold()
        except CoreRefused as exc:
            if unsure:
                await payment.release()
            return Outcome(Status.FAILED, exc.code, payment.failure_message(exc.code))
        stage = Stage.HELD
    if stage == Stage.HELD:
        # Recorded before sending: after this point a retry queries, never resends.
        await life.set_stage(item_id, Stage.SENT)
        code = await payment.send()
    elif stage == Stage.SENT:
        code = await payment.query()
        if code == NEVER_RECEIVED:  # the outside party never got it: sending is safe
            code = await payment.send()
    else:
        code = "00" if stage == Stage.SETTLED else "96"
    if code == "00":
        return Outcome(Status.COMPLETED, code, None, await payment.settle(), Stage.SETTLED)
    if code in IN_PROGRESS_CODES:
        return Outcome(Status.PENDING, code, None)
    await payment.release()
    return Outcome(Status.FAILED, code, payment.failure_message(code), stage=Stage.REVERSED)


async def begin_with_code(
    life: Lifecycle[M],
    codes: OneTimeCodes,
    *,
    item_id: str,
    owned: Callable[[M], bool],
    not_found: str,
    user_id: int,
    purpose: str,
    otp: str | None,
    ttl: timedelta,
    expired_message: str = "This request has expired. Please start again.",
    approve: Callable[[AsyncSession, M], Awaitable[None]] | None = None,
) -> tuple[M, bool]:
    """The code step of a payment, in one transaction: read the payment with the code's
    challenge (NotFound unless `owned`), use up the code and start the payment. Returns the
    payment as read, and True for the one caller that must now execute it.

    A payment already past its code step answers False (the caller returns the first
    outcome); so does a concurrent confirm whose code the other one just used: the
    payment's row lock makes it wait until that one's code and start are committed
    together. Of two confirms that both read AWAITING_OTP (on SQLite, which takes no row
    locks), the conditional update in `start` lets only one through.

    `approve` instead of `otp`: a passkey's approval of this payment (bff/passkeys), checked
    in the same transaction as the start; its refusal raises with nothing written.
    """
    refusal: ValidationFailed | None = None
    async with life.db.transaction() as session:
        # The payment and the code's challenge in one statement. The payment's row is the
        # one locked (PostgreSQL cannot lock the challenge, the nullable side of the outer
        # join): a concurrent confirm of the same payment waits for this one to commit.
        found = (
            await session.execute(
                life.payment_with_challenge(codes),
                {"user_id": user_id, "purpose": purpose, "item_id": item_id},
            )
        ).first()
        if found is None or not owned(found[-1]):
            raise NotFound(not_found)
        item = found[-1]
        if item.status != Status.AWAITING_OTP:
            return item, False
        if item.created_at + ttl < utcnow():
            raise ValidationFailed(expired_message)
        if approve is not None:
            await approve(session, item)
            return item, await life.start_in(session, item_id)
        if otp is None:
            raise ValidationFailed("This field is required", field="otp")
        try:
            challenge = await codes.use_read(
                session, OpenChallenge(*found[:3]), user_id, purpose, otp, mark_used=False
            )
        except ValidationFailed as exc:  # raised before anything was written
            challenge, refusal = None, exc
        if challenge is None:
            refusal = refusal or wrong_code()  # a wrong try: counted when this commits
            started = False
        else:
            started = await life.start_in(session, item_id, codes.used(challenge.id))
    if refusal is not None:
        if await codes.was_used(user_id, purpose):
            return item, False
        raise refusal
    return item, started
