"""Benchmark: a one-year statement for an account with 10,000 lines (issue 8).

Seeds a simulator database, gives one account `--lines` ledger lines spread over the last
year, runs the simulator as a real HTTP server, and times what the BFF does for a statement
request — fetch the lines and the opening balance over HTTP, render the PDF, render the
Excel file — as the median of `--runs` runs. It checks the figures too (opening + credits -
debits = closing = the ledger's balance), and writes a table into docs/benchmarks.md.

    python -m bench.statement [--lines 10000] [--runs 5] [--no-write]
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import random
import statistics
import tempfile
import time
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

from faker import Faker
from sqlalchemy import select

from bench.processes import ROOT, Stack
from bench.report import write_section
from bench.workload import free_port
from bff.core_client import CoreClient
from bff.dates import LAGOS
from bff.history.service import HistoryService, lagos_midnight
from bff.history.statements import render_pdf, render_xlsx
from bff.users.models import User
from core_sim.db import Database
from core_sim.ledger.models import LedgerAccount
from core_sim.seed import add_history, seed
from core_sim.simclock.state import utcnow

ACCOUNT = "1020000414"  # Musa Ibrahim's savings
DOC = ROOT / "docs" / "benchmarks.md"
START, END = "<!-- bench-statement:start -->", "<!-- bench-statement:end -->"


async def prepare(sim_db: str, lines: int) -> None:
    db = Database(sim_db)
    await seed(db, 2026, "090605")
    async with db.writer() as session:
        account = await session.scalar(select(LedgerAccount).where(LedgerAccount.number == ACCOUNT))
        assert account is not None
        await add_history(
            session,
            account,
            account.balance_kobo,
            12,
            random.Random(11),
            Faker("en_NG"),
            utcnow(),
            lines_per_year=lines,
            reference_prefix="BENCH",
        )
    await db.dispose()


@dataclass
class Timing:
    fetch_s: float
    pdf_s: float
    xlsx_s: float
    lines: int
    pdf_bytes: int
    xlsx_bytes: int


async def one_run(core: CoreClient, start: date, end: date) -> Timing:
    history = HistoryService(cast(Any, None), core, cast(Any, None))
    user = cast(User, SimpleNamespace(first_name="Musa", last_name="Ibrahim"))
    account = await core.account(ACCOUNT)
    t0 = time.perf_counter()
    statement = await history.build_statement(user, account, start, end)
    t1 = time.perf_counter()
    pdf = render_pdf(statement)
    t2 = time.perf_counter()
    xlsx = render_xlsx(statement)
    t3 = time.perf_counter()
    closing_at_end = statement.opening_kobo + statement.credits_kobo - statement.debits_kobo
    ledger_now = account.ledger_balance_kobo
    assert statement.closing_kobo == closing_at_end == ledger_now, "statement does not add up"
    return Timing(t1 - t0, t2 - t1, t3 - t2, len(statement.lines), len(pdf), len(xlsx))


async def measure(lines: int, runs: int) -> list[Timing]:
    work = Path(tempfile.mkdtemp(prefix="kobo-bench-statement-"))
    sim_db = f"sqlite+aiosqlite:///{work / 'core_sim.sqlite3'}"
    await prepare(sim_db, lines)
    stack = Stack(bff_db="unused", sim_db=sim_db, bff_port=0, sim_port=free_port(), log_dir=work)
    await asyncio.to_thread(stack.start_sim_only)
    core = CoreClient.over_network(stack.sim_url, timeout_s=120)
    today = datetime.now(LAGOS).date()
    start = today - timedelta(days=365)
    try:
        assert lagos_midnight(start) < lagos_midnight(today)
        await one_run(core, start, today)  # warm-up
        return [await one_run(core, start, today) for _ in range(runs)]
    finally:
        await core.aclose()
        await asyncio.to_thread(stack.stop)


def table(lines: int, timings: list[Timing]) -> str:
    def median(values: list[float]) -> str:
        return f"{statistics.median(values) * 1000:,.0f} ms"

    fetch = [t.fetch_s for t in timings]
    pdf = [t.pdf_s for t in timings]
    xlsx = [t.xlsx_s for t in timings]
    total_pdf = [t.fetch_s + t.pdf_s for t in timings]
    total_xlsx = [t.fetch_s + t.xlsx_s for t in timings]
    sample = timings[0]
    return "\n".join(
        [
            f"Measured {datetime.now(LAGOS):%Y-%m-%d %H:%M} (Lagos) on {platform.machine()}, "
            f"Python {platform.python_version()}, simulator on SQLite over loopback HTTP; "
            f"median of {len(timings)} runs after a warm-up. Account {ACCOUNT} with "
            f"{sample.lines:,} lines in the year (asked for {lines:,}).",
            "",
            "| step | median |",
            "|---|---|",
            f"| fetch lines + opening balance from the core | {median(fetch)} |",
            f"| render PDF (reportlab, {sample.pdf_bytes / 1024:,.0f} KiB) | {median(pdf)} |",
            f"| render Excel (xlsxwriter, {sample.xlsx_bytes / 1024:,.0f} KiB) | {median(xlsx)} |",
            f"| **PDF statement, end to end** | **{median(total_pdf)}** |",
            f"| **Excel statement, end to end** | **{median(total_xlsx)}** |",
            "",
            "The request itself answers at once; this work runs in the background and the "
            "file is e-mailed, so these times are how long a customer waits for the mail.",
            "",
        ]
    )


def write(text: str) -> None:
    write_section(DOC, START, END, text, "## One-year statement, 10,000 lines (issue 8)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lines", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    timings = asyncio.run(measure(args.lines, args.runs))
    text = table(args.lines, timings)
    print(text)
    if not args.no_write:
        write(text)


if __name__ == "__main__":
    main()
