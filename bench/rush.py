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

The bench customers are 64 drawn at random from a realistic population of `--population`
customers (bench/population.py: 1 to 4 accounts, 0 to 3 years of history, a tenth heavy),
seeded into the simulator before anything is measured; `--population 0` makes 64 new
customers instead, as before issue 57.

    python -m bench.rush [--seconds 8] [--runs 1] [--population 10000] [--no-write]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from bench.harness import (
    DOC,
    BenchStack,
    Figure,
    _errors,
    _ms,
    bff_restarted,
    load,
    median_of,
    pgbench,
    running_stack,
    warm_up,
)
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


async def run(args: argparse.Namespace) -> Rush:
    rush = Rush()
    async with running_stack(args) as bench:
        rush.population = _population(bench)
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
        for workers in JOURNEY_WORKERS:
            async with bff_restarted(bench, workers=workers):
                figure = measured("journey", RUSH_CLIENTS, bench, args)
                rush.journey[workers] = figure
                rush.steps[workers] = figure.steps
    return rush


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
    """Issue 38's targets, each hit or miss; a figure with any error is a miss."""
    rows: list[tuple[str, str, bool]] = []
    one, sixteen = rush.sign_in[1], rush.sign_in[16]
    rows.append(
        (
            "sign-in: BFF CPU <= 60 ms per attempt (1 client)",
            f"{_ms(one.bff_cpu_ms)} ms",
            one.bff_cpu_ms is not None and one.bff_cpu_ms <= 60 and not one.errors,
        )
    )
    rows.append(
        (
            "sign-in at 16 clients >= 20 a second, p99 <= 1.5 s, no time-outs",
            f"{sixteen.throughput:,.1f}/s, p99 {_ms(sixteen.p99_ms)} ms, {_errors(sixteen)} errors",
            sixteen.throughput >= 20
            and sixteen.p99_ms is not None
            and sixteen.p99_ms <= 1500
            and not sixteen.errors,
        )
    )
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
    lines = ["", "| target (issues 38, 57) | measured | result |", "|---|---|---|"]
    lines += [f"| {label} | {got} | {'hit' if hit else 'miss'} |" for label, got, hit in rows]
    return lines


def report(rush: Rush, args: argparse.Namespace) -> str:
    head = "| workload | clients | ops/s | p50 ms | p99 ms | errors | BFF CPU ms/op |"
    head += " simulator CPU ms/op | PostgreSQL CPU ms/op |"
    lines = [
        f"Measured {datetime.now(LAGOS):%Y-%m-%d %H:%M} (Lagos) by `python -m bench.rush` on "
        f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
        f"PostgreSQL on loopback; BFF in production mode under uvicorn with {args.workers} "
        f"worker processes (unless the row says otherwise), simulator with "
        f"{args.sim_workers}; load from wrk (bench/wrk/kobo.lua), each figure the median of "
        f"{args.runs} run(s) of {args.seconds:.0f} s after a warm-up. Errors and CPU ms/op"
        ' as in "Method"; CPU in the targets: BFF + simulator. ' + rush.population,
        "",
        head,
        "|---|---|---|---|---|---|---|---|---|",
        f"| pgbench TPC-B (same PostgreSQL) — ceiling | {RUSH_CLIENTS} | {rush.tpcb:,.0f} |"
        " | | | | | |",
    ]
    if rush.trivial:
        lines.append(_row("trivial endpoint (GET /health) — ceiling", RUSH_CLIENTS, rush.trivial))
    for clients, figure in rush.sign_in.items():
        lines.append(_row("POST sign-in (password checked, code sent)", clients, figure))
    for (workload, clients), figure in rush.unkept.items():
        lines.append(_row(f"{UNKEPT[workload]}, nothing kept", clients, figure))
    for (workload, clients), figure in rush.heavy.items():
        lines.append(_row(f"{UNKEPT[workload]}, nothing kept, Ada alone", clients, figure))
    lines += [
        "",
        f"The journey, {RUSH_CLIENTS} customers each again and again: sign in (the code from"
        " the simulator's inbox), dashboard, first history page, sign out; CPU per journey.",
        "",
        "| BFF processes | journeys/s | p50 ms | p99 ms | errors | BFF CPU ms/journey |"
        " simulator CPU ms/journey | PostgreSQL CPU ms/journey |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for workers, figure in rush.journey.items():
        lines.append(
            f"| {workers} | {figure.throughput:,.1f} | {_ms(figure.p50_ms)} | "
            f"{_ms(figure.p99_ms)} | {_errors(figure)} | {_cpu(figure)} |"
        )
    lines += ["", "Each step of the journey (request to answer):", ""]
    lines += ["| step | " + " | ".join(f"{w} BFF: p50 ms | p99 ms" for w in rush.steps) + " |"]
    lines += ["|---|" + "---|---|" * len(rush.steps)]
    names = [s["step"] for s in next(iter(rush.steps.values()), [])]
    for name in names:
        cells = []
        for steps in rush.steps.values():
            step = _step(steps, name) or {}
            cells.append(f"{_ms(step.get('p50_ms'))} | {_ms(step.get('p99_ms'))}")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
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
    parser.add_argument(
        "--population",
        type=int,
        default=CUSTOMERS,
        help="customers seeded, the bench customers drawn from them (0: new customers)",
    )
    parser.add_argument("--postgres", default="127.0.0.1:5432")
    parser.add_argument("--port-base", type=int)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    text = report(asyncio.run(run(args)), args)
    print(text)
    if not args.no_write:
        write_section(DOC, START, END, text, HEADING)


if __name__ == "__main__":
    main()
