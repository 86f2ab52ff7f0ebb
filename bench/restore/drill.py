"""The restore drill, step by step (docs/operations.md, section 7, has the runbook).

1. A PostgreSQL cluster of its own with WAL archiving to pgBackRest; the simulator's and the
   BFF's databases both on it. One cluster, one WAL stream: a point-in-time restore brings
   both back to the same instant, so no payment can be in one and not the other. (Two
   clusters restored to "the same" time would each stop at their own last commit before it,
   and a payment committed in the ledger a millisecond before the target but recorded by the
   BFF a millisecond after would be in one copy and not the other.)
2. Payments through the BFF; a full backup; payments; an incremental; payments, with a
   named restore point created while they run (the instant); payments after it.
3. A fresh cluster (new data directory, new port) restored to the restore point, promoted.
4. Checked on the copy's databases before anything runs on them (bench/restore/checks.py),
   then a simulator and a BFF started on the copy: the BFF's follow-up settles the payments
   that were in flight at the instant, and the bank-workload checker (bench/workload.check)
   must find nothing wrong.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx

from bench.growth import grow, ledger_lines
from bench.processes import Stack
from bench.restore import checks
from bench.restore.cluster import Cluster, Repository, as_postgres
from bench.workload import (
    CUSTOMERS,
    TRACKED,
    UNTHROTTLED,
    Check,
    Customer,
    Tally,
    balances,
    check,
    free_port,
    prepare_customers,
    reconcile,
)
from core_sim.db import Database as CoreDatabase

# /tmp/kobo-restore: emptied at the start of each drill, so never a shared directory.
WORK = Path(tempfile.gettempdir()) / "kobo-restore"
RESTORE_POINT = "kobo-restore-drill"
# Chioma's opening money, posted at the core directly (the core names it TRF-<reference>).
FUNDING = "restore-drill-funding"
# Every kind of payment that moves money now (scheduled ones run later, on the bank's clock).
# "own" only for customers with two accounts or more.
KINDS = ("intrabank", "intrabank", "interbank", "bulk", "bill")
ENV = {
    "KOBO_WORKER_INTERVAL_S": "0.5",
    "KOBO_CLOCK_SOURCE": "simulator",
    "KOBO_AUTO_APPROVE_REVIEWS": "0",
    "KOBO_SEED_PERSONAS": "1",
    **UNTHROTTLED,
}


@dataclass
class Figures:
    """What the drill measured, in seconds and bytes."""

    ledger_lines: int = 0
    database_bytes: int = 0  # the BFF's and the simulator's databases together
    full_backup_s: float = 0.0
    incr_backup_s: float = 0.0
    repository_bytes: int = 0
    verify_s: float = 0.0
    backups: str = ""  # `pgbackrest info`: the backups the restore chose from
    restore_s: float = 0.0  # pgbackrest restore: files back in a new data directory
    recovery_s: float = 0.0  # PostgreSQL replays WAL to the instant and is promoted
    serving_s: float = 0.0  # the simulator and the BFF started on the copy, answering
    acknowledged_before: int = 0
    in_flight_at_instant: int = 0
    begun_after: int = 0
    checks: list[Check] = field(default_factory=list)

    @property
    def rto_s(self) -> float:
        return self.restore_s + self.recovery_s + self.serving_s

    @property
    def violations(self) -> int:
        return sum(len(c.violations) for c in self.checks)


def clean(work: Path) -> None:
    """Stops clusters a previous drill left running here, then empties the directory."""
    for pid_file in work.glob("*/postmaster.pid"):
        Cluster(work, pid_file.parent.name, 0).stop()
    shutil.rmtree(work, ignore_errors=True)


def stack_on(cluster: Cluster, work: Path, name: str) -> Stack:
    return Stack(
        bff_db=cluster.url("kobo_bff"),
        sim_db=cluster.url("kobo_sim"),
        bff_port=free_port(),
        sim_port=free_port(),
        log_dir=work / name,
        env_overrides=ENV,
    )


async def pay(stack: Stack, tally: Tally, seconds: float, customers: int, seed: int) -> None:
    """`customers` sessions of the personas paying through the BFF for `seconds`."""
    emails = list(CUSTOMERS)
    people = []
    for i in range(customers):
        email = emails[i % len(emails)]
        kinds = [*KINDS, "own"] if len(CUSTOMERS[email]) > 1 else list(KINDS)
        people.append(Customer(email, stack, tally, random.Random(seed + i), kinds=kinds))
    until = time.monotonic() + seconds
    try:
        await asyncio.gather(*(person.run(until) for person in people))
    finally:
        for person in people:
            await person.close()


async def seed_ledger(sim_db: str, lines: int) -> int:
    """Grows the ledger to about `lines` lines (bench/growth.py). Postings come in whole
    rounds of two per tracked account, so each account's credits and debits cancel: every
    balance stays the sum of its lines. The ledger's size afterwards."""
    db = CoreDatabase(sim_db)
    try:
        missing = lines - await ledger_lines(db)
        per_round = 2 * 2 * len(TRACKED)  # lines in two rounds (a credit and a debit each)
        missing = -(-missing // per_round) * per_round
        if missing > 0:
            now = datetime.now(UTC)
            await grow(
                db, TRACKED, missing, before=now - timedelta(days=1), span=timedelta(days=365)
            )
        return await ledger_lines(db)
    finally:
        await db.dispose()


def database_bytes(cluster: Cluster) -> int:
    return int(
        cluster.sql("SELECT pg_database_size('kobo_bff') + pg_database_size('kobo_sim')").strip()
    )


async def run(
    work: Path = WORK, seconds: float = 6, customers: int = 3, size: int = 0, seed: int = 2026
) -> Figures:
    figures = Figures()
    clean(work)
    repository = Repository(work)
    primary = Cluster(work, "primary", free_port())
    repository.write_config(primary)
    primary.init(repository)
    primary.start()
    restored: Cluster | None = None
    live: Stack | None = None
    copy: Stack | None = None
    try:
        repository.run("stanza-create")
        for database in ("kobo_bff", "kobo_sim"):
            primary.sql(f"CREATE DATABASE {database}")
        live = stack_on(primary, work, "live")
        await asyncio.to_thread(live.start)
        await prepare_customers(live.bff_db)
        async with httpx.AsyncClient(base_url=live.sim_url, timeout=30) as sim:
            # Chioma starts with nothing: Musa (no internet banking) gives her ₦100,000.
            funded = await sim.post(
                "/core/transfers",
                json={
                    "reference": FUNDING,
                    "debitAccount": "1020000414",
                    "creditAccount": "1020000311",
                    "amountKobo": 10_000_000,
                    "narration": "restore drill funding",
                },
            )
            funded.raise_for_status()
            if size:
                await seed_ledger(live.sim_db, size)
            before = await balances(sim)

        tally = Tally()
        await pay(live, tally, seconds, customers, seed)
        figures.full_backup_s = await asyncio.to_thread(repository.backup, "full")
        await pay(live, tally, seconds, customers, seed + 100)
        figures.incr_backup_s = await asyncio.to_thread(repository.backup, "incr")

        # The instant: a named restore point, created while payments are under way. What was
        # answered before it must come back; what was asked while it was made may or may not.
        async def mark() -> float:
            await asyncio.sleep(seconds / 2)
            at = time.monotonic()
            primary.sql(f"SELECT pg_create_restore_point('{RESTORE_POINT}')")
            return at

        paying = pay(live, tally, seconds, customers, seed + 200)
        marked_at = (await asyncio.gather(mark(), paying))[0]
        acknowledged = [ack for ack in tally.acks if ack.answered_at < marked_at]
        after = Tally()
        await pay(live, after, seconds, customers, seed + 300)
        begun_after = after.transfer_ids | after.bill_ids
        # Waits until the WAL holding the restore point (and all before it) is archived,
        # then reads back every file of the repository against its checksum.
        repository.run("check")
        started = time.monotonic()
        repository.verify()
        figures.verify_s = time.monotonic() - started
        figures.backups = repository.run("info")
        figures.database_bytes = database_bytes(primary)
        figures.ledger_lines = await _lines(live.sim_db)
        await asyncio.to_thread(live.stop)
        live = None
        primary.stop()

        restored = Cluster(work, "restored", free_port())
        figures.restore_s = await asyncio.to_thread(
            repository.restore, restored.data, RESTORE_POINT
        )
        started = time.monotonic()
        # A copy for checking: its new timeline must not be archived into the live stanza.
        restored.start("archive_mode=off")
        restored.wait_until_writable()
        figures.recovery_s = time.monotonic() - started

        bff_db, sim_db = restored.url("kobo_bff"), restored.url("kobo_sim")
        ledger_check, debited = await checks.ledger(sim_db)
        held = await checks.payments(bff_db)
        agreement, figures.in_flight_at_instant = checks.payments_against_ledger(
            held, debited, besides=frozenset({f"TRF-{FUNDING}"})
        )
        figures.acknowledged_before = len(acknowledged)
        figures.begun_after = len(begun_after)
        figures.checks = [
            ledger_check,
            agreement,
            checks.before_instant(held, acknowledged),
            checks.after_instant(held, begun_after),
        ]

        copy = stack_on(restored, work, "restored-stack")
        started = time.monotonic()
        await asyncio.to_thread(copy.start)
        figures.serving_s = time.monotonic() - started
        await reconcile(copy, bff_db)
        figures.checks += await check(copy, bff_db, before, tally)
        figures.repository_bytes = _repository_bytes(work)
    finally:
        for stack in (live, copy):
            if stack is not None:
                await asyncio.to_thread(stack.stop)
        for cluster in (primary, restored):
            if cluster is not None:
                with contextlib.suppress(RuntimeError):
                    cluster.stop()
    return figures


async def _lines(sim_db: str) -> int:
    db = CoreDatabase(sim_db)
    try:
        return await ledger_lines(db)
    finally:
        await db.dispose()


def _repository_bytes(work: Path) -> int:
    return int(as_postgres("du", "-sb", str(work / "repo")).split()[0])
