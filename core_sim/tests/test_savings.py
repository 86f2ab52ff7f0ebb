"""Savings (issue 58): interest to the kobo against a reference computation, the ledger at
zero, accrual exactly once per pocket and day across crashes and concurrent runners, the paid
accrual rows pruned at a month's end, locked pockets (maturity, breaking), automatic saving
rules, the API."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from core_sim.customers.models import Customer
from core_sim.db import Database
from core_sim.errors import NotPermitted
from core_sim.ledger import service as ledger
from core_sim.savings import eod, reads, rules, service
from core_sim.savings.days import business_date, is_month_end
from core_sim.savings.interest import UNITS_PER_KOBO, daily_units, payment
from core_sim.savings.models import (
    RuleKind,
    RuleOutcome,
    SavingsAccrual,
    SavingsDay,
    SavingsRuleRun,
)
from core_sim.settings import SavingsRates
from core_sim.simclock import state as simclock_state
from core_sim.tests import world
from core_sim.tests.helpers import PinnedClock, pinned_datetime

A, B, C = world.CUSTOMER_ACCOUNTS
CUSTOMER = "CIF00000001"
START = datetime(2027, 3, 1, 9, 0, tzinfo=UTC)
RATES = SavingsRates()


async def build(db: Database) -> None:
    """The ledger world, with A and B a customer's (₦10m and ₦200)."""
    # Opened before the tests' pinned clock, whatever the wall clock says when the template is
    # built (the suite also runs at awkward instants, some after it): the newest lines are the tests'.
    await world.build(db, (1_000_000_000, 20_000, 0), opened_at=START - timedelta(days=1))
    async with db.writer() as session:
        session.add(Customer(id=CUSTOMER, first_name="Ada", last_name="Okafor"))
        await session.flush()
        for number in (A, B):
            account = await ledger.get_account(session, number)
            account.customer_id = CUSTOMER


@pytest.fixture(scope="module")
async def savings_template(databases) -> str:  # type: ignore[no-untyped-def]
    return await world.template(databases, "savings_world", build)


@pytest.fixture
async def db(databases, savings_template):  # type: ignore[no-untyped-def]
    database = Database(databases.new("savings", savings_template))
    yield database
    await database.dispose()


def opening(reference: str, product: str = "FLEXIBLE", **terms: object) -> service.Opening:
    return service.Opening(
        reference=reference,
        customer_id=CUSTOMER,
        source_account=A,
        product=product,
        name=terms.pop("name", "Rainy day"),  # type: ignore[arg-type]
        **terms,  # type: ignore[arg-type]
    )


async def ledger_total(db: Database) -> int:
    async with db.reader() as session:
        return await ledger.total_of_all_balances(session)


@dataclass
class Reference:
    """The reference computation: a flexible pocket's balance and interest, day by day."""

    rate_bps: int
    balance: int = 0
    units: int = 0
    paid: int = 0
    tax: int = 0
    days: int = 0
    # The days since the last month's end and their units: the accrual rows not yet pruned.
    open_days: int = 0
    open_units: int = 0
    lines: list[tuple[str, int]] = field(default_factory=list)

    def end_of_day(self, day: date) -> None:
        units = daily_units(self.balance, self.rate_bps)
        self.units += units
        self.days += 1
        self.open_days += 1
        self.open_units += units
        if is_month_end(day):
            paid, self.units = payment(self.units)
            self.balance += paid.net_kobo
            self.paid += paid.gross_kobo
            self.tax += paid.tax_kobo
            self.open_days = self.open_units = 0


steps = st.lists(
    st.one_of(
        st.tuples(st.just("deposit"), st.integers(1, 50_000_000)),
        st.tuples(st.just("withdraw"), st.integers(1, 100)),  # a percentage of the balance
        st.tuples(st.just("hours"), st.integers(1, 24 * 40)),
    ),
    min_size=1,
    max_size=12,
)


async def _play(
    db: Database, clock: PinnedClock, rate: int, ops: list[tuple[str, int]], run_each: list[bool]
) -> tuple[Reference, service.PocketView]:
    """Open a flexible pocket, play `ops` while the clock moves (the end of day run after a
    move when `run_each` says so, else caught up later), and the reference alongside."""
    rates = SavingsRates(flexible_bps=rate)
    view = await service.open_pocket(db, rates, opening("p1", amount_kobo=100_000))
    model = Reference(rate, balance=100_000)
    for i, (op, value) in enumerate(ops):
        if op == "deposit":
            await service.top_up(db, view.pocket.id, CUSTOMER, f"d{i}", value)
            model.balance += value
        elif op == "withdraw":
            current = (await service.pocket(db, view.pocket.id)).balance_kobo
            amount = current * value // 100
            if amount:
                await service.withdraw(db, view.pocket.id, CUSTOMER, f"w{i}", amount)
                model.balance -= amount
        else:
            before = business_date(clock.now)
            clock.advance(hours=value)
            day = before
            while day < business_date(clock.now):
                model.end_of_day(day)
                day += timedelta(days=1)
            if run_each[i % len(run_each)]:
                await eod.run_end_of_day(db, rates, clock.now)
    await eod.run_end_of_day(db, rates, clock.now)
    return model, await service.pocket(db, view.pocket.id)


async def _accrual_rows(db: Database) -> tuple[int, int]:
    """The accrual rows kept (every pocket's), and their distinct dates."""
    async with db.reader() as session:
        row = (
            await session.execute(
                select(
                    func.count(),
                    func.count(func.distinct(SavingsAccrual.business_date)),
                )
            )
        ).one()
    return int(row[0]), int(row[1])


async def _days_run(db: Database) -> int:
    async with db.reader() as session:
        return int(await session.scalar(select(func.count()).select_from(SavingsDay)) or 0)


async def _kept_units(db: Database, pocket_id: int) -> int:
    async with db.reader() as session:
        units = await session.scalar(
            select(func.sum(SavingsAccrual.units)).where(SavingsAccrual.pocket_id == pocket_id)
        )
    return int(units or 0)


def every_unit(view: service.PocketView) -> int:
    """What a pocket ever accrued, by its own columns: paid, carried, forfeited."""
    pocket = view.pocket
    return (
        pocket.accrued_units + pocket.interest_paid_kobo * UNITS_PER_KOBO + pocket.forfeited_units
    )


@pytest.mark.slow
@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(ops=steps, rate=st.integers(0, 3000), run_each=st.lists(st.booleans(), min_size=1))
def test_interest_equals_the_reference_to_the_kobo_and_the_ledger_sums_to_zero(
    databases, savings_template, monkeypatch, ops, rate, run_each
):
    clock = PinnedClock(START)
    monkeypatch.setattr(simclock_state, "datetime", pinned_datetime(clock))

    async def scenario() -> None:
        db = Database(databases.new("savings_prop", savings_template))
        try:
            model, view = await _play(db, clock, rate, ops, run_each)
            assert view.balance_kobo == model.balance
            assert view.pocket.accrued_units == model.units
            assert view.pocket.interest_paid_kobo == model.paid
            assert view.pocket.tax_withheld_kobo == model.tax
            assert await ledger_total(db) == 0
            # Each date run once; the rows of the months paid pruned, their units kept.
            assert await _days_run(db) == model.days
            assert await _accrual_rows(db) == (model.open_days, model.open_days)
            kept = await _kept_units(db, view.pocket.id)
            assert kept == model.open_units
            assert kept + view.pocket.pruned_units == every_unit(view)
            counts = await world.line_counts(db)
            assert world.counts_agree(counts), counts
        finally:
            await db.dispose()

    asyncio.run(scenario())


class Crash(Exception):
    pass


# The real functions, taken once: each property example patches them again (the monkeypatch
# is undone only after the last example), so an example must wrap these, not its forerunner's.
REAL_POST_MANY = ledger.post_many
REAL_RUN_END_OF_DAY = eod.run_end_of_day


@pytest.mark.slow
@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(ops=steps, crashes=st.lists(st.integers(0, 40), min_size=1, max_size=4))
def test_accrual_is_exactly_once_per_pocket_and_day_across_crashes(
    databases, savings_template, monkeypatch, ops, crashes
):
    """The end of day dies at random points (inside a day's transaction, after its accrual
    or its payments); run again, every pocket has accrued each day once, to the kobo."""
    clock = PinnedClock(START)
    monkeypatch.setattr(simclock_state, "datetime", pinned_datetime(clock))
    calls = {"n": 0}
    real = REAL_POST_MANY

    async def dying(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] in crashes:
            raise Crash
        return await real(*args, **kwargs)

    monkeypatch.setattr(eod.ledger, "post_many", dying)
    original = REAL_RUN_END_OF_DAY

    async def until_done(db, rates, now=None):  # type: ignore[no-untyped-def]
        for _ in range(10):
            try:
                return await original(db, rates, now)
            except Crash:
                continue  # a restart
        raise AssertionError("never finished")

    monkeypatch.setattr(eod, "run_end_of_day", until_done)

    async def scenario() -> None:
        db = Database(databases.new("savings_crash", savings_template))
        try:
            second = await service.open_pocket(db, RATES, opening("p2", amount_kobo=777_777))
            model, view = await _play(db, clock, RATES.flexible_bps, ops, [False, True])
            assert view.pocket.accrued_units == model.units
            assert view.pocket.interest_paid_kobo == model.paid
            assert await _days_run(db) == model.days
            rows, days = await _accrual_rows(db)
            assert (rows, days) == (2 * model.open_days, model.open_days)
            # The second pocket, untouched but by its interest, against its own reference.
            alone = Reference(RATES.flexible_bps, balance=777_777)
            for n in range(model.days):
                alone.end_of_day(business_date(START) + timedelta(days=n))
            again = await service.pocket(db, second.pocket.id)
            assert again.pocket.accrued_units == alone.units
            assert again.pocket.interest_paid_kobo == alone.paid
            kept = await _kept_units(db, second.pocket.id)
            assert kept == alone.open_units
            assert kept + again.pocket.pruned_units == every_unit(again)
            assert await ledger_total(db) == 0
        finally:
            await db.dispose()

    asyncio.run(scenario())


async def test_two_runners_at_once_accrue_each_day_once(db, clock):
    await service.open_pocket(db, RATES, opening("p1", amount_kobo=5_000_000))
    clock.advance(days=40)
    first, second = await asyncio.gather(
        eod.run_end_of_day(db, RATES, clock.now), eod.run_end_of_day(db, RATES, clock.now)
    )
    assert len(first) + len(second) >= 40
    assert await _days_run(db) == 40
    rows, days = await _accrual_rows(db)
    assert rows == days == 9  # March's rows pruned once paid: 1 to 9 April kept
    view = (await service.pockets_of(db, CUSTOMER))[0]
    # 1 March to 9 April: March's 31 days paid on 31 March, 9 April's carried.
    march, _rest = payment(31 * daily_units(5_000_000, RATES.flexible_bps))
    assert view.pocket.interest_paid_kobo == march.gross_kobo
    assert view.pocket.tax_withheld_kobo == march.tax_kobo
    assert await ledger_total(db) == 0


async def test_a_months_end_prunes_paid_rows_and_a_locked_pocket_keeps_its_own(db, clock):
    flexible = await service.open_pocket(db, RATES, opening("f9", amount_kobo=5_000_000))
    locked = await service.open_pocket(
        db, RATES, opening("l9", "LOCKED", amount_kobo=10_000_000, term_days=90)
    )
    broken = await service.open_pocket(
        db, RATES, opening("b9", "LOCKED", amount_kobo=3_650_000, term_days=60)
    )
    clock.advance(days=10)
    await eod.run_end_of_day(db, RATES, clock.now)  # 1 to 10 March
    await service.break_pocket(db, broken.pocket.id, CUSTOMER, "b9")
    clock.advance(days=30)
    await eod.run_end_of_day(db, RATES, clock.now)  # 11 March to 9 April
    assert await _days_run(db) == 40
    kept = {p.pocket.id: await _kept_units(db, p.pocket.id) for p in (flexible, locked, broken)}
    views = {p.pocket.id: await service.pocket(db, p.pocket.id) for p in (flexible, locked, broken)}
    # Every unit accrued is kept as a row or counted as pruned, for every pocket.
    for pocket_id, view in views.items():
        assert kept[pocket_id] + view.pocket.pruned_units == every_unit(view), pocket_id
    # The flexible pocket keeps April's nine rows; its March was paid on 31 March.
    model = Reference(RATES.flexible_bps, balance=5_000_000)
    for n in range(40):
        model.end_of_day(date(2027, 3, 1) + timedelta(days=n))
    assert kept[flexible.pocket.id] == model.open_units and model.open_days == 9
    assert views[flexible.pocket.id].pocket.accrued_units == model.units
    # The locked pocket keeps all forty until it closes; the broken one kept none.
    assert views[locked.pocket.id].pocket.pruned_units == 0
    assert kept[locked.pocket.id] == views[locked.pocket.id].pocket.accrued_units
    assert kept[broken.pocket.id] == 0
    assert views[broken.pocket.id].pocket.pruned_units == 10 * 3_650_000 * 1400
    assert await _accrual_rows(db) == (9 + 40, 40)
    # This month's interest still reads from the rows kept.
    listed = {p.id: p for p in (await reads.pockets_out(db, CUSTOMER)).pockets}
    assert listed[flexible.pocket.id].interest_this_month_kobo == model.open_units // UNITS_PER_KOBO
    assert await ledger_total(db) == 0


async def test_a_locked_pocket_matures_with_its_interest_less_tax(db, clock):
    view = await service.open_pocket(
        db, RATES, opening("l1", "LOCKED", name="Rent", amount_kobo=10_000_000, term_days=30)
    )
    assert view.pocket.rate_bps == 1400
    assert view.pocket.matures_on == date(2027, 3, 31)
    clock.advance(days=31)
    await eod.run_end_of_day(db, RATES, clock.now)
    after = await service.pocket(db, view.pocket.id)
    interest, _ = payment(30 * daily_units(10_000_000, 1400))  # 1 to 30 March
    assert (after.pocket.status, after.balance_kobo) == ("MATURED", 0)
    assert after.pocket.interest_paid_kobo == interest.gross_kobo == 115_068
    assert after.pocket.tax_withheld_kobo == interest.tax_kobo == 11_507
    async with db.reader() as session:
        source = await ledger.get_account(session, A)
        lines = await ledger.statement(session, source.id, ledger.LineFilter(), limit=1)
    assert lines[0]["narration"] == "Locked savings matured: Rent"
    assert lines[0]["amount_kobo"] == 10_000_000 + interest.net_kobo
    assert await ledger_total(db) == 0


async def test_breaking_a_locked_pocket_forfeits_the_interest_it_was_told(db, clock):
    view = await service.open_pocket(
        db, RATES, opening("l2", "LOCKED", amount_kobo=3_650_000, term_days=90)
    )
    clock.advance(days=10)
    await eod.run_end_of_day(db, RATES, clock.now)
    quote = await service.break_quote(db, view.pocket.id, CUSTOMER)
    assert quote.forfeit_kobo == 10 * 3_650_000 * 1600 // UNITS_PER_KOBO == 16_000
    broken, told = await service.break_pocket(db, view.pocket.id, CUSTOMER, "b1")
    assert told == quote
    assert (broken.pocket.status, broken.balance_kobo) == ("BROKEN", 0)
    again, _ = await service.break_pocket(db, view.pocket.id, CUSTOMER, "b1")
    assert again.pocket.status == "BROKEN"
    balances = await world.balances(db)
    assert balances[A][0] == 1_000_000_000  # all back, no interest
    with pytest.raises(NotPermitted):
        await service.top_up(db, view.pocket.id, CUSTOMER, "t1", 100)


async def test_a_locked_pocket_takes_no_top_up_and_a_flexible_one_is_not_broken(db, clock):
    locked = await service.open_pocket(
        db, RATES, opening("l3", "LOCKED", amount_kobo=100, term_days=30)
    )
    flexible = await service.open_pocket(db, RATES, opening("f3"))
    with pytest.raises(NotPermitted):
        await service.top_up(db, locked.pocket.id, CUSTOMER, "t", 100)
    with pytest.raises(NotPermitted):
        await service.break_quote(db, flexible.pocket.id, CUSTOMER)


async def test_a_daily_rule_saves_once_per_due_date_and_says_when_funds_are_short(db, clock):
    goal = await service.open_pocket(
        db,
        RATES,
        service.Opening(
            reference="g1",
            customer_id=CUSTOMER,
            source_account=B,
            product="GOAL",
            name="New phone",
            target_kobo=50_000_000,
            target_date=date(2027, 9, 1),
        ),
    )
    await rules.set_rule(
        db, goal.pocket.id, CUSTOMER, rules.RuleIn(RuleKind.DAILY, B, amount_kobo=6_000)
    )
    clock.advance(days=4)  # due 1, 2, 3, 4 and 5 March; B has ₦200 for three of them
    assert await rules.run_rules(db, clock.now) == 5
    assert await rules.run_rules(db, clock.now) == 0  # nothing runs twice
    async with db.reader() as session:
        runs = (
            await session.scalars(select(SavingsRuleRun).order_by(SavingsRuleRun.occasion))
        ).all()
    assert [r.outcome for r in runs] == [RuleOutcome.SAVED] * 3 + [RuleOutcome.SHORT_OF_FUNDS] * 2
    assert runs[-1].message.startswith(f"Not enough money in account {B}")
    assert (await service.pocket(db, goal.pocket.id)).balance_kobo == 18_000
    assert await ledger_total(db) == 0


async def test_a_percentage_of_every_credit_is_saved_once(db, clock):
    goal = await service.open_pocket(
        db,
        RATES,
        opening("g2", "GOAL", name="School fees", target_kobo=10**8, target_date=date(2028, 1, 1)),
    )
    await rules.set_rule(
        db, goal.pocket.id, CUSTOMER, rules.RuleIn(RuleKind.PERCENT_OF_CREDITS, A, percent=10)
    )
    async with db.writer() as session:
        await world.fund(session, C, 1_000_000)
    async with db.writer() as session:
        await ledger.post(
            session,
            reference="salary",
            kind="TRANSFER",
            narration="Salary",
            legs=[ledger.Leg(C, -250_000), ledger.Leg(A, 250_000)],
        )
    assert await rules.run_rules(db, clock.now) == 1
    assert await rules.run_rules(db, clock.now) == 0
    assert (await service.pocket(db, goal.pocket.id)).balance_kobo == 25_000


def test_monthly_rules_keep_their_day():
    start = date(2027, 1, 31)
    assert rules.next_due(RuleKind.MONTHLY, start, start) == date(2027, 2, 28)
    assert rules.next_due(RuleKind.MONTHLY, start, date(2027, 2, 28)) == date(2027, 3, 31)
    assert rules.next_due(RuleKind.WEEKLY, start, start) == date(2027, 2, 7)


async def test_the_api_opens_a_pocket_and_the_end_of_day_pays_it(sim_client):
    customer, account = "CIF00000001", "1020000115"  # Ada's
    opened = await sim_client.post(
        "/core/savings/pockets",
        json={
            "reference": "api-1",
            "customerId": customer,
            "sourceAccount": account,
            "product": "LOCKED",
            "name": "Rent",
            "amountKobo": 1_000_000,
            "termDays": 30,
        },
    )
    assert opened.status_code == 201, opened.text
    pocket = opened.json()
    assert (pocket["rateBps"], pocket["balanceKobo"], pocket["productName"]) == (
        1400,
        1_000_000,
        "Locked savings",
    )
    quote = await sim_client.get(
        f"/core/savings/pockets/{pocket['id']}/break-quote", params={"customerId": customer}
    )
    assert quote.json()["forfeitKobo"] == 0
    listed = (await sim_client.get("/core/savings/pockets", params={"customerId": customer})).json()
    assert pocket["id"] in [p["id"] for p in listed["pockets"]]
    # The pocket is not one of the customer's accounts.
    accounts = (await sim_client.get(f"/core/customers/{customer}/accounts")).json()
    assert pocket["number"] not in str(accounts)
    assert (await sim_client.post("/sim/savings/end-of-day")).status_code == 200
    other = await sim_client.get(
        f"/core/savings/pockets/{pocket['id']}", params={"customerId": "CIF00000002"}
    )
    assert other.status_code == 404
