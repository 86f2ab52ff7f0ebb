"""The salary-day morning rush (issue 38): sign-in and the first screen at peak, measured as
a customer's journey, next to the machine's ceilings in the same run.

On the same stack as bench/harness.py (production mode, PostgreSQL, wrk with the Lua flows
in bench/wrk/kobo.lua):

1. ceilings at 64 clients: pgbench TPC-B and the trivial endpoint;
2. the password step alone (POST sign-in: password checked, code sent) at 1 and 16 clients;
3. the dashboard and the first history page with nothing kept (`KOBO_READ_CACHE_S=0`) at
   1 and 64 clients, so that every answer is computed as after a sign-in; then the same
   for Ada alone (one heavy customer: 3 accounts, months of history) at 64 requests at
   once;
4. the journey at 64 customers: sign in (password, then the code from the simulator's
   inbox), open the dashboard, open the first page of history, sign out; with 2 BFF
   processes and then 1. Each step's p50 and p99 are reported, and each server's CPU per
   journey.
5. the same journey signed in with a passkey (issue 57), with 2 BFF processes: each
   customer adds one through Settings first; autocannon drives it (bench/autocannon.py),
   its hooks signing each challenge as the phone would, and the BFF verifies the assertion
   on its real path.

The bench customers are 64 drawn at random from a realistic population of `--population`
customers (bench/population.py: 1 to 4 accounts, 0 to 3 years of history, a tenth heavy),
seeded into the simulator before anything is measured; `--population 0` makes 64 new
customers instead, as before issue 57.

    python -m bench.rush [--seconds 8] [--runs 1] [--population 10000] [--no-write]
        [--journeys-only]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx

from bench import autocannon
from bench.harness import (
    DOC,
    WARM_UP_S,
    BenchStack,
    Figure,
    _days_ago,
    _errors,
    _ms,
    bff_restarted,
    load,
    median_of,
    pgbench,
    running_stack,
    warm_up,
    with_cpu,
)
from bench.passkey import ORIGIN, add_passkey
from bench.population import CUSTOMERS
from bench.report import write_section
from bff.dates import LAGOS

START, END = "<!-- bench-rush:start -->", "<!-- bench-rush:end -->"
HEADING = "## The morning rush: sign-in and the first screen at peak (issue 38)"
RUSH_CLIENTS = 64
SIGN_IN_CLIENTS = (1, 16)
UNKEPT = {"summary": "dashboard (GET /api/client-summary)", "history": "history, first page"}
JOURNEY_WORKERS = (2, 1)
DASHBOARD_STEP = "dashboard (GET /api/client-summary)"
HISTORY_STEP = "history, first page"
PASSKEY_TARGET = 60  # journeys a second at RUSH_CLIENTS customers (issue 57)
PASSKEY_WORKERS = 2  # BFF processes of the passkey journey: the target's


@dataclass
class Rush:
    tpcb: float = 0.0
    trivial: Figure | None = None
    sign_in: dict[int, Figure] = field(default_factory=dict)
    unkept: dict[tuple[str, int], Figure] = field(default_factory=dict)
    # The same for one heavy customer (Ada) at every connection.
    heavy: dict[tuple[str, int], Figure] = field(default_factory=dict)
    population: str = ""
    journey: dict[int, Figure] = field(default_factory=dict)  # by BFF processes
    steps: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    passkey: dict[int, Figure] = field(default_factory=dict)  # the passkey journey, likewise


def measured(
    workload: str,
    clients: int,
    bench: BenchStack,
    args: argparse.Namespace,
    users_file: Path | None = None,
) -> Figure:
    warm_up(workload, clients, bench, users_file)
    runs = [load(workload, clients, args.seconds, bench, users_file) for _ in range(args.runs)]
    for result in runs:
        print(json.dumps(result), flush=True)
    return median_of(runs)


def load_passkey(clients: int, seconds: float, bench: BenchStack, customers: Path) -> Any:
    """One autocannon run of the passkey journey, through the same front as wrk's flows."""
    dates = {"KOBO_AC_START": _days_ago(30), "KOBO_AC_END": _days_ago(0)}
    return with_cpu(
        bench,
        lambda: autocannon.run(bench.front_url, clients, seconds, customers, ORIGIN, dates),
    )


def measured_passkey(bench: BenchStack, args: argparse.Namespace, customers: Path) -> Figure:
    load_passkey(RUSH_CLIENTS, WARM_UP_S, bench, customers)
    runs = [load_passkey(RUSH_CLIENTS, args.seconds, bench, customers) for _ in range(args.runs)]
    for result in runs:
        print(json.dumps(result), flush=True)
    return median_of(runs)


async def add_passkeys(bench: BenchStack, customers: Path) -> None:
    """Each bench customer adds a passkey through Settings (the code, then the credential)."""
    stack = bench.stack
    async with (
        httpx.AsyncClient(base_url=stack.bff_url, timeout=60) as bff,
        httpx.AsyncClient(base_url=stack.sim_url, timeout=60) as sim,
    ):
        for user in bench.users:
            user["device"] = await add_passkey(bff, sim, user)
    autocannon.write_customers(bench.users, customers)


async def run(args: argparse.Namespace) -> Rush:
    rush = Rush()
    async with running_stack(args) as bench:
        rush.population = _population(bench)
        if not args.journeys_only:
            await ceilings_and_steps(rush, bench, args)
        customers = bench.users_file.with_name("passkeys.json")
        await add_passkeys(bench, customers)
        for workers in JOURNEY_WORKERS:
            async with bff_restarted(bench, workers=workers):
                figure = measured("journey", RUSH_CLIENTS, bench, args)
                rush.journey[workers] = figure
                rush.steps[workers] = figure.steps
                if workers == PASSKEY_WORKERS:
                    rush.passkey[workers] = measured_passkey(bench, args, customers)
    return rush


async def ceilings_and_steps(rush: Rush, bench: BenchStack, args: argparse.Namespace) -> None:
    """The ceilings, the password step alone and the computed screens alone."""
    rush.tpcb = statistics.median(
        pgbench(args.postgres, RUSH_CLIENTS, args.seconds, bench.pgbench_database)
        for _ in range(args.runs)
    )
    rush.trivial = measured("trivial", RUSH_CLIENTS, bench, args)
    for clients in SIGN_IN_CLIENTS:
        rush.sign_in[clients] = measured("sign_in", clients, bench, args)
    async with bff_restarted(bench, env={"KOBO_READ_CACHE_S": "0"}):
        for workload in UNKEPT:
            for clients in (1, RUSH_CLIENTS):
                rush.unkept[(workload, clients)] = measured(workload, clients, bench, args)
        if bench.heavy_users_file is not None:
            for workload in UNKEPT:
                rush.heavy[(workload, RUSH_CLIENTS)] = measured(
                    workload, RUSH_CLIENTS, bench, args, bench.heavy_users_file
                )


def _population(bench: BenchStack) -> str:
    found = bench.population
    if found is None:
        return f"{len(bench.users)} new bench customers, no history."
    drawn = {user["customerId"] for user in bench.users}
    heavy = sum(1 for m in found.members if m.customer_id in drawn and m.heavy)
    return (
        f"Customers: {len(bench.users)} drawn from {len(found.members):,}"
        f" (bench/population.py, {found.lines:,} lines, seeded in {found.seconds:.0f} s),"
        f' {heavy} heavy; "Ada alone": the demo customer on every connection.'
    )


def _cpu(figure: Figure) -> str:
    return f"{_ms(figure.bff_cpu_ms)} | {_ms(figure.sim_cpu_ms)} | {_ms(figure.pg_cpu_ms)}"


def _row(label: str, clients: int | str, figure: Figure) -> str:
    return (
        f"| {label} | {clients} | {figure.throughput:,.1f} | {_ms(figure.p50_ms)} | "
        f"{_ms(figure.p99_ms)} | {_errors(figure)} | {_cpu(figure)} |"
    )


def _both(figure: Figure) -> float | None:
    if figure.bff_cpu_ms is None or figure.sim_cpu_ms is None:
        return None
    return figure.bff_cpu_ms + figure.sim_cpu_ms


def _step(steps: list[dict[str, Any]], name: str) -> dict[str, Any] | None:
    return next((s for s in steps if s["step"] == name), None)


def verdicts(rush: Rush) -> list[str]:
    """Issues 38's and 57's targets, each hit or miss; a figure with any error is a miss.
    Only the targets whose figures were measured (`--journeys-only` skips some)."""
    rows: list[tuple[str, str, bool]] = []
    if rush.sign_in:
        rows += sign_in_verdicts(rush)
    if rush.unkept:
        rows += unkept_verdicts(rush)
    if 2 in rush.journey:
        journey = rush.journey[2]
        rows.append(
            (
                f"the journey: >= 12 a second at {RUSH_CLIENTS} customers (2 BFF processes)",
                f"{journey.throughput:,.1f}/s, {_errors(journey)} errors",
                journey.throughput >= 12 and not journey.errors,
            )
        )
        for name in (DASHBOARD_STEP, HISTORY_STEP):
            step = _step(rush.steps[2], name)
            step_p99 = step["p99_ms"] if step else None
            rows.append(
                (
                    f"the journey's {name} step: p99 <= 1 s",
                    f"{_ms(step_p99)} ms",
                    step_p99 is not None and step_p99 <= 1000 and not journey.errors,
                )
            )
    if 2 in rush.passkey:
        passkey = rush.passkey[2]
        rows.append(
            (
                f"the passkey journey (issue 57): >= {PASSKEY_TARGET} a second at"
                f" {RUSH_CLIENTS} customers (2 BFF processes)",
                f"{passkey.throughput:,.1f}/s, {_errors(passkey)} errors",
                passkey.throughput >= PASSKEY_TARGET and not passkey.errors,
            )
        )
    lines = ["", "| target (issues 38, 57) | measured | result |", "|---|---|---|"]
    lines += [f"| {label} | {got} | {'hit' if hit else 'miss'} |" for label, got, hit in rows]
    return lines


def sign_in_verdicts(rush: Rush) -> list[tuple[str, str, bool]]:
    one, sixteen = rush.sign_in[1], rush.sign_in[16]
    return [
        (
            "sign-in: BFF CPU <= 60 ms per attempt (1 client)",
            f"{_ms(one.bff_cpu_ms)} ms",
            one.bff_cpu_ms is not None and one.bff_cpu_ms <= 60 and not one.errors,
        ),
        (
            "sign-in at 16 clients >= 20 a second, p99 <= 1.5 s, no time-outs",
            f"{sixteen.throughput:,.1f}/s, p99 {_ms(sixteen.p99_ms)} ms, {_errors(sixteen)} errors",
            sixteen.throughput >= 20
            and sixteen.p99_ms is not None
            and sixteen.p99_ms <= 1500
            and not sixteen.errors,
        ),
    ]


def unkept_verdicts(rush: Rush) -> list[tuple[str, str, bool]]:
    rows = []
    trivial = rush.trivial.throughput if rush.trivial else 0.0
    for workload, cpu_ms, share, p99 in (("summary", 4, 0.06, 400), ("history", 5, 0.05, 500)):
        single = rush.unkept[(workload, 1)]
        cpu = _both(single)
        rows.append(
            (
                f"{UNKEPT[workload]}, nothing kept: CPU <= {cpu_ms} ms (1 client)",
                f"{_ms(cpu)} ms",
                cpu is not None and cpu <= cpu_ms and not single.errors,
            )
        )
        shown = [(f"{RUSH_CLIENTS} clients", rush.unkept[(workload, RUSH_CLIENTS)])]
        if (workload, RUSH_CLIENTS) in rush.heavy:  # issue 57: one heavy customer
            shown.append(("Ada alone", rush.heavy[(workload, RUSH_CLIENTS)]))
        for who, figure in shown:
            got = figure.throughput / trivial if trivial else 0.0
            errors = f", {_errors(figure)} errors" if figure.errors else ""
            rows.append(
                (
                    f"{UNKEPT[workload]}, nothing kept, {who}: >= {share:.0%} of trivial,"
                    f" p99 <= {p99} ms",
                    f"{got:.1%}, p99 {_ms(figure.p99_ms)} ms, CPU {_ms(_both(figure))} ms{errors}",
                    got >= share
                    and figure.p99_ms is not None
                    and figure.p99_ms <= p99
                    and not figure.errors,
                )
            )
    return rows


def journey_runs(rush: Rush) -> list[tuple[str, int, Figure]]:
    """Each journey measured: its sign-in, its BFF processes, its figure."""
    runs = []
    for workers in JOURNEY_WORKERS:
        if workers in rush.journey:
            figure = rush.journey[workers]
            runs.append(("password, code", workers, replace(figure, steps=rush.steps[workers])))
        if workers in rush.passkey:
            runs.append(("passkey", workers, rush.passkey[workers]))
    return runs


def journey_report(rush: Rush) -> list[str]:
    runs = journey_runs(rush)
    lines = [
        "",
        f"The journey, {RUSH_CLIENTS} customers at once, again and again: sign in (password and"
        " the code from the simulator's inbox, or a passkey), the dashboard, the first page of"
        " history, sign out. CPU per journey.",
        "",
        "| sign-in | BFF processes | journeys/s | p50 ms | p99 ms | errors | BFF CPU ms |"
        " simulator CPU ms | PostgreSQL CPU ms |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for label, workers, figure in runs:
        lines.append(
            f"| {label} | {workers} | {figure.throughput:,.1f} | {_ms(figure.p50_ms)} | "
            f"{_ms(figure.p99_ms)} | {_errors(figure)} | {_cpu(figure)} |"
        )
    # Each step of the journeys with 2 BFF processes, the targets' figures.
    shown = [run for run in runs if run[1] == JOURNEY_WORKERS[0]] or runs
    lines += ["", "Each step (request to answer), p50; p99 ms:", ""]
    lines += ["| step | " + " | ".join(f"{label}, {w} BFF" for label, w, _ in shown) + " |"]
    lines += ["|---|" + "---|" * len(shown)]
    names: list[str] = []
    for _, _, figure in shown:
        names += [s["step"] for s in figure.steps if s["step"] not in names]
    for name in names:
        cells = []
        for _, _, figure in shown:
            step = _step(figure.steps, name)
            cells.append(f"{_ms(step['p50_ms'])}; {_ms(step['p99_ms'])}" if step else "")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return lines


def report(rush: Rush, args: argparse.Namespace) -> str:
    head = "| workload | clients | ops/s | p50 ms | p99 ms | errors | BFF CPU ms/op |"
    head += " simulator CPU ms/op | PostgreSQL CPU ms/op |"
    lines = [
        f"Measured {datetime.now(LAGOS):%Y-%m-%d %H:%M} (Lagos) by `python -m bench.rush` on "
        f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
        f"PostgreSQL on loopback; production mode, {args.workers} BFF processes (unless the "
        f"row says otherwise), simulator {args.sim_workers}; load from wrk, the passkey "
        f"journey's from autocannon; median of {args.runs} run(s) of {args.seconds:.0f} s "
        'after a warm-up; errors and CPU ms/op as in "Method"; CPU in the targets: BFF +'
        " simulator. " + rush.population,
    ]
    if not args.journeys_only:
        lines += [
            "",
            head,
            "|---|---|---|---|---|---|---|---|---|",
            f"| pgbench TPC-B (same PostgreSQL) — ceiling | {RUSH_CLIENTS} | {rush.tpcb:,.0f} |"
            " | | | | | |",
        ]
        if rush.trivial:
            lines.append(
                _row("trivial endpoint (GET /health) — ceiling", RUSH_CLIENTS, rush.trivial)
            )
        for clients, figure in rush.sign_in.items():
            lines.append(_row("POST sign-in (password checked, code sent)", clients, figure))
        for (workload, clients), figure in rush.unkept.items():
            lines.append(_row(f"{UNKEPT[workload]}, nothing kept", clients, figure))
        for (workload, clients), figure in rush.heavy.items():
            lines.append(_row(f"{UNKEPT[workload]}, nothing kept, Ada alone", clients, figure))
    lines += journey_report(rush)
    lines += verdicts(rush)
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--sim-workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--users", type=int, default=RUSH_CLIENTS)
    parser.add_argument("--postgres", default="127.0.0.1:5432")
    parser.add_argument("--port-base", type=int)
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument(
        "--population",
        type=int,
        default=CUSTOMERS,
        help="customers seeded, the bench customers drawn from them (0: new customers)",
    )
    parser.add_argument(
        "--journeys-only",
        action="store_true",
        help="only the password and passkey journeys (implies --no-write)",
    )
    args = parser.parse_args()
    text = report(asyncio.run(run(args)), args)
    print(text)
    if not args.no_write and not args.journeys_only:
        write_section(DOC, START, END, text, HEADING)


if __name__ == "__main__":
    main()
