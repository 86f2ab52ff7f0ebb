"""Ledger rules: postings that sum to zero, holds, and balances that never go below zero.

Concurrency: each leg is applied with one conditional UPDATE (`... WHERE available >= amount`),
and the legs of a posting are applied in ascending account id. On PostgreSQL the UPDATE takes
the row lock and re-checks the condition after any wait, and the fixed order rules out
deadlocks between opposite transfers; on SQLite the caller holds the single-writer lock.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Select,
    Table,
    TextClause,
    and_,
    bindparam,
    case,
    func,
    insert,
    or_,
    select,
    text,
    true,
    update,
)
from sqlalchemy.ext.asyncio import AsyncSession

from core_sim.db import Database
from core_sim.errors import (
    Conflict,
    InsufficientFunds,
    InvalidAmount,
    NotFound,
    NotPermitted,
    SimError,
    SuspectedFraud,
)
from core_sim.faults.service import CallContext
from core_sim.ledger import inflow
from core_sim.ledger.inflow import Watch
from core_sim.ledger.models import (
    AccountKind,
    AccountStatus,
    Entry,
    Hold,
    HoldStatus,
    LedgerAccount,
    Posting,
)
from core_sim.settings import InflowRules
from core_sim.simclock.state import utcnow
from kobo_serving.database import UTCDateTime, fetch_rows, insert_detached


@dataclass(frozen=True, slots=True)
class Leg:
    """One side of a posting: negative debits `account_number`, positive credits it."""

    account_number: str
    amount_kobo: int
    counterparty_number: str | None = None
    counterparty_name: str | None = None


@dataclass(frozen=True, slots=True)
class PostedLine:
    """One leg as it was just posted: what the payer's and payee's alerts need."""

    account_number: str
    account_name: str
    customer_id: str | None
    amount_kobo: int
    available_after_kobo: int
    counterparty_number: str | None = None
    counterparty_name: str | None = None
    balance_after_kobo: int | None = None


@dataclass(frozen=True, slots=True)
class Posted:
    posting: Posting
    lines: list[PostedLine] | None  # None: posted earlier (an idempotent replay)


def refuse_unless_owned(number: str, holder: str | None, customer_id: str | None) -> None:
    """A payment made for `customer_id` may only take money from that customer's account:
    the core's own check, whatever the caller checked before."""
    if customer_id is not None and holder != customer_id:
        raise NotPermitted(f"Account {number} does not belong to the paying customer", code="57")


async def get_account(session: AsyncSession, number: str) -> LedgerAccount:
    account = await session.scalar(select(LedgerAccount).where(LedgerAccount.number == number))
    if account is None:
        raise NotFound(f"Account {number} not found")
    return account


async def account_number_of(db: Database, account_id: int) -> str:
    """The number of the account with this ledger id (a hold names its account by id)."""
    async with db.reader() as session:
        number = await session.scalar(
            select(LedgerAccount.number).where(LedgerAccount.id == account_id)
        )
    if number is None:
        raise NotFound(f"Account {account_id} not found")
    return str(number)


async def post(
    session: AsyncSession,
    *,
    reference: str,
    kind: str,
    narration: str,
    legs: Sequence[Leg],
    posted_at: datetime | None = None,
    release_holds: dict[str, int] | None = None,
    debit_customer_id: str | None = None,
    record: Any | None = None,
    watch: Watch | None = None,
) -> Posted:
    """Apply a balanced posting inside the caller's transaction.

    A leg whose counterparty is another account of this posting and has no name given is
    named from the ledger, so callers need not read the accounts first.

    `release_holds` maps account numbers to held kobo that this posting consumes (a hold
    being posted): the amount leaves `held_kobo` together with the debit, so the available
    balance does not change twice.

    `debit_customer_id`: the customer the posting is made for; every debited account must
    be theirs (refused with 57 otherwise, before anything is written).

    `record`: a new detached model (a transfer's request row) written with the posting,
    after it: in the same statement where the writes are one. A unique key it breaks
    fails the whole posting, as it would in a statement of its own.

    `watch`: the inflow watch (core_sim/ledger/inflow.py) for a customer's posting: a
    debit (but one that consumes a hold) of a flagged account, or one that passes a large
    credit through, is refused with 34; credits to new accounts are counted after the
    write. Without it (the seed) nothing is watched but the flags already raised.

    Statements, the hot path of every transfer: one read of the accounts, which on
    PostgreSQL also locks them in ascending id (no deadlock between opposite transfers), then
    the writes. On PostgreSQL the writes are one statement (`_write_in_one_statement`); on
    SQLite, whose single writer needs no row locks and whose CTEs cannot write, they are the
    posting's insert, one conditional update per leg and one insert of all the entries. The
    Posting answered is a detached model with its id, with each leg as posted (balance
    after, holder).
    """
    if not legs or any(leg.amount_kobo == 0 for leg in legs):
        raise InvalidAmount("A posting needs legs with non-zero amounts")
    if sum(leg.amount_kobo for leg in legs) != 0:
        raise SimError("Posting legs must sum to zero", code="30")
    when = posted_at or utcnow()
    release_holds = release_holds or {}

    numbers = {leg.account_number for leg in legs}
    rows = (
        await session.execute(
            select(
                LedgerAccount.id,
                LedgerAccount.number,
                LedgerAccount.name,
                LedgerAccount.status,
                LedgerAccount.customer_id,
                *_WATCHED,
            )
            .where(LedgerAccount.number.in_(numbers))
            .order_by(LedgerAccount.id)
            .with_for_update()  # rendered on PostgreSQL only
        )
    ).all()
    accounts = {row.number: row for row in rows}
    for number in sorted(numbers):
        if number not in accounts:
            raise NotFound(f"Account {number} not found", code="25")
        if accounts[number].status != AccountStatus.ACTIVE:
            raise NotPermitted(f"Account {number} is not active", code="57")
    # Money moved between one customer's own accounts passes nothing through to anyone.
    owners = {row.customer_id for row in rows}
    watched = None if len(owners) == 1 and None not in owners else watch
    for leg in legs:
        if leg.amount_kobo < 0:
            account = accounts[leg.account_number]
            refuse_unless_owned(account.number, account.customer_id, debit_customer_id)
            if leg.account_number not in release_holds:  # posting a hold is no new debit
                await inflow.check_debit(session, watched, account, -leg.amount_kobo, hold=False)

    posting = Posting(reference=reference, kind=kind, narration=narration, posted_at=when)
    moves = []
    for leg in sorted(legs, key=lambda leg: accounts[leg.account_number].id):
        counterparty = accounts.get(leg.counterparty_number or "")
        moves.append(
            _Move(
                account=accounts[leg.account_number],
                amount_kobo=leg.amount_kobo,
                released_kobo=release_holds.get(leg.account_number, 0),
                counterparty_number=leg.counterparty_number,
                counterparty_name=leg.counterparty_name
                or (counterparty.name if counterparty else None),
            )
        )
    one_statement = session.get_bind().dialect.name == "postgresql" and len(numbers) == len(moves)
    write = _write_in_one_statement if one_statement else _write_leg_by_leg
    after = await write(session, posting, moves, record, inflow.large_credit_threshold(watch))
    credited = [accounts[leg.account_number] for leg in legs if leg.amount_kobo > 0]
    await inflow.after_credits(session, watch, credited)
    lines = [
        PostedLine(
            move.account.number,
            move.account.name,
            move.account.customer_id,
            move.amount_kobo,
            balance - held,
            move.counterparty_number,
            move.counterparty_name,
            balance,
        )
        for move, (balance, held) in zip(moves, after, strict=True)
    ]
    return Posted(posting, lines)


@dataclass(frozen=True, slots=True)
class _Move:
    """A leg ready to write: its account as read, and its counterparty as the line shows it."""

    account: Any  # the row read by `post`: id, number, name, customer_id, the watch's columns
    amount_kobo: int
    released_kobo: int
    counterparty_number: str | None
    counterparty_name: str | None


async def _write_leg_by_leg(
    session: AsyncSession,
    posting: Posting,
    moves: list[_Move],
    record: Any | None,
    large_credit_kobo: int,
) -> list[tuple[int, int]]:
    """The posting's insert, one conditional update per leg (in `moves`' order, ascending
    account id), one insert of all the entries, and `record`'s. Each account's (balance,
    held) after. A credit of at least `large_credit_kobo` notes its time on the account."""
    await insert_detached(session, [posting])
    after = []
    for move in moves:
        params = {
            "account": move.account.id,
            "amount": move.amount_kobo,
            "released": move.released_kobo,
            "large_credit": large_credit_kobo,
            "credit_at": posting.posted_at,
        }
        after.append(await _apply_leg(session, params))
    await session.execute(
        _INSERT_ENTRIES,
        [
            _entry(posting, move, balance, balance - held)
            for move, (balance, held) in zip(moves, after, strict=True)
        ],
    )
    if record is not None:
        await insert_detached(session, [record])
    return after


def _entry(
    posting: Posting, move: _Move, balance_after: int, available_after: int
) -> dict[str, Any]:
    return {
        "posting_id": posting.id,
        "account_id": move.account.id,
        "amount_kobo": move.amount_kobo,
        "balance_after_kobo": balance_after,
        "available_after_kobo": available_after,
        "counterparty_number": move.counterparty_number,
        "counterparty_name": move.counterparty_name,
        "posted_at": posting.posted_at,
    }


async def _write_in_one_statement(
    session: AsyncSession,
    posting: Posting,
    moves: list[_Move],
    record: Any | None,
    large_credit_kobo: int,
) -> list[tuple[int, int]]:
    """PostgreSQL: the posting, every leg's conditional update, the entries and `record`
    in one statement (data-modifying CTEs), where `_write_leg_by_leg` takes three plus one
    per leg.
    The accounts are already locked by `post`'s read, so the order in which the statement
    updates them cannot deadlock. A debit the account cannot afford updates nothing: fewer
    rows come back than there are legs, and raising rolls back what the statement wrote.
    Each account's (balance, held) after, in `moves`' order; the posting gets its id."""
    params: dict[str, Any] = {
        "reference": posting.reference,
        "kind": posting.kind,
        "narration": posting.narration,
        "posted_at": posting.posted_at,
        "large_credit": large_credit_kobo,
    }
    for i, move in enumerate(moves):
        params |= {
            f"account_{i}": move.account.id,
            f"amount_{i}": move.amount_kobo,
            f"released_{i}": move.released_kobo,
            f"counterparty_number_{i}": move.counterparty_number,
            f"counterparty_name_{i}": move.counterparty_name,
        }
    table = None
    if record is not None:
        table = type(record).__table__
        params |= {f"record_{c.key}": getattr(record, c.key) for c in table.columns}
    rows = (await session.execute(_one_statement_posting(len(moves), table), params)).all()
    if len(rows) != len(moves):
        raise InsufficientFunds("Insufficient funds")
    posting.id = rows[0].posting_id
    after = {row.account_id: (int(row.balance_kobo), int(row.held_kobo)) for row in rows}
    return [after[move.account.id] for move in moves]


@functools.cache
def _one_statement_posting(leg_count: int, record_table: Table | None) -> TextClause:
    """`_write_in_one_statement`'s SQL for a posting of `leg_count` legs (and a row of
    `record_table`), built once for each."""
    legs = ",\n        ".join(
        f"(CAST(:account_{i} AS INTEGER), CAST(:amount_{i} AS BIGINT), "
        f"CAST(:released_{i} AS BIGINT), CAST(:counterparty_number_{i} AS VARCHAR), "
        f"CAST(:counterparty_name_{i} AS VARCHAR))"
        for i in range(leg_count)
    )
    record = ""
    if record_table is not None:  # its values' types follow from the columns (INSERT VALUES)
        names = [c.key for c in record_table.columns]
        columns, values = ", ".join(names), ", ".join(f":record_{n}" for n in names)
        record = f",\nrecord AS (INSERT INTO {record_table.name} ({columns}) VALUES ({values}))"  # noqa: S608
    # Only names and placeholders are formatted in; every value is a bound parameter.
    sql = f"""
WITH legs (account_id, amount, released, counterparty_number, counterparty_name) AS (
    VALUES {legs}
),
moved AS (
    -- A debit must leave the available balance (balance + amount - (held - released))
    -- >= 0, unless the account is a bank-side one; as `_DEBIT` below.
    UPDATE ledger_accounts AS account
    SET balance_kobo = account.balance_kobo + legs.amount,
        held_kobo = account.held_kobo - legs.released,
        line_count = account.line_count + 1,
        large_credit_at = CASE WHEN legs.amount >= CAST(:large_credit AS BIGINT)
                               THEN :posted_at ELSE account.large_credit_at END
    FROM legs
    WHERE account.id = legs.account_id
      AND (legs.amount > 0 OR account.allow_negative
           OR account.balance_kobo - account.held_kobo + legs.amount + legs.released >= 0)
    RETURNING account.id, account.balance_kobo, account.held_kobo
),
posting AS (
    INSERT INTO postings (reference, kind, narration, posted_at)
    VALUES (:reference, :kind, :narration, :posted_at)
    RETURNING id
),
entries AS (
    INSERT INTO entries (posting_id, account_id, amount_kobo, balance_after_kobo,
                         available_after_kobo, counterparty_number, counterparty_name,
                         posted_at)
    SELECT posting.id, moved.id, legs.amount, moved.balance_kobo,
           moved.balance_kobo - moved.held_kobo, legs.counterparty_number,
           legs.counterparty_name, :posted_at
    FROM posting, moved JOIN legs ON legs.account_id = moved.id
    ORDER BY moved.id  -- entry ids in ascending account id, as leg by leg
){record}
SELECT moved.id AS account_id, moved.balance_kobo, moved.held_kobo, posting.id AS posting_id
FROM moved, posting
"""  # noqa: S608
    return text(sql).bindparams(bindparam("posted_at", type_=UTCDateTime()))


# The two statements every leg of every posting runs, built once. They are Core statements on
# the tables, not ORM ones: the ORM's bulk-update and bulk-insert layers cost more CPU than
# the round trips themselves on the transfer path (docs/benchmarks.md, "Where the time goes").
_ACCOUNTS: Table = LedgerAccount.__table__  # type: ignore[assignment]
# What the inflow watch reads of each account of a posting, with the accounts.
_WATCHED = (
    LedgerAccount.kind,
    LedgerAccount.opened_at,
    LedgerAccount.outflows_held,
    LedgerAccount.large_credit_at,
    LedgerAccount.watched_from,
)
_CREDIT = (
    update(_ACCOUNTS)
    .where(_ACCOUNTS.c.id == bindparam("account"))
    .values(
        balance_kobo=_ACCOUNTS.c.balance_kobo + bindparam("amount"),
        held_kobo=_ACCOUNTS.c.held_kobo - bindparam("released"),
        line_count=_ACCOUNTS.c.line_count + 1,
        # The inflow watch's note of a large credit (core_sim/ledger/inflow.py).
        large_credit_at=case(
            (
                bindparam("amount") >= bindparam("large_credit"),
                bindparam("credit_at", type_=UTCDateTime()),
            ),
            else_=_ACCOUNTS.c.large_credit_at,
        ),
    )
    .returning(_ACCOUNTS.c.balance_kobo, _ACCOUNTS.c.held_kobo)
)
# A debit must leave the available balance (balance + amount - (held - released)) >= 0,
# unless the account is a bank-side one.
_DEBIT = _CREDIT.where(
    or_(
        _ACCOUNTS.c.allow_negative.is_(True),
        _ACCOUNTS.c.balance_kobo
        - _ACCOUNTS.c.held_kobo
        + bindparam("amount")
        + bindparam("released")
        >= 0,
    )
)
_ENTRIES: Table = Entry.__table__  # type: ignore[assignment]
_INSERT_ENTRIES = insert(_ENTRIES)


async def _apply_leg(session: AsyncSession, params: dict[str, Any]) -> tuple[int, int]:
    """Moves one leg (`_write_leg_by_leg`'s params); the account's balance and held amount
    right after it."""
    stmt = _DEBIT if params["amount"] < 0 else _CREDIT
    row = (await session.execute(stmt, params)).one_or_none()
    if row is None:
        raise InsufficientFunds("Insufficient funds")
    return int(row[0]), int(row[1])


async def place_hold(
    session: AsyncSession,
    *,
    reference: str,
    account_number: str,
    amount_kobo: int,
    narration: str,
    customer_id: str | None = None,
    watch: Watch | None = None,
) -> Hold:
    """Reserve money. Idempotent: the same reference for the same account and amount returns
    the existing hold (whatever became of it); for anything else it is refused.
    `customer_id`: the customer the hold is for; the account must be theirs. A hold is a
    debit the inflow watch refuses (34) as `post` does, but for a REVIEW- reference."""
    if amount_kobo <= 0:
        raise InvalidAmount("Hold amount must be positive")
    account = await get_account(session, account_number)
    refuse_unless_owned(account_number, account.customer_id, customer_id)
    existing = await session.scalar(select(Hold).where(Hold.reference == reference))
    if existing is not None:
        if existing.account_id != account.id or existing.amount_kobo != amount_kobo:
            raise Conflict("This hold reference was already used", code="94")
        return existing
    if account.status != AccountStatus.ACTIVE:
        raise NotPermitted(f"Account {account_number} is not active")
    if not reference.startswith(inflow.REVIEW_PREFIX):  # reserving under review sends nothing
        await inflow.check_debit(session, watch, account, amount_kobo, hold=True)
    table = LedgerAccount
    reserved = (
        await session.execute(
            update(table)
            .where(
                and_(
                    table.id == account.id,
                    or_(
                        table.allow_negative.is_(True),
                        table.balance_kobo - table.held_kobo >= amount_kobo,
                    ),
                )
            )
            .values(held_kobo=table.held_kobo + amount_kobo)
            .returning(table.id)
            .execution_options(synchronize_session=False)
        )
    ).scalar_one_or_none()
    if reserved is None:
        raise InsufficientFunds("Insufficient funds")
    hold = Hold(
        reference=reference, account_id=account.id, amount_kobo=amount_kobo, narration=narration
    )
    session.add(hold)
    await session.flush()
    return hold


async def hold_watched(
    db: Database,
    *,
    reference: str,
    account_number: str,
    amount_kobo: int,
    narration: str,
    customer_id: str | None,
    rules: InflowRules,
    timeout_fault_ms: int,
) -> Hold:
    """POST /core/holds: `place_hold` under the inflow watch, with a tester's forced
    `core.inflow` outcome; a hold refused for tripping a rule leaves the account flagged."""
    forced = None
    if not reference.startswith(inflow.REVIEW_PREFIX):
        call = CallContext("core.inflow", accounts=(account_number,), amount_kobo=amount_kobo)
        forced = await inflow.forced_outcome(db, call, timeout_fault_ms)
    try:
        async with db.writer() as session:
            return await place_hold(
                session,
                reference=reference,
                account_number=account_number,
                amount_kobo=amount_kobo,
                narration=narration,
                customer_id=customer_id,
                watch=Watch(rules, forced),
            )
    except SuspectedFraud as refusal:
        async with db.writer() as session:
            await inflow.record_refusal(session, refusal)
        raise


async def void_unplaced_hold(
    session: AsyncSession, *, reference: str, account_number: str, amount_kobo: int
) -> Hold:
    """Void a hold the core has not seen: it is recorded as voided, reserving nothing.

    A client that asked for a hold and heard nothing back may give up on it and void it,
    while its request is still on its way (a network that drops packets delivers them late,
    when TCP retransmits). Without this record the late request would reserve the money for
    good, on a payment its client has recorded as failed; with it, the late request finds
    the hold voided (`place_hold` returns an existing hold as it is) and reserves nothing."""
    account = await get_account(session, account_number)
    hold = Hold(
        reference=reference,
        account_id=account.id,
        amount_kobo=amount_kobo,
        narration="voided before it was placed",
        status=HoldStatus.VOIDED,
    )
    session.add(hold)
    await session.flush()
    return hold


async def find_hold(session: AsyncSession, reference: str) -> Hold | None:
    return await session.scalar(select(Hold).where(Hold.reference == reference))


async def get_hold(session: AsyncSession, reference: str) -> Hold:
    hold = await find_hold(session, reference)
    if hold is None:
        raise NotFound(f"Hold {reference} not found")
    return hold


async def post_hold(
    session: AsyncSession,
    *,
    hold: Hold,
    credit_account_number: str,
    narration: str,
    watch: Watch | None = None,
) -> Posted:
    """Move held money to `credit_account_number`. Idempotent on an already posted hold.
    `watch`: the credit is watched as any (the debit was, when the hold was placed)."""
    if hold.status == HoldStatus.POSTED:
        existing = await session.scalar(
            select(Posting).where(Posting.reference == f"HOLD-{hold.reference}")
        )
        assert existing is not None
        return Posted(existing, None)
    if hold.status != HoldStatus.ACTIVE:
        raise NotPermitted("Hold was voided", code="21")
    debit = await session.get(LedgerAccount, hold.account_id)
    assert debit is not None
    credit = credit_account_number
    posted = await post(
        session,
        reference=f"HOLD-{hold.reference}",
        kind="HOLD_POST",
        narration=narration,
        legs=[
            Leg(debit.number, -hold.amount_kobo, credit),
            Leg(credit, hold.amount_kobo, debit.number),
        ],
        release_holds={debit.number: hold.amount_kobo},
        watch=watch,
    )
    hold.status = HoldStatus.POSTED
    return posted


async def void_hold(session: AsyncSession, *, hold: Hold) -> None:
    """Release held money. Idempotent on an already voided hold."""
    if hold.status == HoldStatus.VOIDED:
        return
    if hold.status != HoldStatus.ACTIVE:
        raise NotPermitted("Hold was already posted", code="21")
    table = LedgerAccount
    await session.execute(
        update(table)
        .where(table.id == hold.account_id)
        .values(held_kobo=table.held_kobo - hold.amount_kobo)
        .execution_options(synchronize_session=False)
    )
    hold.status = HoldStatus.VOIDED


async def total_of_all_balances(session: AsyncSession) -> int:
    """The ledger's invariant: this is always exactly zero."""
    total = await session.scalar(select(func.coalesce(func.sum(LedgerAccount.balance_kobo), 0)))
    return int(total or 0)


# What a statement or history line shows, as plain columns (rows, not ORM objects: a year of
# a busy account is tens of thousands of lines).
LINE_COLUMNS = (
    Posting.reference,
    Posting.kind,
    Posting.narration,
    Entry.amount_kobo,
    Entry.balance_after_kobo,
    Entry.available_after_kobo,
    Entry.counterparty_number,
    Entry.counterparty_name,
    Entry.posted_at,
)


@dataclass(frozen=True, slots=True)
class LineFilter:
    """Which of an account's lines a statement or history page shows."""

    start: datetime | None = None
    end: datetime | None = None
    direction: str | None = None  # CREDIT or DEBIT
    search: str | None = None  # in the narration or the posting reference, any case

    def shape(self) -> tuple[bool, bool, str | None, bool]:
        """Which conditions apply: the statements are built once per shape, their values
        bound (`params`), so that `fetch_rows` runs them on the raw driver."""
        return (self.start is not None, self.end is not None, self.direction, bool(self.search))

    def params(self, account_id: int) -> dict[str, Any]:
        params: dict[str, Any] = {"account": account_id, "start": self.start, "end": self.end}
        if self.search:
            params["pattern"] = "%" + _escape_like(self.search.lower()) + "%"
        return params


@functools.cache
def _conditions(shape: tuple[bool, bool, str | None, bool]) -> list[Any]:
    return _filters(shape, bindparam("account"))


def _filters(shape: tuple[bool, bool, str | None, bool], account: Any) -> list[Any]:
    """The conditions of a filter's shape on the lines of `account` (a bound value, or a
    column of an enclosing query)."""
    has_start, has_end, direction, has_search = shape
    where: list[Any] = [Entry.account_id == account]
    if has_start:
        where.append(Entry.posted_at >= bindparam("start"))
    if has_end:
        where.append(Entry.posted_at < bindparam("end"))
    if direction == "CREDIT":
        where.append(Entry.amount_kobo > 0)
    elif direction == "DEBIT":
        where.append(Entry.amount_kobo < 0)
    if has_search:
        where.append(
            or_(
                func.lower(Posting.narration).like(bindparam("pattern"), escape="\\"),
                func.lower(Posting.reference).like(bindparam("pattern"), escape="\\"),
            )
        )
    return where


def _escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


@functools.cache
def _page_query(shape: tuple[bool, bool, str | None, bool]) -> Select[*tuple[Any, ...]]:
    return (
        select(*LINE_COLUMNS)
        .join(Posting, Posting.id == Entry.posting_id)
        .where(*_conditions(shape))
        .order_by(Entry.posted_at.desc(), Entry.id.desc())
        .limit(bindparam("limit"))
        .offset(bindparam("offset"))
    )


@functools.cache
def _count_query(shape: tuple[bool, bool, str | None, bool]) -> Select[*tuple[Any, ...]]:
    query = select(Entry.id).where(*_conditions(shape)).limit(bindparam("up_to"))
    if shape[3]:  # the search reads the posting
        query = query.join(Posting, Posting.id == Entry.posting_id)
    matched = query.subquery()
    return select(func.count().label("matched")).select_from(matched)


NO_FILTER = (False, False, None, False)


@functools.cache
def customer_pages_query(
    shape: tuple[bool, bool, str | None, bool], one_account: bool
) -> Select[*tuple[Any, ...]]:
    """A history page's lines in one statement (PostgreSQL: LATERAL), for all of a
    customer's accounts or the one numbered `account_number`: per account, its id, how many
    lines match (`matched`, counted up to `up_to`; without a filter the account's own
    `line_count`) and its `limit` newest matching lines (LINE_COLUMNS; none: one row of
    nulls). Newest first within each account.

    Issue 57: the history page cost a page and a count statement per account (7 for Ada's
    3 accounts); py-spy put the simulator's time for it in the driver's execution of those,
    about 0.6 ms each under load."""
    own = select(LedgerAccount.id, LedgerAccount.line_count).where(
        LedgerAccount.customer_id == bindparam("customer_id"),
        LedgerAccount.kind == AccountKind.CUSTOMER,
    )
    if one_account:
        own = own.where(LedgerAccount.number == bindparam("account_number"))
    accounts = own.subquery("own")
    where = _filters(shape, accounts.c.id)
    page = (
        select(*LINE_COLUMNS, Entry.id.label("entry_id"))
        .join(Posting, Posting.id == Entry.posting_id)
        .where(*where)
        .order_by(Entry.posted_at.desc(), Entry.id.desc())
        .limit(bindparam("limit"))
        .lateral("page")
    )
    if shape == NO_FILTER:
        matched: Any = func.least(accounts.c.line_count, bindparam("up_to"))
        source: Any = accounts
    else:
        # Counted once per account (a LATERAL of its own: in the select list it would run
        # again for every line of the page).
        inner = select(Entry.id).where(*where).limit(bindparam("up_to")).correlate(accounts)
        if shape[3]:  # the search reads the posting
            inner = inner.join(Posting, Posting.id == Entry.posting_id)
        counted = (
            select(func.count().label("matched"))
            .select_from(inner.subquery("matching"))
            .lateral("counted")
        )
        matched, source = counted.c.matched, accounts.join(counted, true())
    return (
        select(accounts.c.id.label("account_id"), matched.label("matched"), page)
        .select_from(source.outerjoin(page, true()))
        .order_by(accounts.c.id, page.c.posted_at.desc(), page.c.entry_id.desc())
    )


async def statement(
    session: AsyncSession,
    account_id: int,
    lines: LineFilter,
    *,
    limit: int = 100,
    offset: int = 0,
) -> Sequence[Mapping[Any, Any]]:
    """Plain rows (mappings), not ORM objects, newest first: a year of a busy account is
    tens of thousands of them. Walks the (account, posted_at) index backwards, so the cost
    of a page does not grow with the account's age. On the raw driver on PostgreSQL."""
    params = lines.params(account_id) | {"limit": limit, "offset": offset}
    return await fetch_rows(await session.connection(), _page_query(lines.shape()), params)


async def count_lines(
    session: AsyncSession, account_id: int, line_count: int, lines: LineFilter, *, up_to: int
) -> int:
    """How many lines match, counting no further than `up_to`: an exact count over a
    decade-old account would read its whole history for a page that shows ten lines.
    Without a filter the account's own count answers, without reading any line."""
    if lines == LineFilter():
        return min(line_count, up_to)
    params = lines.params(account_id) | {"up_to": up_to}
    rows = await fetch_rows(await session.connection(), _count_query(lines.shape()), params)
    return int(rows[0]["matched"] or 0)


async def balance_before(session: AsyncSession, account: LedgerAccount, moment: datetime) -> int:
    """The balance after the last entry strictly before `moment` (0 if none)."""
    value = await session.scalar(
        select(Entry.balance_after_kobo)
        .where(Entry.account_id == account.id, Entry.posted_at < moment)
        .order_by(Entry.posted_at.desc(), Entry.id.desc())
        .limit(1)
    )
    return int(value or 0)


async def posting_with_accounts(
    session: AsyncSession, reference: str
) -> tuple[Posting, list[tuple[Entry, LedgerAccount]]]:
    posting = await session.scalar(select(Posting).where(Posting.reference == reference))
    if posting is None:
        raise NotFound(f"Posting {reference} not found")
    rows = (
        await session.execute(
            select(Entry, LedgerAccount)
            .join(LedgerAccount, LedgerAccount.id == Entry.account_id)
            .where(Entry.posting_id == posting.id)
            .order_by(Entry.id)
        )
    ).all()
    return posting, [(e, a) for e, a in rows]


async def post_many(
    session: AsyncSession,
    *,
    rows: str,
    params: Mapping[str, Any],
    kind: str,
    bank_account: str,
    posted_at: datetime,
    types: Mapping[str, Any] | None = None,
) -> int:
    """Set-based postings for the bank's own runs (the savings end of day): one two-leg
    posting per row of `rows`, a SELECT of `reference`, `narration`, `account_id`,
    `amount_kobo` (signed, for that account) and `counterparty_name`, at most one row per
    account; the other leg, the opposite amount, is `bank_account`'s. Each posting sums to
    zero by construction. Six statements however many rows (INSERT … SELECT, UPDATE … FROM),
    where `post` takes one transaction each; the count of postings made.

    The accounts are updated before their entries are written, so each entry's balance after
    is the locked row's (PostgreSQL: a posting made meanwhile waits for this transaction).
    A debit an account cannot afford fails the whole run (InsufficientFunds). `types`: the
    SQL type of a parameter of `rows` that the driver cannot infer (a date on SQLite)."""
    binds = [bindparam("posted_at", type_=UTCDateTime())]
    binds += [bindparam(name, type_=kind) for name, kind in (types or {}).items()]
    where = dict(params) | {"posted_at": posted_at, "kind": kind}

    def run(sql: str) -> Any:
        sql = sql.format(rows=rows)
        statement = text(sql).bindparams(*(b for b in binds if f":{b.key}" in sql))
        return session.execute(statement, where)

    counted = (await run("SELECT COUNT(*), COALESCE(SUM(amount_kobo), 0) FROM ({rows}) AS r")).one()
    count, total = int(counted[0]), int(counted[1])
    if count == 0:
        return 0
    await run(
        "INSERT INTO postings (reference, kind, narration, posted_at)"
        " SELECT r.reference, :kind, r.narration, :posted_at FROM ({rows}) AS r"
    )
    moved = await run(
        "UPDATE ledger_accounts SET balance_kobo = ledger_accounts.balance_kobo + r.amount_kobo,"
        " line_count = ledger_accounts.line_count + 1"
        " FROM ({rows}) AS r WHERE ledger_accounts.id = r.account_id"
        " AND (r.amount_kobo > 0 OR ledger_accounts.allow_negative"
        " OR ledger_accounts.balance_kobo - ledger_accounts.held_kobo + r.amount_kobo >= 0)"
    )
    if moved.rowcount != count:
        raise InsufficientFunds("Insufficient funds")
    bank = (
        await session.execute(
            update(_ACCOUNTS)
            .where(_ACCOUNTS.c.number == bank_account)
            .values(
                balance_kobo=_ACCOUNTS.c.balance_kobo - total,
                line_count=_ACCOUNTS.c.line_count + count,
            )
            .returning(_ACCOUNTS.c.id, _ACCOUNTS.c.balance_kobo)
        )
    ).one()
    where |= {"bank": bank.id, "bank_before": int(bank.balance_kobo) + total}
    await run(
        "INSERT INTO entries (posting_id, account_id, amount_kobo, balance_after_kobo,"
        " available_after_kobo, counterparty_number, counterparty_name, posted_at)"
        " SELECT p.id, a.id, r.amount_kobo, a.balance_kobo, a.balance_kobo - a.held_kobo,"
        " NULL, r.counterparty_name, :posted_at"
        " FROM ({rows}) AS r JOIN postings AS p ON p.reference = r.reference"
        " JOIN ledger_accounts AS a ON a.id = r.account_id ORDER BY p.id"
    )
    # The bank's lines in posting order, each with its running balance.
    await run(
        "INSERT INTO entries (posting_id, account_id, amount_kobo, balance_after_kobo,"
        " available_after_kobo, counterparty_number, counterparty_name, posted_at)"
        " SELECT p.id, :bank, -r.amount_kobo,"
        " :bank_before - SUM(r.amount_kobo) OVER (ORDER BY p.id ROWS UNBOUNDED PRECEDING),"
        " NULL, a.number, a.name, :posted_at"
        " FROM ({rows}) AS r JOIN postings AS p ON p.reference = r.reference"
        " JOIN ledger_accounts AS a ON a.id = r.account_id ORDER BY p.id"
    )
    return count
