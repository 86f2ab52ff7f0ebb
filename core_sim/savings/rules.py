"""A goal's automatic saving, run exactly once per due date (or per credit swept), like the
BFF's scheduled payments: each run writes its `savings_rule_runs` row under its key in the
transaction that moves the money; when the account is short, the run is recorded as
SHORT_OF_FUNDS with the sentence the customer reads, nothing moves and the rule goes on to
its next due date."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core_sim.db import Database
from core_sim.errors import InsufficientFunds, InvalidAmount, NotPermitted, SimError
from core_sim.ledger.models import Entry, LedgerAccount, Posting
from core_sim.savings import service
from core_sim.savings.days import add_months, business_date
from core_sim.savings.models import (
    PocketStatus,
    Product,
    RuleKind,
    RuleOutcome,
    SavingsPocket,
    SavingsRule,
    SavingsRuleRun,
)
from core_sim.simclock.state import utcnow

MAX_RUNS_PER_PASS = 1000  # a pass that meets more leaves the rest to the next


@dataclass(frozen=True, slots=True)
class RuleIn:
    kind: str
    source_account: str
    amount_kobo: int | None = None
    percent: int | None = None
    starts_on: date | None = None


def next_due(kind: str, starts_on: date, after: date) -> date:
    """The first due date after `after` of a rule that started on `starts_on` (a monthly
    rule keeps its day: from 31 January, 28 February then 31 March)."""
    if kind == RuleKind.DAILY:
        return after + timedelta(days=1)
    if kind == RuleKind.WEEKLY:
        return after + timedelta(days=7 - (after - starts_on).days % 7)
    months = (after.year - starts_on.year) * 12 + after.month - starts_on.month
    while add_months(starts_on, months) <= after:
        months += 1
    return add_months(starts_on, months)


async def set_rule(
    db: Database, pocket_id: int, customer_id: str, rule: RuleIn
) -> SavingsRule | None:
    """Set (or, with kind NONE, remove) a goal's rule."""
    today = business_date(utcnow())
    async with db.writer() as session:
        found = await service._pocket_of(session, pocket_id, customer_id, lock=True)
        if found.product != Product.GOAL or found.status != PocketStatus.ACTIVE:
            raise NotPermitted("Only an open goal saves automatically", code="57")
        existing = await session.scalar(
            select(SavingsRule).where(SavingsRule.pocket_id == pocket_id)
        )
        if rule.kind == "NONE":
            if existing is not None:
                existing.active = False
            return None
        if rule.kind not in RuleKind.ALL:
            raise SimError(f"Unknown rule {rule.kind}", code="30")
        await service._own_account(session, rule.source_account, customer_id)
        if rule.kind == RuleKind.PERCENT_OF_CREDITS:
            if not rule.percent or not 1 <= rule.percent <= 100:
                raise InvalidAmount("A percentage from 1 to 100")
            amount, percent, due = None, rule.percent, None
        else:
            if not rule.amount_kobo or rule.amount_kobo <= 0:
                raise InvalidAmount("An amount greater than zero")
            amount, percent, due = rule.amount_kobo, None, max(rule.starts_on or today, today)
        last_entry = await session.scalar(select(Entry.id).order_by(Entry.id.desc()).limit(1))
        if existing is None:
            existing = SavingsRule(pocket_id=pocket_id)
            session.add(existing)
        existing.kind, existing.source_account = rule.kind, rule.source_account
        existing.amount_kobo, existing.percent, existing.next_due = amount, percent, due
        existing.starts_on, existing.after_entry_id = due, last_entry or 0
        existing.active = True
        await session.flush()
        return existing


async def run_rules(db: Database, now: datetime | None = None) -> int:
    """Every due run of every active rule, in order; how many ran."""
    today = business_date(now or utcnow())
    async with db.reader() as session:
        rules = (
            await session.scalars(
                select(SavingsRule)
                .join(SavingsPocket, SavingsPocket.id == SavingsRule.pocket_id)
                .where(SavingsRule.active.is_(True), SavingsPocket.status == PocketStatus.ACTIVE)
                .order_by(SavingsRule.id)
            )
        ).all()
    ran = 0
    for rule in rules:
        if rule.kind == RuleKind.PERCENT_OF_CREDITS:
            ran += await _sweep_credits(db, rule.id)
            continue
        while rule.next_due is not None and rule.next_due <= today and ran < MAX_RUNS_PER_PASS:
            due = rule.next_due
            async with db.writer() as session:
                current = await session.get(SavingsRule, rule.id, with_for_update=True)
                if current is None or current.next_due != due:  # another runner took it
                    break
                await _run(session, current, f"{due:%Y-%m-%d}", current.amount_kobo or 0)
                current.next_due = next_due(current.kind, current.starts_on or due, due)
                rule = current
            ran += 1
    return ran


async def _sweep_credits(db: Database, rule_id: int) -> int:
    """A percentage of each credit to the account since the last one swept: credits from the
    customer's own savings (a withdrawal, a maturity) are not swept."""
    async with db.writer() as session:
        rule = await session.get(SavingsRule, rule_id, with_for_update=True)
        if rule is None or not rule.active:
            return 0
        credits = (
            await session.execute(
                select(Entry.id, Entry.amount_kobo)
                .join(LedgerAccount, LedgerAccount.id == Entry.account_id)
                .join(Posting, Posting.id == Entry.posting_id)
                .where(
                    LedgerAccount.number == rule.source_account,
                    Entry.id > (rule.after_entry_id or 0),
                    Entry.amount_kobo > 0,
                    Posting.kind.not_like("SAVINGS%"),
                )
                .order_by(Entry.id)
                .limit(MAX_RUNS_PER_PASS)
            )
        ).all()
        for entry_id, amount in credits:
            share = amount * (rule.percent or 0) // 100
            if share > 0:
                await _run(session, rule, f"credit-{entry_id}", share)
            rule.after_entry_id = entry_id
        return len(credits)


async def _run(session: AsyncSession, rule: SavingsRule, occasion: str, amount: int) -> None:
    """One run: the run row and, funds allowing, the posting, in the caller's transaction."""
    pocket = await session.get(SavingsPocket, rule.pocket_id)
    assert pocket is not None
    number = await service._number(session, pocket)
    reference = f"SAV-AUTO-{rule.id}-{occasion}"
    outcome, message = RuleOutcome.SAVED, f"Saved to {pocket.name}"
    posted: str | None = reference
    try:
        async with session.begin_nested():
            await service._move(
                session,
                reference=reference,
                kind=service.Kind.AUTO,
                narration=f"Automatic saving: {pocket.name}",
                source=rule.source_account,
                target=number,
                amount_kobo=amount,
                customer_id=pocket.customer_id,
            )
    except (InsufficientFunds, NotPermitted) as refused:
        outcome, posted = RuleOutcome.SHORT_OF_FUNDS, None
        message = (
            f"Not enough money in account {rule.source_account} for this automatic saving; "
            "we will try again on the next date"
            if isinstance(refused, InsufficientFunds)
            else f"Account {rule.source_account} cannot be debited"
        )
    session.add(
        SavingsRuleRun(
            rule_id=rule.id,
            occasion=occasion,
            outcome=outcome,
            amount_kobo=amount,
            message=message,
            posting_reference=posted,
            ran_at=utcnow(),
        )
    )
    await session.flush()  # a run made before breaks the key: the transaction rolls back
