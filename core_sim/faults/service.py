"""Matching and consuming fault rules.

Every operation the simulator exposes to the BFF asks `take_fault` before doing its work.
A rule applies to the first matching call(s) in creation order; a rule limited to N uses is
decremented atomically so that two concurrent calls cannot both consume its last use.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from core_sim.db import Database
from core_sim.errors import FaultUnavailable, NotFound, SimError
from core_sim.faults import live
from core_sim.faults.models import FaultEffect, FaultRule
from core_sim.faults.scenarios import garble_this_answer, request_names, take_request_scenario
from core_sim.faults.schemas import FaultRuleIn

KNOWN_OPERATIONS = (
    "accounts.read",
    "ledger.transfer",
    "messaging.send",
    "identity.bvn",
    "identity.nin",
    "nip.name_inquiry",
    "nip.transfer",
    "nip.tsq",
    "bills.validate",
    "bills.vend",
    "bills.requery",
    "identity.liveness",
    # The inflow watch's rules, forced (core_sim/ledger/inflow.py): transfers and holds ask.
    "core.inflow",
    # Savings money moves (core_sim/savings/service.py): opening with money, top-up,
    # withdrawal, breaking; `account` matches the pocket or the account it moves with.
    "savings.move",
    # The BFF's own risk check on a payment: the BFF reads the X-Sim-Scenario header itself,
    # the simulator never asks; listed so that its catalogue entries validate as rules.
    "risk.check",
)


@dataclass(frozen=True, slots=True)
class CallContext:
    operation: str
    accounts: tuple[str, ...] = ()
    bank: str | None = None
    amount_kobo: int | None = None


def _matches(rule: FaultRule, call: CallContext) -> bool:
    if rule.account is not None and rule.account not in call.accounts:
        return False
    if rule.bank is not None and rule.bank != call.bank:
        return False
    amount = call.amount_kobo
    if rule.amount_kobo is not None and amount != rule.amount_kobo:
        return False
    if rule.min_amount_kobo is not None and (amount is None or amount < rule.min_amount_kobo):
        return False
    return not (
        rule.max_amount_kobo is not None and (amount is None or amount > rule.max_amount_kobo)
    )


def may_apply(db: Database, operation: str) -> bool:
    """Whether a fault may apply to a call of `operation` now (this request's header, or a
    stored rule): a caller that must read something to describe its call reads it only then."""
    return request_names(operation) or live.may_have_rules(db, operation)


async def take_fault(db: Database, call: CallContext) -> FaultRule | None:
    """The rule that applies to `call`, with one of its uses consumed; None if none applies.

    A scenario named in this request's X-Sim-Scenario header comes first, then the stored
    rules in creation order. Two effects are carried out here for every operation alike:
    `unavailable` raises (nothing is done) and `malformed` lets the work happen and marks the
    answer to be garbled on its way out (see core_sim/faults/scenarios.py).
    """
    rule = take_request_scenario(call.operation)
    if (
        rule is None
        and live.may_have_rules(db, call.operation)
        and await _any_stored_rule(db, call.operation)
    ):
        async with db.writer() as session:
            rule = await _take_stored_rule(session, call)
    if rule is None:
        return None
    if rule.effect == FaultEffect.UNAVAILABLE:
        raise FaultUnavailable(f"{call.operation} is unavailable (forced)")
    if rule.effect == FaultEffect.MALFORMED:
        garble_this_answer()
        return None
    return rule


async def _any_stored_rule(db: Database, operation: str) -> bool:
    """A cheap read first, so that calls with no rule never queue for SQLite's one writer."""
    async with db.reader() as session:
        found = await session.scalar(
            select(FaultRule.id)
            .where(FaultRule.operation == operation)
            .where(or_(FaultRule.remaining_uses.is_(None), FaultRule.remaining_uses > 0))
            .limit(1)
        )
    return found is not None


async def _take_stored_rule(session: AsyncSession, call: CallContext) -> FaultRule | None:
    rules = (
        await session.scalars(
            select(FaultRule)
            .where(FaultRule.operation == call.operation)
            .where(or_(FaultRule.remaining_uses.is_(None), FaultRule.remaining_uses > 0))
            .order_by(FaultRule.id)
        )
    ).all()
    for rule in rules:
        if not _matches(rule, call):
            continue
        consumed = await session.execute(
            update(FaultRule)
            .where(FaultRule.id == rule.id)
            .where(or_(FaultRule.remaining_uses.is_(None), FaultRule.remaining_uses > 0))
            .values(
                remaining_uses=FaultRule.remaining_uses - 1,
                times_applied=FaultRule.times_applied + 1,
            )
            .returning(FaultRule.id)
            .execution_options(synchronize_session=False)
        )
        if consumed.scalar_one_or_none() is not None:
            await session.refresh(rule)
            return rule
    return None


async def add_rule(session: AsyncSession, data: FaultRuleIn) -> FaultRule:
    if data.operation not in KNOWN_OPERATIONS:
        # A typo would otherwise give a rule that silently never applies.
        raise SimError(
            f"Unknown operation {data.operation}; known: {', '.join(KNOWN_OPERATIONS)}", code="30"
        )
    if data.effect == FaultEffect.DECLINE and data.response_code in (None, "00", "09"):
        raise SimError("A decline needs a final non-success responseCode, e.g. 51", code="30")
    if data.effect == FaultEffect.DELAY and data.delay_ms is None:
        raise SimError("A delay needs delayMs", code="30")
    rule = data.to_rule()
    session.add(rule)
    await session.flush()
    return rule


async def list_rules(session: AsyncSession) -> list[FaultRule]:
    return list((await session.scalars(select(FaultRule).order_by(FaultRule.id))).all())


async def delete_rule(session: AsyncSession, rule_id: int) -> None:
    result = await session.execute(delete(FaultRule).where(FaultRule.id == rule_id))
    if result.rowcount == 0:  # type: ignore[attr-defined]
        raise NotFound(f"Fault rule {rule_id} not found")


async def delete_all(session: AsyncSession) -> None:
    await session.execute(delete(FaultRule))
