"""Opening pockets and moving money in and out of them: every movement a `ledger.post`
between the customer's account and the pocket's (both theirs), under the caller's
reference, so a retry moves money once. Each move the BFF asks for meets the fault rules of
`savings.move` first, before anything is posted."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core_sim.db import Database, next_value
from core_sim.errors import Conflict, InvalidAmount, NotFound, NotPermitted, SimError
from core_sim.faults.effects import meet_fault
from core_sim.faults.service import CallContext, may_apply
from core_sim.ledger import service as ledger
from core_sim.ledger.models import AccountKind, AccountStatus, LedgerAccount, Posting
from core_sim.savings.days import business_date
from core_sim.savings.interest import UNITS_PER_KOBO
from core_sim.savings.models import PocketStatus, Product, SavingsPocket
from core_sim.settings import SavingsRates
from core_sim.simclock.state import utcnow

MIN_TERM_DAYS, MAX_TERM_DAYS = 30, 365
MOVE = "savings.move"  # the fault rules' operation for every money move below
# How long a forced `timeout` hangs when the caller does not say (SIM_TIMEOUT_FAULT_MS's
# default); the controller passes the setting.
TIMEOUT_FAULT_MS = 30_000
POCKET_SERIAL = "savings_pocket"
PRODUCT_NAMES = {
    Product.FLEXIBLE: "Flexible savings",
    Product.LOCKED: "Locked savings",
    Product.GOAL: "Goal savings",
}


class Kind:
    """Postings' kinds (internal: never shown to a customer; the narrations are)."""

    IN = "SAVINGS_IN"
    OUT = "SAVINGS_OUT"
    BREAK = "SAVINGS_BREAK"
    MATURITY = "SAVINGS_MATURITY"
    AUTO = "SAVINGS_AUTO"
    INTEREST = "SAVINGS_INTEREST"
    TAX = "SAVINGS_WHT"


@dataclass(frozen=True, slots=True)
class Opening:
    reference: str
    customer_id: str
    source_account: str
    product: str
    name: str
    amount_kobo: int = 0
    term_days: int | None = None
    target_kobo: int | None = None
    target_date: date | None = None


@dataclass(frozen=True, slots=True)
class PocketView:
    """A pocket as its holder sees it."""

    pocket: SavingsPocket
    number: str
    balance_kobo: int

    @property
    def accrued_kobo(self) -> int:
        """Interest accrued and not paid yet, in whole kobo (the fraction is carried)."""
        return self.pocket.accrued_units // UNITS_PER_KOBO


async def open_pocket(
    db: Database,
    rates: SavingsRates,
    opening: Opening,
    *,
    timeout_fault_ms: int = TIMEOUT_FAULT_MS,
) -> PocketView:
    """Open a pocket, funded with `amount_kobo` from `source_account` (a locked pocket must
    be). Idempotent on `reference`."""
    today = business_date(utcnow())
    rate = _check_terms(rates, opening, today)
    if opening.amount_kobo:
        await meet_move_fault(db, (opening.source_account,), opening.amount_kobo, timeout_fault_ms)
    async with db.writer() as session:
        existing = await session.scalar(
            select(SavingsPocket).where(SavingsPocket.opening_reference == opening.reference)
        )
        if existing is not None:
            if (existing.customer_id, existing.product) != (opening.customer_id, opening.product):
                raise Conflict("This opening reference was already used", code="94")
            return await _view(session, existing)
        await _own_account(session, opening.source_account, opening.customer_id)
        serial = await next_value(session, POCKET_SERIAL)
        now = utcnow()
        account = LedgerAccount(
            number=f"SAV{serial:09d}",
            name=opening.name,
            kind=AccountKind.SAVINGS,
            customer_id=opening.customer_id,
            opened_at=now,
        )
        session.add(account)
        await session.flush()
        pocket = SavingsPocket(
            customer_id=opening.customer_id,
            account_id=account.id,
            source_account=opening.source_account,
            product=opening.product,
            name=opening.name,
            rate_bps=rate,
            status=PocketStatus.ACTIVE,
            opened_at=now,
            opened_on=today,
            term_days=opening.term_days,
            matures_on=today + timedelta(days=opening.term_days) if opening.term_days else None,
            target_kobo=opening.target_kobo,
            target_date=opening.target_date,
            accrued_units=0,
            interest_paid_kobo=0,
            tax_withheld_kobo=0,
            forfeited_units=0,
            pruned_units=0,
            opening_reference=opening.reference,
        )
        session.add(pocket)
        await session.flush()
        if opening.amount_kobo:
            await _move(
                session,
                reference=f"SAV-IN-{opening.reference}",
                kind=Kind.IN,
                narration=f"Savings top-up: {opening.name}",
                source=opening.source_account,
                target=account.number,
                amount_kobo=opening.amount_kobo,
                customer_id=opening.customer_id,
            )
        return await _view(session, pocket)


def _check_terms(rates: SavingsRates, opening: Opening, today: date) -> int:
    """The pocket's rate, once its terms are checked."""
    if opening.product not in Product.ALL:
        raise SimError(f"Unknown savings product {opening.product}", code="30")
    if opening.amount_kobo < 0:
        raise InvalidAmount("Amount must be positive")
    if not opening.name.strip():
        raise SimError("A pocket needs a name", code="30")
    if opening.product == Product.LOCKED:
        term = opening.term_days or 0
        if not MIN_TERM_DAYS <= term <= MAX_TERM_DAYS:
            raise SimError("A locked pocket is for 30 to 365 days", code="30")
        if opening.amount_kobo <= 0:
            raise InvalidAmount("A locked pocket is funded when it is opened")
        return rates.locked_rate(term)
    if opening.term_days is not None:
        raise SimError("Only a locked pocket has a term", code="30")
    if opening.product == Product.GOAL:
        if not opening.target_kobo or opening.target_kobo <= 0:
            raise InvalidAmount("A goal needs a target amount")
        if opening.target_date is None or opening.target_date <= today:
            raise SimError("A goal's target date is after today", code="30")
        return rates.goal_bps
    return rates.flexible_bps


async def meet_move_fault(
    db: Database, accounts: tuple[str, ...], amount_kobo: int, timeout_fault_ms: int
) -> None:
    """The fault a tester set on savings moves, met before anything is posted: a decline, a
    time-out or `unavailable` leaves every balance as it was; `malformed` lets the move
    happen and garbles its answer (core_sim/faults/service.py)."""
    call = CallContext(MOVE, accounts=accounts, amount_kobo=amount_kobo)
    await meet_fault(db, call, timeout_fault_ms)


async def _meet_pocket_fault(
    db: Database, pocket_id: int, amount_kobo: int | None, timeout_fault_ms: int
) -> None:
    """meet_move_fault for a move of an existing pocket (`amount_kobo` None: its balance, a
    break). Its accounts are read only when a fault may apply, never for an ordinary move."""
    if not may_apply(db, MOVE):
        return
    accounts, balance = await _parties(db, pocket_id)
    amount = balance if amount_kobo is None else amount_kobo
    await meet_move_fault(db, accounts, amount, timeout_fault_ms)


async def _parties(db: Database, pocket_id: int) -> tuple[tuple[str, ...], int]:
    """A pocket's own account and its source account (what a fault rule's `account` may
    name), and its balance; nothing for a pocket that does not exist (refused later)."""
    async with db.reader() as session:
        row = (
            await session.execute(
                select(
                    LedgerAccount.number, SavingsPocket.source_account, LedgerAccount.balance_kobo
                )
                .join(LedgerAccount, LedgerAccount.id == SavingsPocket.account_id)
                .where(SavingsPocket.id == pocket_id)
            )
        ).first()
    if row is None:
        return (), 0
    number, source, balance = row
    return (str(number), str(source)), int(balance)


async def _own_account(session: AsyncSession, number: str, customer_id: str) -> LedgerAccount:
    """The customer's own account: another customer's is not found, as one that is not."""
    account = await session.scalar(select(LedgerAccount).where(LedgerAccount.number == number))
    if account is None or account.kind != AccountKind.CUSTOMER:
        raise NotFound(f"Account {number} not found")
    if account.customer_id != customer_id:
        raise NotFound(f"Account {number} not found")
    if account.status != AccountStatus.ACTIVE:
        raise NotPermitted(f"Account {number} is not active")
    return account


async def _move(
    session: AsyncSession,
    *,
    reference: str,
    kind: str,
    narration: str,
    source: str,
    target: str,
    amount_kobo: int,
    customer_id: str | None,
    posted_at: datetime | None = None,
) -> bool:
    """One posting from `source` to `target`; False when `reference` was posted before."""
    if amount_kobo <= 0:
        raise InvalidAmount("Amount must be greater than zero")
    if await session.scalar(select(Posting.id).where(Posting.reference == reference)):
        return False
    await ledger.post(
        session,
        reference=reference,
        kind=kind,
        narration=narration,
        legs=[ledger.Leg(source, -amount_kobo, target), ledger.Leg(target, amount_kobo, source)],
        debit_customer_id=customer_id,
        posted_at=posted_at,
    )
    return True


async def _view(session: AsyncSession, pocket: SavingsPocket) -> PocketView:
    account = await session.get(LedgerAccount, pocket.account_id, populate_existing=True)
    assert account is not None
    return PocketView(pocket, account.number, account.balance_kobo)


async def _pocket_of(
    session: AsyncSession, pocket_id: int, customer_id: str | None, *, lock: bool = False
) -> SavingsPocket:
    query = select(SavingsPocket).where(SavingsPocket.id == pocket_id)
    if lock:
        query = query.with_for_update()
    pocket = await session.scalar(query.execution_options(populate_existing=True))
    if pocket is None or (customer_id is not None and pocket.customer_id != customer_id):
        raise NotFound(f"Savings pocket {pocket_id} not found")
    return pocket


async def pockets_of(db: Database, customer_id: str) -> list[PocketView]:
    async with db.reader() as session:
        rows = (
            await session.execute(
                select(SavingsPocket, LedgerAccount.number, LedgerAccount.balance_kobo)
                .join(LedgerAccount, LedgerAccount.id == SavingsPocket.account_id)
                .where(SavingsPocket.customer_id == customer_id)
                .order_by(SavingsPocket.id)
            )
        ).all()
    return [PocketView(pocket, number, balance) for pocket, number, balance in rows]


async def pocket(db: Database, pocket_id: int, customer_id: str | None = None) -> PocketView:
    async with db.reader() as session:
        return await _view(session, await _pocket_of(session, pocket_id, customer_id))


async def top_up(
    db: Database,
    pocket_id: int,
    customer_id: str,
    reference: str,
    amount_kobo: int,
    *,
    timeout_fault_ms: int = TIMEOUT_FAULT_MS,
) -> PocketView:
    """Money in from the pocket's account: a flexible pocket or a goal, not a locked one."""
    await _meet_pocket_fault(db, pocket_id, amount_kobo, timeout_fault_ms)
    async with db.writer() as session:
        found = await _pocket_of(session, pocket_id, customer_id, lock=True)
        _refuse_unless_open(found, "topped up")
        number = await _number(session, found)
        await _move(
            session,
            reference=f"SAV-IN-{reference}",
            kind=Kind.IN,
            narration=f"Savings top-up: {found.name}",
            source=found.source_account,
            target=number,
            amount_kobo=amount_kobo,
            customer_id=customer_id,
        )
        return await _view(session, found)


async def withdraw(
    db: Database,
    pocket_id: int,
    customer_id: str,
    reference: str,
    amount_kobo: int,
    *,
    timeout_fault_ms: int = TIMEOUT_FAULT_MS,
) -> PocketView:
    """Money out to the pocket's account, any time: a flexible pocket or a goal. The
    interest accrued so far stays and is paid at the month's end."""
    await _meet_pocket_fault(db, pocket_id, amount_kobo, timeout_fault_ms)
    async with db.writer() as session:
        found = await _pocket_of(session, pocket_id, customer_id, lock=True)
        _refuse_unless_open(found, "withdrawn from")
        number = await _number(session, found)
        await _move(
            session,
            reference=f"SAV-OUT-{reference}",
            kind=Kind.OUT,
            narration=f"Savings withdrawal: {found.name}",
            source=number,
            target=found.source_account,
            amount_kobo=amount_kobo,
            customer_id=customer_id,
        )
        return await _view(session, found)


def _refuse_unless_open(found: SavingsPocket, verb: str) -> None:
    if found.status != PocketStatus.ACTIVE:
        raise NotPermitted("This savings pocket is closed", code="57")
    if found.product == Product.LOCKED:
        raise NotPermitted(
            f"A locked pocket cannot be {verb} before it matures; it can be broken", code="57"
        )


async def _number(session: AsyncSession, found: SavingsPocket) -> str:
    number = await session.scalar(
        select(LedgerAccount.number).where(LedgerAccount.id == found.account_id)
    )
    assert number is not None
    return str(number)


@dataclass(frozen=True, slots=True)
class BreakQuote:
    """What breaking a locked pocket now would do: the whole balance back to the account,
    and the interest accrued so far forfeited."""

    pocket_id: int
    balance_kobo: int
    forfeit_kobo: int  # whole kobo; the fraction is forfeited too
    matures_on: date | None


async def break_quote(db: Database, pocket_id: int, customer_id: str) -> BreakQuote:
    view = await pocket(db, pocket_id, customer_id)
    _refuse_unless_breakable(view.pocket)
    return BreakQuote(pocket_id, view.balance_kobo, view.accrued_kobo, view.pocket.matures_on)


def _refuse_unless_breakable(found: SavingsPocket) -> None:
    if found.product != Product.LOCKED:
        raise NotPermitted("Only a locked pocket is broken; withdraw from this one", code="57")
    if found.status != PocketStatus.ACTIVE:
        raise NotPermitted("This savings pocket is closed", code="57")


async def break_pocket(
    db: Database,
    pocket_id: int,
    customer_id: str,
    reference: str,
    *,
    timeout_fault_ms: int = TIMEOUT_FAULT_MS,
) -> tuple[PocketView, BreakQuote]:
    """Break a locked pocket early: the accrued interest is forfeited and the balance goes
    back to its account. Idempotent on `reference`: a second call answers the broken pocket."""
    await _meet_pocket_fault(db, pocket_id, None, timeout_fault_ms)
    async with db.writer() as session:
        found = await _pocket_of(session, pocket_id, customer_id, lock=True)
        if found.status == PocketStatus.BROKEN:
            view = await _view(session, found)
            return view, BreakQuote(
                pocket_id, 0, found.forfeited_units // UNITS_PER_KOBO, found.matures_on
            )
        _refuse_unless_breakable(found)
        view = await _view(session, found)
        quote = BreakQuote(pocket_id, view.balance_kobo, view.accrued_kobo, found.matures_on)
        if view.balance_kobo > 0:
            await _move(
                session,
                reference=f"SAV-BRK-{reference}",
                kind=Kind.BREAK,
                narration=f"Locked savings broken early: {found.name}",
                source=view.number,
                target=found.source_account,
                amount_kobo=view.balance_kobo,
                customer_id=customer_id,
            )
        found.forfeited_units = found.accrued_units
        found.accrued_units = 0
        found.status = PocketStatus.BROKEN
        found.closed_at = utcnow()
        await session.flush()
        return await _view(session, found), quote


async def mature(session: AsyncSession, found: SavingsPocket, number: str, at: datetime) -> None:
    """A locked pocket at the end of its term (the end of day, after its interest is paid):
    the whole balance back to its account."""
    balance = await session.scalar(
        select(LedgerAccount.balance_kobo).where(LedgerAccount.id == found.account_id)
    )
    if balance:
        await _move(
            session,
            reference=f"SAV-MAT-{found.id}",
            kind=Kind.MATURITY,
            narration=f"Locked savings matured: {found.name}",
            source=number,
            target=found.source_account,
            amount_kobo=int(balance),
            customer_id=None,
            posted_at=at,
        )
    found.status = PocketStatus.MATURED
    found.closed_at = at
