"""The dashboard and history pages a process keeps for a moment (bff/users/read_cache.py):
kept between reads, and never older than the customer's own last payment, whichever
process served it."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest
from sqlalchemy import text

from bff.core_client.scenario import current_scenario
from bff.tests.helpers import (
    ADA_CURRENT,
    GTB,
    TUNDE_ACCOUNT,
    Bff,
    auth,
    follow_up,
    schedule,
    send,
)
from bff.users.read_cache import CHECKS_GATHERED_FOR, LONGEST_KEPT_S, Computed, ReadCache

# Long enough that only the customer's activity version can refresh a kept answer.
KEPT = {"read_cache_s": 3600}
HISTORY = "/api/ibanking/personal/transactions"


async def summary(bff: Bff, token: str) -> dict:  # type: ignore[type-arg]
    response = await bff.client.get("/api/client-summary", headers=auth(token))
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


async def history(bff: Bff, token: str) -> dict:  # type: ignore[type-arg]
    response = await bff.client.get(HISTORY, headers=auth(token), params={"size": 10})
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


async def pay_tunde(bff: Bff, token: str, amount: float) -> None:
    done = await send(
        bff, token, "intrabank", "intrabank", destinationAccountNumber=TUNDE_ACCOUNT, amount=amount
    )
    assert done.status_code == 200 and done.json()["status"] == "COMPLETED", done.text


async def test_a_kept_dashboard_and_history_page_do_not_ask_the_core_again(bff_factory):
    bff = await bff_factory(**KEPT)
    token = await bff.sign_in()
    core = bff.app.state.dashboard_service.core
    calls = {"activity": 0, "lines": 0}
    activity, lines = core.customer_activity, core.customer_lines

    async def counted_activity(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls["activity"] += 1
        return await activity(*args, **kwargs)

    async def counted_lines(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls["lines"] += 1
        return await lines(*args, **kwargs)

    core.customer_activity, core.customer_lines = counted_activity, counted_lines
    assert await summary(bff, token) == await summary(bff, token)
    assert calls["activity"] == 1
    first_page = await history(bff, token)
    per_page = calls["lines"]
    assert per_page == 1 and await history(bff, token) == first_page  # one call, all accounts
    assert calls["lines"] == per_page
    other_page = await bff.client.get(HISTORY, headers=auth(token), params={"size": 5})
    assert other_page.status_code == 200 and calls["lines"] == 2 * per_page  # not the same query


async def test_the_customers_own_transfer_shows_at_once(bff_factory):
    bff = await bff_factory(**KEPT)
    token = await bff.sign_in()
    before, page_before = await summary(bff, token), await history(bff, token)
    await pay_tunde(bff, token, 1234.56)
    after, page_after = await summary(bff, token), await history(bff, token)
    assert after["totalAvailableBalance"] == pytest.approx(
        before["totalAvailableBalance"] - 1234.56
    )
    assert after["recentTransactions"][0]["amount"] == 1234.56
    assert page_after["totalElements"] == page_before["totalElements"] + 1
    assert page_after["content"][0]["amount"] == 1234.56


async def test_a_payment_served_by_another_process_shows_at_once(bff_factory):
    first = await bff_factory(**KEPT)
    second = await bff_factory(database_url=first.app.state.settings.database_url, **KEPT)
    token = await first.sign_in()
    before = await summary(second, token)
    await pay_tunde(first, token, 99.5)
    after = await summary(second, token)
    assert after["totalAvailableBalance"] == pytest.approx(before["totalAvailableBalance"] - 99.5)


async def test_a_pending_transfer_the_worker_settles_shows_at_once(bff_factory):
    bff = await bff_factory(**KEPT)
    token = await bff.sign_in()
    before = (await summary(bff, token))["weeklyTransactionSummary"]
    done = await send(
        bff,
        token,
        "other-banks",
        "other-banks",
        destinationAccountNumber="9000000038",  # the simulated bank times out: pending
        destinationBankCode=GTB,
        amount=300,
    )
    assert done.status_code == 202 and done.json()["status"] == "PENDING", done.text
    pending = (await summary(bff, token))["weeklyTransactionSummary"]
    assert pending["pendingTransactions"] == before["pendingTransactions"] + 1
    assert await follow_up(bff) >= 1  # the worker's status query completes it
    settled = (await summary(bff, token))["weeklyTransactionSummary"]
    assert settled["pendingTransactions"] == before["pendingTransactions"]
    assert settled["outwards"] == pytest.approx(pending["outwards"] + 300)


async def test_money_moved_outside_kobo_shows_within_the_keeping_time(bff_factory):
    """A credit from another bank or a tester's move in the core does not go through the
    customer's own payments: it shows once the kept answer expires."""
    bff = await bff_factory(read_cache_s=0.3)
    token = await bff.sign_in()
    before = await summary(bff, token)
    moved = await bff.sim.post(
        "/core/transfers",
        json={
            "reference": "kept-summary-1",
            "debitAccount": ADA_CURRENT,
            "creditAccount": TUNDE_ACCOUNT,
            "amountKobo": 123_45,
            "narration": "summary test",
        },
    )
    assert moved.json()["status"] == "SUCCESS"
    await asyncio.sleep(0.4)
    after = await summary(bff, token)
    assert after["totalAvailableBalance"] == pytest.approx(before["totalAvailableBalance"] - 123.45)
    assert after["recentTransactions"][0]["amount"] == 123.45
    assert after["recentTransactions"][0]["transactionType"] == "DEBIT"


async def test_a_new_schedule_shows_on_the_kept_dashboard_at_once(bff_factory):
    bff = await bff_factory(**KEPT)
    token = await bff.sign_in()
    assert (await summary(bff, token))["scheduledPayments"] == []
    created = await schedule(bff, token, amount=250)
    assert created.status_code in (200, 201), created.text
    shown = (await summary(bff, token))["scheduledPayments"]
    assert [s["amount"] for s in shown] == [250]


async def test_an_account_opened_here_shows_on_the_kept_dashboard_at_once(bff_factory):
    bff = await bff_factory(**KEPT)
    token = await bff.sign_in()
    before = [a["accountNumber"] for a in (await summary(bff, token))["accounts"]]
    opened = await bff.client.post("/api/accounts", headers=auth(token), json={"accountTypeId": 2})
    assert opened.status_code == 201, opened.text
    after = [a["accountNumber"] for a in (await summary(bff, token))["accounts"]]
    assert len(after) == len(before) + 1


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Customer:
    id, activity_version, customer_id = 7, 1, "C0007"


class CoreVersions:
    """The core's activity version of every customer, as a test sets it; counts its calls."""

    def __init__(self, version: str = "v1") -> None:
        self.version, self.reads, self.asked = version, 0, list[list[str]]()

    async def __call__(self, customer_ids: Sequence[str]) -> dict[str, str]:
        self.reads += 1
        self.asked.append(list(customer_ids))
        await asyncio.sleep(0)
        return dict.fromkeys(customer_ids, self.version)


# A check behind a read waits this long (real time) for others to go with it.
GATHERED = 2 * CHECKS_GATHERED_FOR + 0.05


def counting(answers: list[str], versions: CoreVersions | None = None):  # type: ignore[no-untyped-def]
    """A computation that answers the next of `answers` each time, with the core version
    `versions` holds as it computes (as the core's activity answers it), if given."""
    made: list[str] = []

    async def compute() -> Computed[str]:
        await asyncio.sleep(0)
        made.append(answers[len(made)])
        return Computed(made[-1], versions.version if versions else None)

    return compute, made


@pytest.fixture
def full_time(monkeypatch):  # type: ignore[no-untyped-def]
    """Every answer kept for all of `seconds` (not a random share of it)."""
    monkeypatch.setattr("bff.users.read_cache.random.uniform", lambda _low, high: high)


async def test_an_answer_in_its_last_quarter_is_served_at_once_and_refreshed_behind_it(
    full_time,
):
    clock = Clock()
    cache = ReadCache(seconds=2, timer=clock)
    compute, made = counting(["first", "second", "third"])
    customer = Customer()
    assert await cache.read(customer, "summary", compute) == "first"
    clock.now += 1.2  # within its first three quarters: kept, nothing made
    assert await cache.read(customer, "summary", compute) == "first" and made == ["first"]
    clock.now += 0.4  # in its last quarter: still served, one refresh begins
    assert await cache.read(customer, "summary", compute) == "first"
    assert await cache.read(customer, "summary", compute) == "first"  # the same refresh
    for _ in range(3):
        await asyncio.sleep(0)
    assert made == ["first", "second"]
    assert await cache.read(customer, "summary", compute) == "second"
    clock.now += 2.1  # past its time: nothing stale is served, the read computes
    assert await cache.read(customer, "summary", compute) == "third"


async def test_reads_that_find_nothing_kept_share_one_computation(full_time):
    cache = ReadCache(seconds=2, timer=Clock())
    compute, made = counting(["only", "never"])
    answers = await asyncio.gather(*(cache.read(Customer(), "summary", compute) for _ in range(5)))
    assert answers == ["only"] * 5 and made == ["only"]


async def test_a_failed_refresh_leaves_the_answer_to_expire_as_usual(full_time):
    clock = Clock()
    cache = ReadCache(seconds=2, timer=clock)
    customer = Customer()

    async def failing() -> Computed[str]:
        raise RuntimeError("core down")

    async def first() -> Computed[str]:
        return Computed("first", None)

    assert await cache.read(customer, "summary", first) == "first"
    clock.now += 1.6
    assert await cache.read(customer, "summary", failing) == "first"
    for _ in range(3):
        await asyncio.sleep(0)
    clock.now += 0.5  # expired: the failure reaches the customer
    with pytest.raises(RuntimeError):
        await cache.read(customer, "summary", failing)


async def test_an_answer_the_core_confirms_is_served_without_computing_it_again(full_time):
    clock, versions = Clock(), CoreVersions()
    cache = ReadCache(seconds=2, core_versions=versions, timer=clock)
    compute, made = counting(["first", "second"], versions)
    customer = Customer()
    assert await cache.read(customer, "summary", compute) == "first"
    assert versions.reads == 0  # the computation brought its version: nothing to check
    clock.now += 1.6  # last quarter: served, checked behind the read
    assert await cache.read(customer, "summary", compute) == "first"
    await asyncio.sleep(GATHERED)
    assert versions.reads == 1 and made == ["first"]
    clock.now += 2.1  # past its time: the read waits for the check, which confirms it
    assert await cache.read(customer, "summary", compute) == "first"
    assert versions.reads == 2 and made == ["first"]


async def test_a_changed_core_version_computes_the_answer_again(full_time):
    clock, versions = Clock(), CoreVersions()
    cache = ReadCache(seconds=2, core_versions=versions, timer=clock)
    compute, made = counting(["first", "second"], versions)
    customer = Customer()
    assert await cache.read(customer, "summary", compute) == "first"
    versions.version = "v2"  # money arrived from another bank
    clock.now += 2.1
    assert await cache.read(customer, "summary", compute) == "second"
    assert made == ["first", "second"]


async def test_a_failed_check_computes_the_answer_again(full_time):
    clock = Clock()

    async def core_down(_customer_ids: Sequence[str]) -> dict[str, str]:
        raise RuntimeError("core down")

    cache = ReadCache(seconds=2, core_versions=core_down, timer=clock)
    compute, made = counting(["first", "second"])
    assert await cache.read(Customer(), "summary", compute) == "first"
    clock.now += 2.1
    assert await cache.read(Customer(), "summary", compute) == "second"
    assert made == ["first", "second"]


async def test_a_confirmed_answer_is_still_computed_again_after_the_longest_time(full_time):
    clock, versions = Clock(), CoreVersions()
    cache = ReadCache(seconds=2, core_versions=versions, timer=clock)
    compute, made = counting(["first", "second"], versions)
    customer = Customer()
    assert await cache.read(customer, "summary", compute) == "first"
    while clock.now < 1000.0 + LONGEST_KEPT_S - 2:
        clock.now += 1.9
        assert await cache.read(customer, "summary", compute) == "first"
    clock.now += 2.1
    assert await cache.read(customer, "summary", compute) == "second"
    assert made == ["first", "second"]


async def test_checks_behind_reads_go_to_the_core_together(full_time):
    clock, versions = Clock(), CoreVersions()
    cache = ReadCache(seconds=2, core_versions=versions, timer=clock)
    customers = [Customer() for _ in range(3)]
    for number, customer in enumerate(customers):
        customer.id, customer.customer_id = number, f"C{number}"
        compute, _made = counting(["first"], versions)
        assert await cache.read(customer, "summary", compute) == "first"
    assert versions.asked == []  # each computation brought its own version
    clock.now += 1.6
    for customer in customers:
        assert await cache.read(customer, "summary", compute) == "first"
    await asyncio.sleep(GATHERED)
    assert versions.asked == [["C0", "C1", "C2"]]


async def test_a_read_that_forces_a_core_outcome_is_always_computed(full_time):
    """A tester's X-Sim-Scenario must meet the core, not a kept answer."""
    cache = ReadCache(seconds=2, core_versions=CoreVersions(), timer=Clock())
    compute, made = counting(["kept", "forced"])
    assert await cache.read(Customer(), "summary", compute) == "kept"
    token = current_scenario.set("accounts.read.unavailable")
    try:
        assert await cache.read(Customer(), "summary", compute) == "forced"
    finally:
        current_scenario.reset(token)
    assert made == ["kept", "forced"]


async def test_an_unchanged_core_spares_the_dashboard_its_computation(bff_factory):
    """Through the simulator: once the keeping time is over, the core's activity version
    confirms the kept dashboard and nothing is read again."""
    bff = await bff_factory(read_cache_s=0.3)
    token = await bff.sign_in()
    core = bff.app.state.dashboard_service.core
    calls = {"activity": 0}
    activity = core.customer_activity

    async def counted_activity(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls["activity"] += 1
        return await activity(*args, **kwargs)

    core.customer_activity = counted_activity
    first = await summary(bff, token)
    await asyncio.sleep(0.4)
    assert await summary(bff, token) == first
    assert calls["activity"] == 1


async def test_every_payment_table_keeps_its_activity_triggers(bff):
    """The kept answers' promise rests on triggers (migration 0014). A later migration that
    recreates one of these tables (as SQLite's batch mode does to alter a column) would drop
    them without a word: this names what must still be there after every migration."""
    tables = ("transfers", "bill_vends", "scheduled_payments")
    async with bff.db.autocommit() as session:
        if session.get_bind().dialect.name == "postgresql":
            found = await session.execute(
                text(
                    "SELECT tgrelid::regclass::text, tgname FROM pg_trigger WHERE NOT tgisinternal"
                )
            )
            wanted = {(table, f"{table}_activity") for table in tables}
        else:
            found = await session.execute(
                text("SELECT tbl_name, name FROM sqlite_master WHERE type = 'trigger'")
            )
            events = ("insert", "update", "delete")
            wanted = {(t, f"{t}_activity_{event}") for t in tables for event in events}
        assert wanted <= {(table, name) for table, name in found.all()}


async def test_a_computed_answer_asks_the_core_for_nothing_but_itself(bff_factory):
    """After the customer's own payment nothing is kept under their new version: the screen
    is computed, and the core's activity answer carries the version it is filed under, so no
    separate version read goes before it (issue 39: a hop per payment screen). A check of a
    kept answer still asks for the version, and a core that moved confirms nothing."""
    bff = await bff_factory(read_cache_s=0.3)
    token = await bff.sign_in()
    core = bff.app.state.dashboard_service.core
    calls = {"activity": 0, "versions": 0}
    activity, versions = core.customer_activity, core.activity_versions

    async def counted_activity(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls["activity"] += 1
        return await activity(*args, **kwargs)

    async def counted_versions(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls["versions"] += 1
        return await versions(*args, **kwargs)

    core.customer_activity = counted_activity
    bff.app.state.dashboard_service.read_cache._checks._core_versions = counted_versions
    first = await summary(bff, token)
    assert calls == {"activity": 1, "versions": 0}
    await pay_tunde(bff, token, 10)
    calls.update(activity=0, versions=0)
    after = await summary(bff, token)
    assert calls == {"activity": 1, "versions": 0}
    assert after["totalAvailableBalance"] == pytest.approx(first["totalAvailableBalance"] - 10)
    await asyncio.sleep(0.4)  # past the keeping time: a check, which the core confirms
    assert await summary(bff, token) == after
    assert calls == {"activity": 1, "versions": 1}
