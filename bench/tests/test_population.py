"""The bench's realistic population (bench/population.py) keeps the ledger's rules: every
posting balanced, integer kobo, each account's running balance, balance and line count its
lines' own, and no customer below zero."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import text

from bench.population import COUNTER_ACCOUNT, seed
from core_sim.db import Database
from core_sim.seed import seed as seed_core

NOW = datetime(2027, 3, 1, 9, 0, tzinfo=UTC)  # pinned: no wall clock


@pytest.mark.postgres  # set-based PostgreSQL (generate_series, LATERAL): the bench's database
async def test_the_population_keeps_the_ledger_balanced_and_consistent(databases):  # type: ignore[no-untyped-def]
    db = Database(databases.new("population"))
    try:
        await seed_core(db, 2026, "090605")
        population = await seed(db, NOW, "090605", customers=60)
        assert len(population.members) == 60
        assert sum(m.heavy for m in population.members) == 6
        drawn = population.draw(20)
        assert len({m.customer_id for m in drawn}) == 20 and drawn == population.draw(20)
        assert population.lines > 0
        async with db.reader() as session:

            async def one(sql: str) -> int:
                return int(await session.scalar(text(sql)) or 0)

            assert await one("SELECT sum(balance_kobo) FROM ledger_accounts") == 0
            assert (
                await one(
                    "SELECT count(*) FROM (SELECT posting_id FROM entries"
                    " GROUP BY posting_id HAVING sum(amount_kobo) <> 0) AS unbalanced"
                )
                == 0
            )
            # Each account: balance and line count are its lines' sum and count.
            assert (
                await one(
                    "SELECT count(*) FROM ledger_accounts AS a WHERE a.balance_kobo <>"
                    " (SELECT coalesce(sum(amount_kobo), 0) FROM entries WHERE account_id = a.id)"
                    " OR a.line_count <> (SELECT count(*) FROM entries WHERE account_id = a.id)"
                )
                == 0
            )
            # The population's lines: each running balance the sum so far, in the order
            # statements read them; never below zero on a customer's account.
            wrong = await session.scalar(
                text(
                    "SELECT count(*) FROM (SELECT e.balance_after_kobo, sum(e.amount_kobo) OVER"
                    " (PARTITION BY e.account_id ORDER BY e.posted_at, e.id) AS running,"
                    " a.kind FROM entries AS e JOIN ledger_accounts AS a ON a.id = e.account_id"
                    " WHERE a.customer_id LIKE 'POP%' OR a.number = :counter) AS lines"
                    " WHERE balance_after_kobo <> running OR (kind = 'CUSTOMER' AND running < 0)"
                ),
                {"counter": COUNTER_ACCOUNT},
            )
            assert wrong == 0
            # Every population line is in the past.
            future = await session.scalar(
                text(
                    "SELECT count(*) FROM entries AS e JOIN ledger_accounts AS a"
                    " ON a.id = e.account_id WHERE a.customer_id LIKE 'POP%' AND e.posted_at >= :now"
                ),
                {"now": NOW},
            )
            assert future == 0
    finally:
        await db.dispose()
