"""Run the drills: `python -m bench.drill [--failovers 3] [--report docs/reliability.md]`.

Builds the bank on network namespaces (bench/drill/bank.py), starts the load, runs each
fault in turn, lets the bank settle, checks the ledger and every acknowledged payment, and
prints (with --report, writes) the drill table. Exits 1 if anything was lost, doubled or
unbalanced, or a drill's own expectation failed. Must run as root (namespaces)."""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import signal
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import httpx

from bench.drill import drills
from bench.drill.bank import WORK, Bank
from bench.drill.load import Load
from bench.drill.verdict import Verdict, judge, tally
from bench.report import write_section
from bench.workload import Check, balances, check, prepare_customers, reconcile

START, END = "<!-- drill:start -->", "<!-- drill:end -->"


Outcome = tuple[list[drills.Drill], list[Verdict], list[Check], Load, float]


def unhandled_errors(work: Path) -> Check:
    """Every fault must be answered as the contract says (503, "try again"), never with a
    500: the BFFs' logs may hold no "unhandled error". Each is named by its exception."""
    found = Check("no request answered 500 (an unhandled error in a BFF's log)")
    for log in sorted(work.glob("bff*.log")):
        found.checked += 1
        waiting = False
        for line in log.read_text(errors="replace").splitlines():
            if "problems - unhandled error on" in line:
                waiting = True
            elif waiting and line[:1].isalpha() and ("Error" in line or "Exception" in line):
                found.violations.append(f"{log.name}: {line[:120]}")
                waiting = False
    return found


async def run(failovers: int) -> Outcome:
    await asyncio.to_thread(shutil.rmtree, WORK, ignore_errors=True)
    await asyncio.to_thread(WORK.mkdir, parents=True)
    began = time.monotonic()
    bank = Bank(WORK)
    try:
        await asyncio.to_thread(bank.start)
        print(f"drill: the bank is up after {time.monotonic() - began:.0f} s", flush=True)
        await prepare_customers(bank.cluster.url)
        async with httpx.AsyncClient(base_url=bank.sim_url, timeout=30) as sim:
            before = await balances(sim)
        load = Load(bank)
        load.start()
        await asyncio.sleep(5)
        done: list[drills.Drill] = []

        async def step(drill_coroutine) -> None:  # type: ignore[no-untyped-def]
            await drills.settled(bank)
            drill = await drill_coroutine
            print(
                f"drill: {drill.fault}: RTO {drill.rto_s} {drill.notes} {drill.failed}", flush=True
            )
            done.append(drill)
            await asyncio.sleep(2)

        for n in range(1, failovers + 1):
            await step(drills.primary_killed(bank, load, n))
        await step(drills.bff_host_killed(bank, load))
        await step(drills.core_cut_off(bank, load))
        await step(drills.redis_lost(bank, load))
        await step(drills.bff_partitioned_from_database(bank, load))
        await load.stop()
        for bff in bank.bffs:
            await asyncio.to_thread(bank.restart_gracefully, bff)
        print("drill: load stopped, BFFs restarted gracefully, reconciling", flush=True)
        await reconcile(bank, bank.cluster.url)
        checks = await check(bank, bank.cluster.url, before, load.tally, bank.cafile)
        checks.append(await asyncio.to_thread(unhandled_errors, WORK))
        verdicts = await judge(load.tally.acks, bank.cluster.url, bank.sim_url)
        windows, previous_end = [], 0.0
        for drill in done:
            acks = [a for a in load.tally.acks if previous_end <= a.answered_at < drill.ended_at]
            windows.append(tally(acks, verdicts))
            previous_end = drill.ended_at
        return done, windows, checks, load, time.monotonic() - began
    finally:
        await asyncio.to_thread(bank.stop)


def report(
    done: list[drills.Drill],
    windows: list[Verdict],
    checks: list[Check],
    load: Load,
    seconds: float,
) -> str:
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        f"Run on {now} by `scripts/drill` ({seconds:.0f} s with start-up and checks): "
        f"{sum(load.tally.operations.values())} operations by {len(load.tasks)} client sessions; "
        "RTO is the time from the fault until a payment sent after it completed.",
        "",
        "| fault | RTO (s) | fault lasted (s) | payments acknowledged (completed) | lost "
        "| doubled | ledger check |",
        "|---|---|---|---|---|---|---|",
    ]
    for drill, verdict in zip(done, windows, strict=True):
        lasted = max(0.0, drill.fault_ended_at - drill.began_at)
        rto = "none" if drill.rto_s is None else f"{drill.rto_s:.1f}"
        ledger = "sums to zero" if drill.ledger_balanced else "UNBALANCED"
        lines.append(
            f"| {drill.fault} | {rto} | {lasted:.0f} "
            f"| {verdict.acknowledged} ({verdict.completed}) "
            f"| {len(verdict.lost)} | {len(verdict.doubled)} | {ledger} |"
        )
    lines += ["", "What each drill saw:", ""]
    for drill in done:
        lines.append(
            f"- **{drill.fault}**: {'; '.join(drill.notes)}."
            + (f" FAILED: {'; '.join(drill.failed)}." if drill.failed else "")
        )
    lines += [
        "",
        "After the run (faults cleared, the bank settled by itself):",
        "",
        "| invariant, whole run | items checked | violations |",
        "|---|---|---|",
    ]
    for c in checks:
        lines.append(f"| {c.name} | {c.checked} | {len(c.violations)} |")
    problems = [v for c in checks for v in c.violations[:5]]
    problems += [x for v in windows for x in (v.lost + v.doubled)[:5]]
    problems += [f"{d.fault}: {f}" for d in done for f in d.failed]
    lines += ["", f"**Problems: {len(problems)}.**"] + [f"- {p}" for p in problems[:20]]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--failovers", type=int, default=3)
    parser.add_argument("--report", type=Path, help="write the table into this Markdown file")
    args = parser.parse_args()
    # Bounded: SIGALRM ends the process after the limit (scripts/drill's watcher then removes
    # the namespaces and everything in them).
    signal.alarm(int(os.environ.get("KOBO_DRILL_LIMIT_S", "480")))
    done, windows, checks, load, seconds = asyncio.run(run(args.failovers))
    text = report(done, windows, checks, load, seconds)
    print(text)
    if args.report:
        write_section(args.report, START, END, text, "## Latest drill run")
    failed = any(d.failed or not d.ledger_balanced for d in done)
    failed |= any(v.lost or v.doubled for v in windows) or any(c.violations for c in checks)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
