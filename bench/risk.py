"""What the payment risk check costs an intra-bank transfer (issue 56): BFF CPU per transfer
(initiate + confirm) with the check, beside the same stack's BFF restarted without it
(`KOBO_RISK_CHECK=0`), in one run.

On the benchmark's stack (bench/harness.py: production mode, PostgreSQL, 2 + 2 workers), wrk
drives the `transfer` workload (bench/wrk.py) at 16 clients. The runs alternate, check on and
off, `--runs` times each, and each figure is the median: the machine is shared, and
alternating spreads its noise over both. The check runs in full on every transfer; the rules
that would hold customers paying many times a second are set out of reach (bench/workload.py
`UNTHROTTLED`), so every transfer is allowed, as nearly all are in service. Core calls and
statements per transfer are counted by bench/hops.py (the check adds neither).

A second figure isolates the check's own work in this process (no server, no database):
building its columns, the cache key SQLAlchemy computes for the statement that carries them,
the facts from a row and the verdict, per payment, in CPU time (`time.process_time`), which
the machine's other load does not inflate as it does a server's per-request share.

    python -m bench.risk [--seconds 8] [--runs 3] [--no-write]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from datetime import datetime
from typing import Any

from sqlalchemy import select

from bench.harness import DOC, bff_restarted, load, running_stack, warm_up
from bench.report import write_section
from bff.config.risk import RiskSettings
from bff.dates import LAGOS
from bff.db import utcnow
from bff.risk.check import Payee, RiskCheck
from bff.risk.rules import assess
from bff.transfers.models import Transfer, TransferType

START, END = "<!-- bench-risk:start -->", "<!-- bench-risk:end -->"
HEADING = "### The payment risk check (`bench.risk`)"
CLIENTS = 16
TARGET_MS = 1.0  # the issue's: at most 1 ms of BFF CPU more per transfer


def in_process_us(payments: int = 20_000) -> float:
    """The check's own CPU per payment, in microseconds (see the module's doc)."""
    check = RiskCheck(None, RiskSettings(), Transfer, TransferType.LIMITED)  # type: ignore[arg-type]
    payee = Payee("090605", "1020000218")
    row = (4, 2_500_000, 1, 150_000, utcnow(), None, True, False)
    began = time.process_time()
    for number in range(payments):
        columns, _ = check.reading(7, "1020000115", payee)
        select(*columns)._generate_cache_key()
        facts = check.facts_from(row, 100_000 + number, payee, None)
        assess(facts, check.settings)
    return (time.process_time() - began) * 1_000_000 / payments


async def run(args: argparse.Namespace) -> dict[str, list[dict[str, Any]]]:
    results: dict[str, list[dict[str, Any]]] = {"on": [], "off": []}
    async with running_stack(args) as bench:
        warm_up("transfer", CLIENTS, bench)
        for _ in range(args.runs):
            for name, env in (("on", {"KOBO_RISK_CHECK": "1"}), ("off", {"KOBO_RISK_CHECK": "0"})):
                async with bff_restarted(bench, env=env):
                    warm_up("transfer", CLIENTS, bench)
                    result = load("transfer", CLIENTS, args.seconds, bench)
                results[name].append(result)
                print(name, {k: result[k] for k in ("operations", "bff_cpu_ms")}, flush=True)
    return results


def report(results: dict[str, list[dict[str, Any]]]) -> str:
    def med(name: str, key: str) -> float:
        return statistics.median(float(r[key]) for r in results[name])

    def errors(name: str) -> int:
        return sum(int(r.get("errors", 0)) for r in results[name])

    on, off = med("on", "bff_cpu_ms"), med("off", "bff_cpu_ms")
    stamp = datetime.now(LAGOS).strftime("%Y-%m-%d %H:%M")
    runs = len(results["on"])
    lines = [
        f"Measured {stamp} (Lagos) by `python -m bench.risk`: production mode, PostgreSQL, 2 BFF"
        f" and 2 simulator processes, wrk at {CLIENTS} clients, {runs} alternating runs of each;"
        " medians. CPU is the BFF's user + system time per transfer (initiate + confirm).",
        "",
        "| intra-bank transfer | transfers/s | BFF CPU ms | simulator CPU ms | errors |",
        "|---|---|---|---|---|",
    ]
    for name, label in (("on", "with the risk check"), ("off", "without (`KOBO_RISK_CHECK=0`)")):
        lines.append(
            f"| {label} | {med(name, 'throughput'):.0f} | {med(name, 'bff_cpu_ms'):.2f} | "
            f"{med(name, 'sim_cpu_ms'):.2f} | {errors(name)} |"
        )
    verdict = "met" if on - off <= TARGET_MS else "missed"
    own_us = in_process_us()
    lines += [
        "",
        f"The check adds {on - off:+.2f} ms of BFF CPU per transfer between the two medians"
        f" (target at most {TARGET_MS:.0f} ms: {verdict}); its own work, measured in process,"
        f" is {own_us:.0f} µs per payment. It adds no core call or statement (bench/hops.py).",
    ]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--sim-workers", type=int, default=2)
    parser.add_argument("--users", type=int, default=64)
    parser.add_argument("--postgres", default="127.0.0.1:5432")
    parser.add_argument("--port-base", type=int)
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument(
        "--in-process", action="store_true", help="only the in-process figure (no stack)"
    )
    args = parser.parse_args()
    if args.in_process:
        print(f"{in_process_us():.1f} µs per payment")
        return
    text = report(asyncio.run(run(args)))
    print(text)
    if not args.no_write:
        write_section(DOC, START, END, text, HEADING)


if __name__ == "__main__":
    main()
