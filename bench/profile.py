"""Where the time goes (issue 11): py-spy samples the BFF and the simulator while a workload
runs at one client, and each server's wall time per operation is split by layer.

    python -m bench.profile [ledger summary transfer] [--seconds 20] [--no-write]
    python -m bench.profile summary history --clients 64 --population 100 --heavy --unkept

`--heavy`: as Ada alone (3 accounts, months of history; needs `--population`, whose
customers are seeded first, bench/population.py); `--unkept`: the BFF keeps no answer
(`KOBO_READ_CACHE_S=0`), so the dashboard and history are computed each time.

The stack is the benchmark's (bench/harness.py: production mode on PostgreSQL), with one
worker per server so the sampled process is the one serving. py-spy slows what it samples a
little: read the shares, not the absolute milliseconds. The table goes into
docs/benchmarks.md between the `bench-profile` markers.

Each sample is put in the layer of its innermost Python frame: time spent inside a C
extension (asyncpg's protocol, msgspec, the event loop's poll) counts for the Python function
that called it. "Waiting" is the event loop polling with nothing to run: the server is idle,
waiting for PostgreSQL, for the other server or for the client.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from bench.harness import DOC, LABELS, BenchStack, bff_restarted, load, running_stack
from bench.report import write_section
from bff.dates import LAGOS

START, END = "<!-- bench-profile:start -->", "<!-- bench-profile:end -->"
RATE = 250  # samples per second
DEFAULT_WORKLOADS = ("ledger", "summary", "transfer")

# Innermost frame ("function (file:line)") → layer; the first pattern that matches wins.
# An idle loop ends in the selector's poll, or at Runner.run when the loop is uvloop (C).
LAYERS: tuple[tuple[str, str], ...] = (
    ("waiting (idle event loop)", r"^Runner\.run \(.*asyncio/runners\.py|\((.*/)?selectors\.py:"),
    ("asyncpg (PostgreSQL driver)", r"[(/]asyncpg/"),
    ("SQLAlchemy", r"[(/]sqlalchemy/"),
    ("HTTP client (BFF → core)", r"[(/](aiohttp|yarl|multidict|httpx|httpcore|h11|anyio)/"),
    ("HTTP server and framework", r"[(/](uvicorn|httptools|litestar|msgspec|kobo_serving)/"),
    ("Kobo's own code", r"[(/](bff|core_sim)/"),
    ("logging", r"[(/]logging/"),
    ("asyncio", r"[(/]asyncio/"),
)
OTHER = "other (standard library, greenlet, …)"
ORDER = [name for name, _ in LAYERS] + [OTHER]


def layer_of(frame: str) -> str:
    for name, pattern in LAYERS:
        if re.search(pattern, frame):
            return name
    return OTHER


def layer_samples(raw_lines: Iterable[str]) -> Counter[str]:
    """Samples per layer from py-spy's raw (collapsed) output, main thread only: a background
    thread (the log writer, the thread pool) starts at threading's `_bootstrap`."""
    counts: Counter[str] = Counter()
    pending = ""
    for line in raw_lines:
        # A frame's name can hold a newline (SQLAlchemy's generated wrappers carry their
        # source in it): a sample is complete only at the line that ends with its count.
        pending += line
        stack, _, count = pending.strip().rpartition(" ")
        if not count.isdigit():
            continue
        pending = ""
        if not stack:
            continue
        frames = stack.split(";")
        if frames[0].startswith("_bootstrap ") or "(threading.py" in frames[0]:
            continue
        counts[layer_of(frames[-1])] += int(count)
    return counts


def sample(pid: int, seconds: float, out: Path) -> subprocess.Popen[bytes]:
    """py-spy on a running process, every thread, idle ones included, in raw format."""
    beside_python = Path(sys.executable).with_name("py-spy")  # the venv's, when not on PATH
    py_spy = str(beside_python) if beside_python.exists() else shutil.which("py-spy")
    if py_spy is None:
        raise SystemExit("py-spy is not installed (it is in the dev extra: scripts/bootstrap.sh)")
    command = [py_spy, "record", "--pid", str(pid), "--duration", str(int(seconds))]
    command += ["--rate", str(RATE), "--idle", "--format", "raw", "--output", str(out)]
    return subprocess.Popen(  # noqa: S603
        [*command, "--nonblocking"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


@asynccontextmanager
async def _kept_or_not(bench: BenchStack, unkept: bool) -> AsyncIterator[None]:
    if not unkept:
        yield
        return
    async with bff_restarted(bench, env={"KOBO_READ_CACHE_S": "0"}):
        yield


async def profile(args: argparse.Namespace) -> str:
    work = Path(tempfile.mkdtemp(prefix="kobo-profile-"))
    rows: dict[str, dict[str, Any]] = {}
    async with running_stack(args) as bench, _kept_or_not(bench, args.unkept):
        users_file = bench.heavy_users_file if args.heavy else None
        stack = bench.stack
        assert stack.bff is not None and stack.sim is not None
        for workload in args.workloads:
            samplers = {
                server: sample(process.pid, args.seconds, work / f"{workload}-{server}.txt")
                for server, process in (("bff", stack.bff), ("sim", stack.sim))
            }
            result = await asyncio.to_thread(
                load, workload, args.clients, args.seconds, bench, users_file
            )
            for sampler in samplers.values():
                sampler.wait()
            rows[workload] = {
                "result": result,
                **{
                    server: layer_samples((work / f"{workload}-{server}.txt").open())
                    for server in samplers
                },
            }
            print(workload, result["operations"], "operations", flush=True)
    return report(rows, args)


def report(rows: dict[str, dict[str, Any]], args: argparse.Namespace) -> str:
    stamp = datetime.now(LAGOS).strftime("%Y-%m-%d %H:%M")
    lines = [
        f"Profiled {stamp} (Lagos) with py-spy at {RATE} samples/s, one worker per server, "
        f"{args.clients} client(s) (wrk), {args.seconds:g} s per workload "
        "(`python -m bench.profile`). "
        "Milliseconds of each server's wall time per operation, by the layer of the "
        "innermost Python frame.",
    ]
    for workload, row in rows.items():
        result = row["result"]
        operations = max(result["operations"], 1)
        lines += [
            "",
            f"**{LABELS[workload]}**: {result['throughput']:.1f} operations/s, "
            f"p50 {result['p50_ms']:.1f} ms (while sampled)",
            "",
            "| layer | BFF ms/op | simulator ms/op |",
            "|---|---:|---:|",
        ]
        for layer in ORDER:
            cells = [row[server][layer] / RATE / operations * 1000 for server in ("bff", "sim")]
            if any(cell >= 0.05 for cell in cells):
                lines.append(f"| {layer} | {cells[0]:.1f} | {cells[1]:.1f} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "workloads", nargs="*", metavar="WORKLOAD", help=f"of {', '.join(sorted(LABELS))}"
    )
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--users", type=int, default=4)
    # Under load, not only one request at a time (issue 23): e.g. --clients 64 --users 64.
    parser.add_argument("--clients", type=int, default=1)
    parser.add_argument("--port-base", type=int, help="as bench.harness's")
    parser.add_argument("--postgres", default="127.0.0.1:5432")
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--population", type=int, default=0, help="as bench.rush's")
    parser.add_argument("--heavy", action="store_true", help="as Ada alone (needs --population)")
    parser.add_argument("--unkept", action="store_true", help="with KOBO_READ_CACHE_S=0")
    args = parser.parse_args()
    if args.heavy and not args.population:
        parser.error("--heavy needs --population")
    args.workloads = args.workloads or list(DEFAULT_WORKLOADS)
    unknown = set(args.workloads) - set(LABELS)
    if unknown:  # (argparse's `choices` refuses an empty `nargs="*"` on Python 3.11)
        parser.error(f"unknown workloads: {', '.join(sorted(unknown))}")
    args.workers = args.sim_workers = 1
    text = asyncio.run(profile(args))
    print(text)
    if not args.no_write:
        write_section(DOC, START, END, text, "### Where the time goes, sampled (issue 11)")


if __name__ == "__main__":
    main()
