"""What the savings end of day costs (issue 58): 100,000 seeded pockets on PostgreSQL.

Seeds the simulator's world on a fresh PostgreSQL database, then `--pockets` pockets over
its 30 Faker customers and the personas (60 % flexible, 25 % locked for 30 to 365 days,
15 % goals), each funded from the bank's capital in one set-based run
(`ledger.post_many`). Then times the end of day (core_sim/savings/eod.py `run_day`, one
transaction each) for an ordinary day, 29 November 2026, which accrues every pocket, and
for the month's end the next day, which accrues every pocket again, pays the interest and
withholds the tax of every flexible pocket and goal (two postings each) and pays back the
locked pockets that mature, and prunes the accrual rows it paid. It checks the work too: the
accrual rows kept (the locked pockets still open, one per day) and pruned adding up to what
each pocket accrued, the ledger at zero, each payment as the rule computes it.

    python -m bench.savings [--pockets 100000] [--postgres 127.0.0.1:5432] [--no-write]
"""

from __future__ import annotations

import argparse
import asyncio
import time
from dataclasses import dataclass
from datetime import UTC, date, datetime

from sqlalchemy import func, select, text

from bench.processes import ROOT
from bench.report import write_section
from bench.workload import _postgres_databases, drop_postgres_databases
from core_sim.db import Database
from core_sim.ledger import service as ledger
from core_sim.ledger.models import LedgerAccount
from core_sim.savings.days import LAGOS, end_of
from core_sim.savings.eod import run_day
from core_sim.savings.interest import UNITS_PER_KOBO, daily_units, payment
from core_sim.savings.models import SavingsAccrual, SavingsPocket
from core_sim.seed import FUNDING, seed
from core_sim.settings import SavingsRates

DOC = ROOT / "docs" / "benchmarks.md"
START, END = "<!-- bench-savings:start -->", "<!-- bench-savings:end -->"
HEADING = "### The savings end of day (`bench.savings`)"
OPENED = date(2026, 11, 1)
ORDINARY, MONTH_END = date(2026, 11, 29), date(2026, 11, 30)
TARGET_S = 60.0
RATES = SavingsRates()

# Pockets for every customer in turn; their rates and terms as the products give them.
_POCKETS = """
WITH owners AS (
    SELECT id AS customer_id, row_number() OVER (ORDER BY id) - 1 AS i,
           count(*) OVER () AS n FROM customers
    WHERE id IN (SELECT customer_id FROM ledger_accounts WHERE kind = 'CUSTOMER')
),
made AS (
    SELECT g AS serial, CASE WHEN g % 20 < 12 THEN 'FLEXIBLE' WHEN g % 20 < 17 THEN 'LOCKED'
                             ELSE 'GOAL' END AS product,
           30 + (g * 7919) % 336 AS term
    FROM generate_series(1, :pockets) AS g
),
accounts AS (
    INSERT INTO ledger_accounts (number, name, kind, status, customer_id, balance_kobo,
                                 held_kobo, line_count, allow_negative, opened_at,
                                 outflows_held)
    SELECT 'SAV' || lpad(m.serial::text, 9, '0'), 'Pocket ' || m.serial, 'SAVINGS', 'ACTIVE',
           o.customer_id, 0, 0, 0, false, :opened_at, false
    FROM made AS m JOIN owners AS o ON o.i = m.serial % o.n
    RETURNING id, number, customer_id
)
INSERT INTO savings_pockets (customer_id, account_id, source_account, product, name, rate_bps,
                             status, opened_at, opened_on, term_days, matures_on, target_kobo,
                             target_date, accrued_units, interest_paid_kobo, tax_withheld_kobo,
                             forfeited_units, pruned_units, opening_reference)
SELECT a.customer_id, a.id,
       (SELECT min(number) FROM ledger_accounts AS c
        WHERE c.customer_id = a.customer_id AND c.kind = 'CUSTOMER'),
       m.product, 'Pocket ' || m.serial,
       CASE m.product WHEN 'FLEXIBLE' THEN CAST(:flexible AS integer)
                      WHEN 'GOAL' THEN CAST(:goal AS integer)
                      ELSE CASE WHEN m.term >= 180 THEN CAST(:l180 AS integer)
                                WHEN m.term >= 90 THEN CAST(:l90 AS integer)
                                ELSE CAST(:l30 AS integer) END
       END,
       'ACTIVE', :opened_at, CAST(:opened_on AS date),
       CASE WHEN m.product = 'LOCKED' THEN m.term END,
       CASE WHEN m.product = 'LOCKED' THEN CAST(:opened_on AS date) + m.term END,
       CASE WHEN m.product = 'GOAL' THEN 100000000 END,
       CASE WHEN m.product = 'GOAL' THEN CAST(:opened_on AS date) + 365 END,
       0, 0, 0, 0, 0, 'BENCH-' || m.serial
FROM accounts AS a JOIN made AS m ON a.number = 'SAV' || lpad(m.serial::text, 9, '0')
"""

_FUNDING_ROWS = (
    "SELECT 'BENCH-FUND-' || p.id AS reference, 'Savings top-up: ' || p.name AS narration,"
    " p.account_id, 100000 + (CAST(p.id AS bigint) * 104729) % 50000000 AS amount_kobo,"
    " 'Bank capital' AS counterparty_name FROM savings_pockets AS p"
)


async def prepare(url: str, pockets: int) -> None:
    db = Database(url)
    await seed(db, 2026, "090605")
    opened_at = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)
    rates = dict(zip(("l30", "l90", "l180"), (bps for _, bps in RATES.locked_bps), strict=True))
    async with db.writer() as session:
        await session.execute(
            text(_POCKETS),
            {
                "pockets": pockets,
                "opened_at": opened_at,
                "opened_on": OPENED,
                "flexible": RATES.flexible_bps,
                "goal": RATES.goal_bps,
                **rates,
            },
        )
        await ledger.post_many(
            session,
            rows=_FUNDING_ROWS,
            params={},
            kind="SEED",
            bank_account=FUNDING,
            posted_at=opened_at,
        )
    async with db.writer() as session:
        await session.execute(text("ANALYZE"))
    await db.dispose()


@dataclass(frozen=True, slots=True)
class Day:
    business_date: date
    seconds: float
    accrued: int
    payments: int
    matured: int


async def measure(url: str) -> tuple[list[Day], int]:
    db = Database(url)
    days = []
    try:
        for day in (ORDINARY, MONTH_END):
            began = time.perf_counter()
            async with db.writer() as session:
                run = await run_day(session, RATES, day)
            days.append(
                Day(day, time.perf_counter() - began, run.pockets, run.payments, run.matured)
            )
        pockets = await check(db)
    finally:
        await db.dispose()
    return days, pockets


# Pockets whose accrual rows kept and pruned do not add up to what they accrued.
_UNITS_ASTRAY = f"""
SELECT count(*) FROM savings_pockets AS p
LEFT JOIN (SELECT pocket_id, SUM(units) AS units FROM savings_accruals GROUP BY pocket_id) AS a
    ON a.pocket_id = p.id
WHERE COALESCE(a.units, 0) + p.pruned_units
      <> p.accrued_units + p.interest_paid_kobo * {UNITS_PER_KOBO} + p.forfeited_units
"""  # noqa: S608 (a constant)


async def check(db: Database) -> int:
    """After the month's end, accrual rows only for the locked pockets still open (two days
    each), every pocket's units kept or pruned; the ledger at zero; each payment as the rule."""
    async with db.reader() as session:
        pockets = int(await session.scalar(select(func.count()).select_from(SavingsPocket)) or 0)
        open_locked = await session.scalar(
            select(func.count())
            .select_from(SavingsPocket)
            .where(SavingsPocket.product == "LOCKED", SavingsPocket.status == "ACTIVE")
        )
        rows = await session.scalar(select(func.count()).select_from(SavingsAccrual))
        assert rows == 2 * int(open_locked or 0), (rows, open_locked)
        assert await session.scalar(text(_UNITS_ASTRAY)) == 0
        assert await ledger.total_of_all_balances(session) == 0
        sample = (
            await session.execute(
                select(SavingsPocket, LedgerAccount.balance_kobo)
                .join(LedgerAccount, LedgerAccount.id == SavingsPocket.account_id)
                .where(SavingsPocket.product == "FLEXIBLE")
                .order_by(SavingsPocket.id)
                .limit(50)
            )
        ).all()
    for pocket, balance in sample:
        funded = 100_000 + (pocket.id * 104_729) % 50_000_000
        paid, rest = payment(2 * daily_units(funded, pocket.rate_bps))
        assert pocket.interest_paid_kobo == paid.gross_kobo, pocket.id
        assert pocket.accrued_units == rest and rest < UNITS_PER_KOBO
        assert balance == funded + paid.net_kobo
    assert end_of(MONTH_END) > end_of(ORDINARY)
    return pockets


def table(days: list[Day], pockets: int, seed_s: float) -> str:
    ordinary, month_end = days
    worst = max(d.seconds for d in days)
    verdict = "hit" if worst <= TARGET_S else "**miss**"
    return "\n".join(
        [
            f"Measured {datetime.now(LAGOS):%Y-%m-%d %H:%M} (Lagos) by `python -m bench.savings`"
            f": PostgreSQL, in process, {pockets:,} pockets (60 % flexible, 25 % locked, 15 % "
            f"goals; seeded in {seed_s:,.0f} s), one transaction per business date.",
            "",
            "| business date | pockets accrued | interest payments | locked paid back | s |",
            "|---|---|---|---|---|",
            f"| {ordinary.business_date} (ordinary) | {ordinary.accrued:,} "
            f"| {ordinary.payments:,} | {ordinary.matured:,} | {ordinary.seconds:,.1f} |",
            f"| {month_end.business_date} (month's end) | {month_end.accrued:,} "
            f"| {month_end.payments:,} | {month_end.matured:,} | {month_end.seconds:,.1f} |",
            "",
            f"Target ≤ {TARGET_S:.0f} s a day: {verdict}. Checked: every pocket's accrual rows "
            "kept or pruned adding up to what it accrued, the ledger at zero, 50 pockets to the "
            "kobo (`interest.py`).",
            "",
        ]
    )


async def main_async(pockets: int, postgres: str) -> str:
    _, url = await _postgres_databases(postgres)
    try:
        began = time.perf_counter()
        await prepare(url, pockets)
        seed_s = time.perf_counter() - began
        days, counted = await measure(url)
    finally:
        await drop_postgres_databases(
            postgres,
            [
                url.rsplit("/", 1)[1],
            ],
        )
    return table(days, counted, seed_s)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pockets", type=int, default=100_000)
    parser.add_argument("--postgres", default="127.0.0.1:5432")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    text_block = asyncio.run(main_async(args.pockets, args.postgres))
    print(text_block)
    if not args.no_write:
        write_section(DOC, START, END, text_block, HEADING)


if __name__ == "__main__":
    main()
