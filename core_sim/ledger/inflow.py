"""The core's watch on money coming in (the CBN's 2026 instant-payment fraud guidance).

Two rules, checked on the posting path (`ledger.post`, `ledger.place_hold`) with the rows the
posting has already read and locked, so that a posting nobody trips costs no statement more:

- MANY_SENDERS: an account opened less than SIM_INFLOW_NEW_ACCOUNT_DAYS ago receives at least
  SIM_INFLOW_MANY_CREDITS credits from at least SIM_INFLOW_MANY_SENDERS accounts within
  SIM_INFLOW_WINDOW_MINUTES. Checked after a credit to a new account is written (one indexed
  read of that account's credits in the window); the credit posts, the account is flagged.
- PASS_THROUGH (the mule pattern): a credit of at least SIM_INFLOW_LARGE_CREDIT_KOBO, then
  within SIM_INFLOW_PASS_THROUGH_MINUTES an attempt (a transfer out, a hold) to send out at
  least SIM_INFLOW_PASS_THROUGH_SHARE % of it. Each posting's own UPDATE notes when the
  account last received such a credit (`large_credit_at`); only a debit that follows one
  within the window reads the credits (one indexed read). That debit is refused (34) and the
  account flagged.

A flagged account (an OPEN or CONFIRMED flag: `outflows_held`) has every debit refused with 34,
but for holds whose reference starts with REVIEW- (the BFF reserving money under review never
sends it out); credits still post, and posting or voiding a hold placed before is unaffected.
Flags are a feed (`flags_after`), each change under the next `seq`; `decide` clears (outflows
reopen, earlier credits no longer count) or confirms (the account stays blocked).

A tester forces either rule with the fault operation `core.inflow` (a stored rule, the
X-Sim-Scenario header): `decline` trips PASS_THROUGH on the debited account, `pending` trips
MANY_SENDERS on the credited one (on a hold: the held account, and the hold is refused).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import distinct, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from core_sim.db import Database, next_value
from core_sim.errors import Conflict, NotFound, SuspectedFraud
from core_sim.faults.effects import wait_as_forced
from core_sim.faults.models import FaultEffect
from core_sim.faults.service import CallContext, take_fault
from core_sim.ledger.models import AccountKind, Entry, FlagState, LedgerAccount, RiskFlag, RiskRule
from core_sim.settings import InflowRules
from core_sim.simclock.state import utcnow

REVIEW_PREFIX = "REVIEW-"  # a hold the BFF places on money under review: never refused
FLAG_SEQUENCE = "risk_flag_seq"
# The large-credit threshold of a posting made without a watch (the seed's): never reached.
NEVER = 2**62


@dataclass(frozen=True, slots=True)
class Watch:
    """What a posting or a hold is watched with: the rules, and a tester's forced outcome
    (RiskRule.PASS_THROUGH on the debit, RiskRule.MANY_SENDERS on the credit)."""

    rules: InflowRules
    forced: str | None = None


def large_credit_threshold(watch: Watch | None) -> int:
    return watch.rules.large_credit_kobo if watch is not None else NEVER


async def forced_outcome(db: Database, call: CallContext, timeout_fault_ms: int) -> str | None:
    """The rule a tester forces on this call (`core.inflow`), taken before the call's own
    transaction (a stored rule is used up in a transaction of its own)."""
    fault = await take_fault(db, call)
    if fault is None:
        return None
    await wait_as_forced(
        fault.effect, fault.delay_ms, timeout_fault_ms, "Timed out (forced); nothing was posted"
    )
    if fault.effect == FaultEffect.DECLINE:
        return RiskRule.PASS_THROUGH
    if fault.effect == FaultEffect.PENDING:
        return RiskRule.MANY_SENDERS
    return None


async def check_debit(
    session: AsyncSession, watch: Watch | None, account: Any, amount_kobo: int, *, hold: bool
) -> None:
    """Refuses (34) a debit of `amount_kobo` from `account` (a row or model read, and locked,
    by the caller: id, number, kind, outflows_held, large_credit_at, watched_from) that a
    flag holds or that passes a large credit through. Bank-side accounts are not watched."""
    if account.kind != AccountKind.CUSTOMER:
        return
    number = account.number
    if account.outflows_held:
        raise SuspectedFraud(
            f"Account {number} is flagged for suspected fraud: outflows are held",
            account_number=number,
        )
    if watch is None:
        return
    forced = watch.forced
    if forced == RiskRule.PASS_THROUGH or (forced == RiskRule.MANY_SENDERS and hold):
        raise SuspectedFraud(
            f"Suspected fraud on {number} (forced)", account_number=number, flag_rule=forced
        )
    rules, now = watch.rules, utcnow()
    if amount_kobo * 100 < rules.large_credit_kobo * rules.pass_through_share:
        return  # too small to pass any large credit through: nothing to read
    window = _Window(now, rules.pass_through_minutes, account.watched_from)
    if account.large_credit_at is None or not window.holds(account.large_credit_at):
        return
    passed_through = await session.scalar(
        select(Entry.id)
        .where(
            Entry.account_id == account.id,
            *window.conditions(),
            Entry.amount_kobo >= rules.large_credit_kobo,
            Entry.amount_kobo * rules.pass_through_share <= amount_kobo * 100,
        )
        .limit(1)
    )
    if passed_through is not None:
        raise SuspectedFraud(
            f"Suspected fraud: {number} sends out a large credit it just received",
            account_number=number,
            flag_rule=RiskRule.PASS_THROUGH,
        )


async def after_credits(session: AsyncSession, watch: Watch | None, credited: list[Any]) -> None:
    """After a posting is written: flags each credited customer account (rows as `post` read
    them: id, number, kind, opened_at, outflows_held, watched_from) that the credits tripped."""
    if watch is None:
        return
    rules, now = watch.rules, utcnow()
    for account in credited:
        if account.kind != AccountKind.CUSTOMER or account.outflows_held:
            continue
        if watch.forced == RiskRule.MANY_SENDERS:
            await raise_flag(session, account.number, RiskRule.MANY_SENDERS)
            continue
        if account.opened_at <= now - timedelta(days=rules.new_account_days):
            continue
        window = _Window(now, rules.window_minutes, account.watched_from)
        credits, senders = (
            await session.execute(
                select(func.count(), func.count(distinct(Entry.counterparty_number))).where(
                    Entry.account_id == account.id, *window.conditions(), Entry.amount_kobo > 0
                )
            )
        ).one()
        if credits >= rules.many_credits and senders >= rules.many_senders:
            await raise_flag(session, account.number, RiskRule.MANY_SENDERS)


@dataclass(frozen=True, slots=True)
class _Window:
    """The last `minutes` up to `now`, after `watched_from` (when a flag was cleared)."""

    now: datetime
    minutes: int
    watched_from: datetime | None

    def holds(self, moment: datetime) -> bool:
        after_clear = self.watched_from is None or moment > self.watched_from
        return after_clear and self.now - timedelta(minutes=self.minutes) <= moment <= self.now

    def conditions(self) -> list[Any]:
        """The window on an account's entries (the (account, posted_at) index's range)."""
        start = self.now - timedelta(minutes=self.minutes)
        found = [Entry.posted_at >= start, Entry.posted_at <= self.now]
        if self.watched_from is not None:
            found.append(Entry.posted_at > self.watched_from)
        return found


async def record_refusal(session: AsyncSession, refusal: SuspectedFraud) -> None:
    """The flag a refused debit tripped, written once the debit's work is rolled back."""
    if refusal.flag_rule is not None and refusal.account_number is not None:
        await raise_flag(session, refusal.account_number, refusal.flag_rule)


async def raise_flag(session: AsyncSession, account_number: str, rule: str) -> RiskFlag | None:
    """Flags the account and holds its outflows, unless they are held already (an open or a
    confirmed flag): then nothing, None."""
    table = LedgerAccount
    customer = await session.execute(
        update(table)
        .where(table.number == account_number, table.outflows_held.is_(False))
        .values(outflows_held=True)
        .returning(table.customer_id)
        .execution_options(synchronize_session=False)
    )
    row = customer.one_or_none()
    if row is None:
        return None
    return await _new_flag(session, account_number, row.customer_id, rule)


async def raise_by_hand(session: AsyncSession, account_number: str, rule: str) -> RiskFlag:
    """A tester's flag (POST /sim/risk/flags): on any customer account without an open flag,
    a confirmed one included."""
    account = await session.scalar(
        select(LedgerAccount).where(LedgerAccount.number == account_number).with_for_update()
    )
    if account is None or account.kind != AccountKind.CUSTOMER:
        raise NotFound(f"No customer account {account_number}")
    if await _open_flag(session, account_number) is not None:
        raise Conflict(f"Account {account_number} already has an open flag", code="26")
    account.outflows_held = True
    return await _new_flag(session, account_number, account.customer_id, rule)


async def _new_flag(
    session: AsyncSession, account_number: str, customer_id: str | None, rule: str
) -> RiskFlag:
    flag = RiskFlag(
        seq=await next_value(session, FLAG_SEQUENCE),
        account_number=account_number,
        customer_id=customer_id,
        rule=rule,
        raised_at=utcnow(),
        state=FlagState.OPEN,
    )
    session.add(flag)
    await session.flush()
    return flag


async def _open_flag(session: AsyncSession, account_number: str) -> RiskFlag | None:
    return await session.scalar(
        select(RiskFlag)
        .where(RiskFlag.account_number == account_number, RiskFlag.state == FlagState.OPEN)
        .with_for_update()
    )


async def decide(session: AsyncSession, account_number: str, confirm: bool) -> RiskFlag:
    """CONFIRM keeps the account's outflows refused; CLEAR reopens them, and credits before
    now no longer count for either rule. 404 without any flag, 409 when it was decided."""
    flag = await _open_flag(session, account_number)
    if flag is None:
        decided = await session.scalar(
            select(RiskFlag.id).where(RiskFlag.account_number == account_number).limit(1)
        )
        if decided is None:
            raise NotFound(f"Account {account_number} has no risk flag")
        raise Conflict(f"The flag on {account_number} was already decided", code="21")
    now = utcnow()
    if not confirm:
        await session.execute(
            update(LedgerAccount)
            .where(LedgerAccount.number == account_number)
            .values(outflows_held=False, watched_from=now)
            .execution_options(synchronize_session=False)
        )
    flag.state = FlagState.CONFIRMED if confirm else FlagState.CLEARED
    flag.decided_at = now
    flag.seq = await next_value(session, FLAG_SEQUENCE)
    await session.flush()
    return flag


async def flags_after(session: AsyncSession, after: int, limit: int) -> list[RiskFlag]:
    """The feed: flags changed after `after`, in the order of their changes."""
    rows = await session.scalars(
        select(RiskFlag).where(RiskFlag.seq > after).order_by(RiskFlag.seq).limit(limit)
    )
    return list(rows.all())
