"""The dashboard's read of a customer's newest lines (`customer_activity`): on PostgreSQL found
account by account (LATERAL, issue 57), on SQLite over all the accounts at once; either way
exactly the newest lines of all the customer's accounts, in (posted_at, id) order, and the
totals since a moment."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select, update

from core_sim.customers import service
from core_sim.customers.models import Customer
from core_sim.db import Database
from core_sim.ledger import service as ledger
from core_sim.ledger.models import Entry, LedgerAccount, Posting
from core_sim.seed import FUNDING
from core_sim.tests import world

CUSTOMER = "CIF-NEWEST"
T0 = datetime(2027, 3, 1, 9, 0, tzinfo=UTC)  # pinned: no wall clock


async def _build(db: Database) -> None:
    await world.build(db, opening_kobo=(0, 0, 0))
    async with db.writer() as session:
        session.add(Customer(id=CUSTOMER, first_name="Newest", last_name="Lines", created_at=T0))
        await session.flush()
        await session.execute(
            update(LedgerAccount)
            .where(LedgerAccount.number.in_(world.CUSTOMER_ACCOUNTS[:2]))
            .values(customer_id=CUSTOMER)
        )


@pytest.fixture(scope="module")
async def newest_template(databases) -> str:  # type: ignore[no-untyped-def]
    return await world.template(databases, "newest_world", _build)


lines = st.lists(
    st.tuples(
        st.sampled_from(world.CUSTOMER_ACCOUNTS),  # the third is not the customer's
        st.integers(0, 12),  # minutes after T0: few values, so moments repeat
        st.integers(1, 9_000),
    ),
    max_size=30,
)


@pytest.mark.slow
@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(credits=lines, recent=st.integers(0, 12), since_minutes=st.integers(0, 13))
def test_the_newest_lines_and_totals_are_those_of_all_the_customers_lines(
    databases, newest_template, credits, recent, since_minutes
):
    async def scenario() -> None:
        db = Database(databases.new("newest", newest_template))
        try:
            async with db.writer() as session:
                for i, (number, minutes, kobo) in enumerate(credits):
                    await ledger.post(
                        session,
                        reference=f"N-{i}",
                        kind="SEED",
                        narration=f"line {i}",
                        legs=[ledger.Leg(FUNDING, -kobo), ledger.Leg(number, kobo)],
                        posted_at=T0 + timedelta(minutes=minutes),
                    )
            since = T0 + timedelta(minutes=since_minutes)
            async with db.plain_reader() as connection:
                activity = await service.customer_activity(connection, CUSTOMER, since, recent)
            async with db.reader() as session:
                every = (
                    await session.execute(
                        select(Posting.reference, Entry.amount_kobo, Entry.posted_at, Entry.id)
                        .join(Posting, Posting.id == Entry.posting_id)
                        .join(LedgerAccount, LedgerAccount.id == Entry.account_id)
                        .where(LedgerAccount.customer_id == CUSTOMER)
                    )
                ).all()
            newest = sorted(every, key=lambda r: (r.posted_at, r.id), reverse=True)[:recent]
            assert activity is not None
            assert [r["reference"] for r in activity.recent] == [r.reference for r in newest]
            week = [r for r in every if r.posted_at >= since]
            assert activity.lines_since == len(week)
            assert activity.credits_since_kobo == sum(r.amount_kobo for r in week)
            assert activity.debits_since_kobo == 0
        finally:
            await db.dispose()

    asyncio.run(scenario())
