"""The core's inflow watch (core_sim/ledger/inflow.py): MANY_SENDERS and PASS_THROUGH at their
thresholds, a flagged account's debits refused with 34 (REVIEW- holds and existing holds
aside), the flags' feed and decisions; the ledger sums to zero throughout. The clock is
pinned (the `clock` fixture): every window is measured on it."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import inspect, text, update

from core_sim.customers.models import Customer
from core_sim.db import Database
from core_sim.errors import Conflict, NotFound, SuspectedFraud
from core_sim.faults.schemas import FaultRuleIn
from core_sim.faults.service import add_rule
from core_sim.ledger import inflow, transfers
from core_sim.ledger import service as ledger
from core_sim.ledger.models import AccountKind, LedgerAccount
from core_sim.ledger.transfers import TransferCommand
from core_sim.seed import BANK_ACCOUNTS
from core_sim.settings import InflowRules
from core_sim.tests import world
from core_sim.tests.helpers import PinnedClock

NOW = datetime(2027, 3, 1, 9, 0, tzinfo=UTC)  # where the `clock` fixture pins the clock
NEW = "1100000001"  # opened the day before
OLD = "1100000002"  # opened 60 days before
SENDERS = tuple(f"12000000{i:02d}" for i in range(1, 8))
RULES = InflowRules()
LARGE = RULES.large_credit_kobo  # ₦200,000
FUNDS = 100_000_000_000  # each sender's and OLD's opening balance


async def build(db: Database) -> None:
    await db.create_schema(drop_first=True)
    async with db.writer() as session:
        for number, name, kind in BANK_ACCOUNTS:
            session.add(LedgerAccount(number=number, name=name, kind=kind, allow_negative=True))
        opened = {NEW: NOW - timedelta(days=1), OLD: NOW - timedelta(days=60)}
        for number in (NEW, OLD, *SENDERS):
            session.add(
                LedgerAccount(
                    number=number,
                    name=f"Customer {number}",
                    kind=AccountKind.CUSTOMER,
                    opened_at=opened.get(number, NOW - timedelta(days=400)),
                )
            )
        await session.flush()
        for number in (OLD, *SENDERS):
            await world.fund(session, number, FUNDS, NOW - timedelta(days=40))


@pytest.fixture(scope="module")
async def inflow_template(databases) -> str:  # type: ignore[no-untyped-def]
    return await world.template(databases, "inflow_world", build)


@pytest.fixture
async def db(databases, inflow_template):  # type: ignore[no-untyped-def]
    database = Database(databases.new("inflow", inflow_template))
    yield database
    await database.dispose()


_refs = iter(range(10**9))


async def pay(
    db: Database, debit: str, credit: str, kobo: int, rules: InflowRules = RULES
) -> transfers.TransferRequest:
    command = TransferCommand(f"in-{next(_refs):08d}", debit, credit, kobo, "inflow test")
    return await transfers.transfer(db, command, 100, rules)


async def hold(db: Database, account: str, kobo: int, reference: str) -> ledger.Hold:
    return await ledger.hold_watched(
        db,
        reference=reference,
        account_number=account,
        amount_kobo=kobo,
        narration="inflow test",
        customer_id=None,
        rules=RULES,
        timeout_fault_ms=100,
    )


async def flags(db: Database) -> list[tuple[int, str, str, str]]:
    async with db.reader() as session:
        found = await inflow.flags_after(session, 0, 1000)
    return [(f.seq, f.account_number, f.rule, f.state) for f in found]


async def balanced(db: Database) -> bool:
    return sum(balance for balance, _ in (await world.balances(db)).values()) == 0


async def credits_from(db: Database, count: int, senders: int, to: str = NEW) -> None:
    for i in range(count):
        assert (await pay(db, SENDERS[i % senders], to, 1_000)).status == "SUCCESS"


# -- MANY_SENDERS ------------------------------------------------------------------------


async def test_many_senders_flags_a_new_account_at_the_tenth_credit_from_five(db, clock):
    await credits_from(db, 9, senders=5)
    assert await flags(db) == []
    await credits_from(db, 1, senders=5)
    assert await flags(db) == [(1, NEW, "MANY_SENDERS", "OPEN")]
    assert await balanced(db)


async def test_many_senders_needs_five_distinct_senders(db, clock):
    await credits_from(db, 12, senders=4)
    assert await flags(db) == []
    assert (await pay(db, SENDERS[4], NEW, 1_000)).status == "SUCCESS"
    assert await flags(db) == [(1, NEW, "MANY_SENDERS", "OPEN")]


async def test_many_senders_counts_only_the_window(db, clock: PinnedClock):
    await credits_from(db, 9, senders=5)
    clock.advance(minutes=RULES.window_minutes, seconds=1)
    await credits_from(db, 1, senders=5)
    assert await flags(db) == []


async def test_an_account_opened_thirty_days_ago_is_not_watched_for_many_senders(db, clock):
    await credits_from(db, 12, senders=6, to=OLD)
    assert await flags(db) == []


@pytest.mark.slow
@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(count=st.integers(1, 6), senders=st.integers(1, 4))
def test_many_senders_flags_exactly_from_its_thresholds(
    databases, inflow_template, clock, count, senders
):
    rules = InflowRules(many_credits=4, many_senders=3)
    senders = min(senders, count)

    async def scenario() -> None:
        clock.now = NOW
        db = Database(databases.new("inflow_prop", inflow_template))
        try:
            for i in range(count):
                await pay(db, SENDERS[i % senders], NEW, 1_000, rules)
            flagged = [f[1:3] for f in await flags(db)]
            expected = count >= 4 and senders >= 3
            assert flagged == ([(NEW, "MANY_SENDERS")] if expected else [])
            assert await balanced(db)
        finally:
            await db.dispose()

    asyncio.run(scenario())


# -- PASS_THROUGH ------------------------------------------------------------------------


async def test_pass_through_refuses_the_debit_of_eighty_percent_with_34(db, clock):
    assert (await pay(db, OLD, NEW, LARGE)).status == "SUCCESS"
    clock.advance(minutes=RULES.pass_through_minutes)  # the window's last instant
    refused = await pay(db, NEW, SENDERS[0], LARGE * 80 // 100)
    assert (refused.status, refused.response_code) == ("FAILED", "34")
    assert await flags(db) == [(1, NEW, "PASS_THROUGH", "OPEN")]
    assert (await world.balances(db))[NEW] == (LARGE, 0)  # nothing left the account
    assert await balanced(db)


async def test_pass_through_lets_just_under_the_share_go(db, clock):
    await pay(db, OLD, NEW, LARGE)
    sent = await pay(db, NEW, SENDERS[0], LARGE * 80 // 100 - 1)
    assert (sent.status, sent.response_code) == ("SUCCESS", "00")
    assert await flags(db) == []


async def test_pass_through_ignores_a_credit_under_the_threshold(db, clock):
    await pay(db, OLD, NEW, LARGE - 1)
    assert (await pay(db, NEW, SENDERS[0], LARGE - 1)).status == "SUCCESS"
    assert await flags(db) == []


async def test_pass_through_forgets_a_credit_after_its_window(db, clock: PinnedClock):
    await pay(db, OLD, NEW, LARGE)
    clock.advance(minutes=RULES.pass_through_minutes, seconds=1)
    assert (await pay(db, NEW, SENDERS[0], LARGE)).status == "SUCCESS"
    assert await flags(db) == []


@pytest.mark.slow
@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(credit=st.integers(LARGE - 2, LARGE + 2), under=st.integers(-2, 2))
def test_pass_through_flags_exactly_from_its_thresholds(
    databases, inflow_template, clock, credit, under
):
    """A debit of ceil(80 % of the credit) + `under` kobo, right after the credit."""
    debit = -(-credit * RULES.pass_through_share // 100) + under

    async def scenario() -> None:
        clock.now = NOW
        db = Database(databases.new("inflow_prop", inflow_template))
        try:
            await pay(db, OLD, NEW, credit)
            answer = await pay(db, NEW, SENDERS[0], debit)
            tripped = credit >= LARGE and debit * 100 >= credit * RULES.pass_through_share
            assert answer.response_code == ("34" if tripped else "00")
            assert [f[1:3] for f in await flags(db)] == ([(NEW, "PASS_THROUGH")] if tripped else [])
            assert await balanced(db)
        finally:
            await db.dispose()

    asyncio.run(scenario())


async def test_a_hold_passing_a_credit_through_is_refused_with_34_and_flags(db, clock):
    await pay(db, OLD, NEW, LARGE)
    with pytest.raises(SuspectedFraud) as refused:
        await hold(db, NEW, LARGE, "HOLD-pass-0001")
    assert (refused.value.status_code, refused.value.code) == (422, "34")
    assert await flags(db) == [(1, NEW, "PASS_THROUGH", "OPEN")]
    assert (await world.balances(db))[NEW] == (LARGE, 0)


async def test_a_review_hold_is_never_refused(db, clock):
    await pay(db, OLD, NEW, 2 * LARGE)
    reserved = await hold(db, NEW, LARGE, "REVIEW-0001")  # would pass the credit through
    assert reserved.status == "ACTIVE"
    assert await flags(db) == []
    assert (await pay(db, NEW, SENDERS[0], 2 * LARGE)).response_code == "34"  # a real debit
    assert await flags(db) == [(1, NEW, "PASS_THROUGH", "OPEN")]
    again = await hold(db, NEW, LARGE, "REVIEW-0002")  # flagged, and REVIEW- still reserves
    assert again.status == "ACTIVE"
    assert (await world.balances(db))[NEW] == (2 * LARGE, 2 * LARGE)


# -- a flagged account ---------------------------------------------------------------------


async def test_a_flagged_account_takes_credits_but_sends_nothing(db, clock):
    await pay(db, OLD, NEW, 500_000)
    earlier = await hold(db, NEW, 100_000, "HOLD-before-1")
    to_void = await hold(db, NEW, 100_000, "HOLD-before-2")
    async with db.writer() as session:
        await inflow.raise_by_hand(session, NEW, "MANY_SENDERS")
    assert (await pay(db, NEW, SENDERS[0], 1)).response_code == "34"
    with pytest.raises(SuspectedFraud):
        await hold(db, NEW, 1, "HOLD-after-01")
    assert (await pay(db, OLD, NEW, 1_000)).status == "SUCCESS"  # credits still post
    async with db.writer() as session:  # holds placed before: posted and voided as ever
        await ledger.post_hold(
            session, hold=earlier, credit_account_number=SENDERS[0], narration="settle"
        )
        await ledger.void_hold(session, hold=to_void)
    assert (await world.balances(db))[NEW] == (500_000 + 1_000 - 100_000, 0)
    assert await balanced(db)


async def test_clear_reopens_outflows_and_earlier_credits_no_longer_count(db, clock):
    await pay(db, OLD, NEW, LARGE)
    assert (await pay(db, NEW, SENDERS[0], LARGE)).response_code == "34"
    async with db.writer() as session:
        cleared = await inflow.decide(session, NEW, confirm=False)
    assert (cleared.state, cleared.decided_at) == ("CLEARED", NOW)
    assert (await pay(db, NEW, SENDERS[0], LARGE)).response_code == "00"
    assert await flags(db) == [(2, NEW, "PASS_THROUGH", "CLEARED")]
    assert await balanced(db)


async def test_confirm_keeps_outflows_refused_and_a_decision_is_final(db, clock):
    async with db.writer() as session:
        await inflow.raise_by_hand(session, NEW, "PASS_THROUGH")
    async with db.writer() as session:
        await inflow.decide(session, NEW, confirm=True)
    await pay(db, OLD, NEW, 1_000)
    assert (await pay(db, NEW, SENDERS[0], 1)).response_code == "34"
    with pytest.raises(Conflict):
        async with db.writer() as session:
            await inflow.decide(session, NEW, confirm=False)
    with pytest.raises(NotFound):
        async with db.writer() as session:
            await inflow.decide(session, OLD, confirm=False)
    assert await flags(db) == [(2, NEW, "PASS_THROUGH", "CONFIRMED")]


async def test_one_open_flag_per_account(db, clock):
    async with db.writer() as session:
        await inflow.raise_by_hand(session, NEW, "MANY_SENDERS")
    with pytest.raises(Conflict):
        async with db.writer() as session:
            await inflow.raise_by_hand(session, NEW, "PASS_THROUGH")
    await credits_from(db, 12, senders=6)  # the watch raises nothing more on it either
    assert await flags(db) == [(1, NEW, "MANY_SENDERS", "OPEN")]


async def test_the_feed_publishes_each_change_under_a_new_seq(db, clock):
    async with db.writer() as session:
        await inflow.raise_by_hand(session, NEW, "MANY_SENDERS")
        await inflow.raise_by_hand(session, OLD, "PASS_THROUGH")
    async with db.writer() as session:
        await inflow.decide(session, NEW, confirm=False)
    assert await flags(db) == [
        (2, OLD, "PASS_THROUGH", "OPEN"),
        (3, NEW, "MANY_SENDERS", "CLEARED"),
    ]
    async with db.reader() as session:
        after_two = await inflow.flags_after(session, 2, 10)
        first = await inflow.flags_after(session, 0, 1)
    assert [(f.seq, f.state) for f in after_two] == [(3, "CLEARED")]
    assert [f.seq for f in first] == [2]


# -- forced by a tester ------------------------------------------------------------------


async def test_a_core_inflow_decline_rule_trips_pass_through_on_the_payer(db, clock):
    async with db.writer() as session:
        await add_rule(
            session,
            FaultRuleIn(operation="core.inflow", effect="decline", response_code="34", uses=1),
        )
    assert (await pay(db, OLD, NEW, 1_000)).response_code == "34"
    assert await flags(db) == [(1, OLD, "PASS_THROUGH", "OPEN")]


async def test_a_core_inflow_pending_rule_trips_many_senders_on_the_payee(db, clock):
    async with db.writer() as session:
        await add_rule(
            session,
            FaultRuleIn(
                operation="core.inflow", effect="pending", pending_outcome="34", account=NEW
            ),
        )
    assert (await pay(db, OLD, NEW, 1_000)).status == "SUCCESS"  # the credit posts
    assert await flags(db) == [(1, NEW, "MANY_SENDERS", "OPEN")]
    with pytest.raises(SuspectedFraud):  # on a hold: the held account, refused
        await hold(db, NEW, 1, "HOLD-forced-1")


async def test_a_database_from_before_the_watch_gets_its_columns_at_start(db):
    async with db.engine.begin() as conn:
        for column in ("outflows_held", "large_credit_at", "watched_from"):
            await conn.execute(text(f"ALTER TABLE ledger_accounts DROP COLUMN {column}"))
    await db.create_schema()
    async with db.engine.connect() as conn:
        columns = await conn.run_sync(
            lambda sync: {c["name"] for c in inspect(sync).get_columns("ledger_accounts")}
        )
    assert {"outflows_held", "large_credit_at", "watched_from"} <= columns
    assert (await pay(db, OLD, NEW, 1_000)).status == "SUCCESS"


async def test_moving_a_large_credit_between_ones_own_accounts_passes_nothing_through(db, clock):
    """The same customer's two accounts: their money moving between them is no mule's."""
    mine = SENDERS[6]
    async with db.writer() as session:
        session.add(Customer(id="CIF-SAME", first_name="Ada", last_name="Same"))
        await session.flush()
        await session.execute(
            update(LedgerAccount)
            .where(LedgerAccount.number.in_((NEW, mine)))
            .values(customer_id="CIF-SAME")
        )
    await pay(db, OLD, NEW, LARGE)
    moved = await pay(db, NEW, mine, LARGE)
    assert (moved.status, moved.response_code) == ("SUCCESS", "00")
    assert await flags(db) == []
    assert await balanced(db)
