"""The benchmark harness (issue 11): Kobo in production mode on PostgreSQL, measured side by
side with the ceilings of the same machine in the same run.

1. Fresh PostgreSQL databases; the simulator seeded, then served (uvicorn, `--sim-workers`);
   the BFF in production mode (JSON logs, a real secret, `--workers` processes).
2. `--users` bench customers (a core customer and funded account each, an internet-banking
   user each, signed in), so concurrent clients never read each other's codes.
3. Ceilings: pgbench TPC-B on the same PostgreSQL with the same client count, and a trivial
   endpoint (`/health`) on the same server stack and worker count.
4. Workloads at 1 and 64 clients, each the median of `--runs` runs of `--seconds`, driven by
   a separate load-generator process (bench/load.py).
5. A table with every figure, the ratios and the targets, hit or miss, into
   docs/benchmarks.md.

    python -m bench.harness [--workers 2] [--seconds 5] [--runs 3] [--no-write]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import re
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx

from bench.growth import grow, ledger_lines
from bench.inbox import CODE
from bench.processes import ROOT, Stack
from bench.report import write_section
from bench.workload import UNTHROTTLED, _postgres_databases, drop_postgres_databases, free_port
from bff.auth.models import User
from bff.config import Argon2Params
from bff.db import Database
from bff.security.passwords import Passwords
from bff.timefmt import LAGOS
from core_sim.db import Database as CoreDatabase

DOC = ROOT / "docs" / "benchmarks.md"
START, END = "<!-- bench-harness:start -->", "<!-- bench-harness:end -->"
PASSWORD = "Bench@2026-Load"  # noqa: S105 (bench customers on a throw-away database)
CLIENTS = (1, 64)
WORKLOADS = (
    "trivial",
    "summary",
    "login",
    "transfer",
    "ledger",
    "name_enquiry",
    "history",
    "statement",
)
# Growth: the same operations, one client, with the ledger at each size in turn.
GROWTH_WORKLOADS = ("transfer", "history", "history_all_time")
GROWTH_SIZES = (10_000, 1_000_000)
LABELS = {
    "trivial": "trivial endpoint (GET /health) — ceiling",
    "summary": "authenticated GET /api/client-summary",
    "login": "login + code",
    "transfer": "intra-bank transfer, initiate + confirm",
    "ledger": "simulator ledger transfer alone",
    "name_enquiry": "name enquiry (NIP) through the BFF",
    "history": "history page, last 30 days (as the web app asks)",
    "history_all_time": "history page, no dates (newest of the whole history)",
    "statement": "one-year PDF statement, request until the e-mail arrives",
}


async def make_users(stack: Stack, count: int) -> list[dict[str, Any]]:
    """Bench customers: in the core (account funded from the bank's capital) and in the BFF."""
    users = []
    async with httpx.AsyncClient(base_url=stack.sim_url, timeout=60) as sim:
        for i in range(count):
            created = await sim.post(
                "/core/customers",
                json={
                    "reference": f"bench-customer-{i:04d}",
                    "firstName": "Bench",
                    "lastName": f"Customer{i:04d}",
                    "email": f"bench{i:04d}@bench.kobo.test",
                    "phoneNumber": f"0709{i:07d}",
                    "bvn": f"229{i:08d}",
                    "dateOfBirth": "1990-01-01",
                    "gender": "FEMALE",
                    "address": "1 Bench Street, Yaba",
                    "stateOfResidence": "Lagos",
                    "accountTypeId": 1,
                },
            )
            created.raise_for_status()
            body = created.json()
            account = body["account"]["accountNumber"]
            funded = await sim.post(
                "/core/transfers",
                json={
                    "reference": f"bench-funding-{i:04d}",
                    "debitAccount": "GL-FUNDING",
                    "creditAccount": account,
                    "amountKobo": 1_000_000_000,
                    "narration": "bench funding",
                },
            )
            funded.raise_for_status()
            users.append(
                {
                    "email": f"bench{i:04d}@bench.kobo.test",
                    "phone": f"0709{i:07d}",
                    "customerId": body["customer"]["customerId"],
                    "account": account,
                    "password": PASSWORD,
                }
            )
    password_hash = Passwords(Argon2Params()).hash(PASSWORD)  # production parameters
    db = Database(stack.bff_db)
    async with db.transaction() as session:
        session.add_all(
            User(
                email=user["email"],
                phone_number=user["phone"],
                password_hash=password_hash,
                first_name="Bench",
                last_name="Customer",
                customer_id=user["customerId"],
                onboarding_complete=True,
                kyc_level=3,
            )
            for user in users
        )
    await db.dispose()
    async with (
        httpx.AsyncClient(base_url=stack.bff_url, timeout=60) as bff,
        httpx.AsyncClient(base_url=stack.sim_url, timeout=60) as sim,
    ):
        for user in users:
            started = await bff.post(
                "/auth/ibanking/personal/login",
                json={"email": user["email"], "password": PASSWORD},
            )
            started.raise_for_status()
            inbox = (await sim.get("/sim/messages", params={"recipient": user["email"]})).json()
            code = CODE.search(inbox[0]["body"])
            assert code is not None
            verified = await bff.post(
                "/auth/ibanking/personal/otp-verification",
                json={**started.json(), "otp": code.group(1)},
            )
            verified.raise_for_status()
            user["token"] = verified.json()["tokenDTO"]["accessToken"]
    return users


def load(workload: str, clients: int, seconds: float, users_file: Path, stack: Stack) -> Any:
    """One run of the load generator, in its own process."""
    out = subprocess.run(  # noqa: S603
        [
            sys.executable,
            "-m",
            "bench.load",
            workload,
            "--clients",
            str(clients),
            "--seconds",
            str(seconds),
            "--users",
            str(users_file),
            "--bff",
            stack.bff_url,
            "--sim",
            stack.sim_url,
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def pgbench(host: str, clients: int, seconds: float, database: str) -> float:
    hostname, port = host.split(":")
    base = ["-h", hostname, "-p", port, "-U", "postgres"]
    out = subprocess.run(  # noqa: S603
        [
            tool("pgbench"),
            *base,
            "-n",
            "-c",
            str(clients),
            "-j",
            str(min(clients, os.cpu_count() or 1)),
            "-T",
            str(int(seconds)),
            database,
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    found = re.search(r"tps = ([\d.]+)", out.stdout)
    assert found, out.stdout
    return float(found.group(1))


@dataclass
class Figure:
    workload: str
    clients: int
    throughput: float
    p50_ms: float | None
    p99_ms: float | None
    errors: int


def median_of(results: list[dict[str, Any]]) -> Figure:
    def med(key: str) -> float | None:
        values = [r[key] for r in results if r[key] is not None]
        return statistics.median(values) if values else None

    return Figure(
        workload=results[0]["workload"],
        clients=results[0]["clients"],
        throughput=statistics.median(r["throughput"] for r in results),
        p50_ms=med("p50_ms"),
        p99_ms=med("p99_ms"),
        errors=sum(r["errors"] for r in results),
    )


def tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} is missing: apt-get install postgresql-client")
    return found


def prepare_databases(postgres: str, sim_db: str) -> str:
    """Seed the simulator before its workers start (each would otherwise seed on its own),
    and make a pgbench database at scale 1; returns its name."""
    subprocess.run(
        [sys.executable, "-m", "core_sim", "reset"],
        cwd=ROOT,
        env={**os.environ, "SIM_DATABASE_URL": sim_db},
        check=True,
        capture_output=True,
    )
    database = f"kobo_pgbench_{secrets.token_hex(4)}"
    hostname, port = postgres.split(":")
    login = ["-h", hostname, "-p", port, "-U", "postgres"]
    subprocess.run([tool("createdb"), *login, database], check=True)  # noqa: S603
    subprocess.run(  # noqa: S603
        [tool("pgbench"), *login, "-i", "-s", "1", "-q", database], check=True, capture_output=True
    )
    return database


@dataclass(frozen=True)
class BenchStack:
    stack: Stack
    users: list[dict[str, Any]]
    users_file: Path
    pgbench_database: str


@asynccontextmanager
async def running_stack(args: argparse.Namespace) -> AsyncIterator[BenchStack]:
    """Fresh databases, the simulator and the BFF in production mode, and `args.users`
    signed-in bench customers; everything stopped at the end."""
    work = Path(tempfile.mkdtemp(prefix="kobo-bench-"))
    bff_db, sim_db = await _postgres_databases(args.postgres)
    stack = Stack(
        bff_db=bff_db,
        sim_db=sim_db,
        bff_port=free_port(),
        sim_port=free_port(),
        log_dir=work,
        bff_workers=args.workers,
        sim_workers=args.sim_workers,
        env_overrides={
            "KOBO_ENV": "production",
            "KOBO_SECRET_KEY": secrets.token_urlsafe(48),
            "KOBO_SEED_PERSONAS": "0",
            "KOBO_LOG_FORMAT": "json",
            "KOBO_CORE_TIMEOUT_S": "30",
            # 64 clients on one loopback address: measure the work, not the limiter.
            **UNTHROTTLED,
            # The bench customers sign in once, at the start; the growth runs and the
            # one-client runs leave most of them idle for longer than a customer's 5 minutes.
            "KOBO_SESSION_IDLE_S": "86400",
        },
    )
    pg_database = await asyncio.to_thread(prepare_databases, args.postgres, sim_db)
    try:
        await asyncio.to_thread(stack.start)
        users = await make_users(stack, args.users)
        users_file = work / "users.json"
        users_file.write_text(json.dumps(users))
        yield BenchStack(stack, users, users_file, pg_database)
    finally:
        await asyncio.to_thread(stack.stop)
        # A growth run leaves a million ledger lines behind: nothing of a bench is kept.
        names = [url.rsplit("/", 1)[-1] for url in (bff_db, sim_db)] + [pg_database]
        await drop_postgres_databases(args.postgres, names)


async def run(args: argparse.Namespace) -> str:
    async with running_stack(args) as bench:
        stack, users_file = bench.stack, bench.users_file
        figures: dict[tuple[str, int], Figure] = {}
        tpcb: dict[int, float] = {}
        growth = await measure_growth(stack, bench.users, users_file, args) if args.growth else {}
        for clients in args.clients:
            tpcb[clients] = statistics.median(
                pgbench(args.postgres, clients, args.seconds, bench.pgbench_database)
                for _ in range(args.runs)
            )
            for workload in args.only or WORKLOADS:
                runs = [
                    load(workload, clients, args.seconds, users_file, stack)
                    for _ in range(args.runs)
                ]
                figures[(workload, clients)] = median_of(runs)
                print(json.dumps(runs[-1]), flush=True)
    return report(figures, tpcb, growth, args)


async def measure_growth(
    stack: Stack, users: list[dict[str, Any]], users_file: Path, args: argparse.Namespace
) -> dict[int, dict[str, Figure]]:
    """Transfer and history at 1 client with the ledger at 10,000 lines, then at 1,000,000.

    The first top-up is dated over the last year (a year of activity); the growth to a
    million is dated one to six years back, as an old account's history is: what a customer
    sees first (the last 30 days) is the same size, and the all-time page shows what a
    long history costs."""
    db = CoreDatabase(stack.sim_db)
    accounts = [user["account"] for user in users]
    now = datetime.now(UTC)
    results: dict[int, dict[str, Figure]] = {}
    try:
        for size in GROWTH_SIZES:
            missing = size - await ledger_lines(db)
            first = size == GROWTH_SIZES[0]
            await grow(
                db,
                accounts,
                missing,
                before=now - (timedelta(hours=1) if first else timedelta(days=366)),
                span=timedelta(days=364 if first else 5 * 365),
            )
            lines = await ledger_lines(db)
            results[lines] = {
                workload: median_of(
                    [
                        load(workload, 1, args.growth_seconds, users_file, stack)
                        for _ in range(args.runs)
                    ]
                )
                for workload in GROWTH_WORKLOADS
            }
            print(json.dumps({"ledger_lines": lines}), flush=True)
    finally:
        await db.dispose()
    return results


def growth_report(results: dict[int, dict[str, Figure]], seconds: float) -> list[str]:
    small, large = sorted(results)
    lines = [
        "",
        f"Growth: one client, each figure the p50 of one operation (runs of {seconds:.0f} s),"
        f" with the ledger at {small:,} and then {large:,} lines.",
        "",
        f"| operation | p50 ms at {small:,} | p50 ms at {large:,} | ratio | target <= 1.2x |",
        "|---|---|---|---|---|",
    ]
    for workload in GROWTH_WORKLOADS:
        before, after = results[small][workload].p50_ms, results[large][workload].p50_ms
        if before is None or after is None:
            lines.append(f"| {LABELS[workload]} | — | — | — | miss (errors) |")
            continue
        ratio = after / before
        lines.append(
            f"| {LABELS[workload]} | {before:,.1f} | {after:,.1f} | {ratio:.2f}x | "
            f"{'hit' if ratio <= 1.2 else 'miss'} |"
        )
    return lines


def report(
    figures: dict[tuple[str, int], Figure],
    tpcb: dict[int, float],
    growth: dict[int, dict[str, Figure]],
    args: Any,
) -> str:
    def ms(value: float | None) -> str:
        return "—" if value is None else f"{value:,.1f}"

    lines = [
        f"Measured {datetime.now(LAGOS):%Y-%m-%d %H:%M} (Lagos) on {platform.machine()}, "
        f"{os.cpu_count()} CPUs, Python {platform.python_version()}, PostgreSQL on loopback; "
        f"BFF in production mode under uvicorn with {args.workers} worker processes, simulator "
        f"with {args.sim_workers}; load from a separate process; each figure the median of "
        f"{args.runs} runs of {args.seconds:.0f} s; {args.users} bench customers.",
        "",
        "| workload | clients | ops/s | p50 ms | p99 ms | errors |",
        "|---|---|---|---|---|---|",
    ]
    for clients in sorted(tpcb):
        ceiling = f"{tpcb[clients]:,.0f}"
        lines.append(f"| pgbench TPC-B (same PostgreSQL) — ceiling | {clients} | {ceiling} | | | |")
        for workload in WORKLOADS:
            if (workload, clients) not in figures:
                continue
            f = figures[(workload, clients)]
            lines.append(
                f"| {LABELS[workload]} | {clients} | {f.throughput:,.1f} | {ms(f.p50_ms)} | "
                f"{ms(f.p99_ms)} | {f.errors} |"
            )
    if args.only or sorted(tpcb) != list(CLIENTS):  # a partial run for profiling: no verdicts
        return (
            "\n".join(lines + (growth_report(growth, args.growth_seconds) if growth else [])) + "\n"
        )
    lines += ["", "| target | measured | result |", "|---|---|---|"]
    for clients in sorted(tpcb):
        ledger = figures[("ledger", clients)].throughput / tpcb[clients]
        transfer = figures[("transfer", clients)].throughput / tpcb[clients]
        summary = (
            figures[("summary", clients)].throughput / figures[("trivial", clients)].throughput
        )
        lines += [
            f"| simulator ledger transfers >= 50% of TPC-B ({clients} clients) | {ledger:.0%} | "
            f"{'hit' if ledger >= 0.5 else 'miss'} |",
            f"| confirmed transfers through the BFF >= 20% of TPC-B ({clients} clients) | "
            f"{transfer:.0%} | {'hit' if transfer >= 0.2 else 'miss'} |",
            f"| dashboard summary >= 50% of the trivial endpoint ({clients} clients) | "
            f"{summary:.0%} | {'hit' if summary >= 0.5 else 'miss'} |",
        ]
    p99 = figures[("summary", 64)].p99_ms
    lines.append(
        f"| dashboard summary p99 <= 50 ms at 64 clients | {ms(p99)} ms | "
        f"{'hit' if p99 is not None and p99 <= 50 else 'miss'} |"
    )
    if growth:
        lines += growth_report(growth, args.growth_seconds)
    return "\n".join(lines) + "\n"


def write(text_block: str) -> None:
    heading = "## Throughput and latency against the machine's ceilings (issue 11)"
    write_section(DOC, START, END, text_block, heading)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--sim-workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--users", type=int, default=64)
    parser.add_argument("--postgres", default="127.0.0.1:5432")
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--clients", type=int, nargs="+", default=list(CLIENTS))
    parser.add_argument(
        "--no-growth", dest="growth", action="store_false", help="skip the 10k/1M growth runs"
    )
    # A 1.2x ratio at one client needs longer runs than the table: at 5 s the ratios swung
    # from 0.90x to 1.48x between two runs on the development machine (docs/benchmarks.md).
    parser.add_argument("--growth-seconds", type=float, default=20)
    parser.add_argument(
        "--only", nargs="+", choices=WORKLOADS, help="these workloads only (implies --no-write)"
    )
    args = parser.parse_args()
    text_block = asyncio.run(run(args))
    print(text_block)
    if not args.no_write and not args.only and args.clients == list(CLIENTS):
        write(text_block)


if __name__ == "__main__":
    main()
