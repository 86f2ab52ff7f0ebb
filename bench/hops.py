"""Hops and statements per payment (issue 39): what one intra-bank transfer, one transfer to
another bank and one electricity vend cost in BFF → core calls and in SQL statements per
server, through initiate, confirm and the alert pass, before and after the issue's change.

Counts, not timings: the budget tests (bff/tests/test_statement_budget.py) count them with
an SQLAlchemy event and a wrapper around the core client, on a real database; this script
runs those tests, asks them to write what they counted, and puts a table into
docs/benchmarks.md. "Before" is the tree the issue started from (commit b42488e), counted by
the same tests on PostgreSQL (the counts were then the same on SQLite; today PostgreSQL runs
fewer, its CTEs being able to write).

    python -m bench.hops [--database postgres|sqlite] [--no-write]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.processes import ROOT
from bench.report import write_section

DOC = ROOT / "docs" / "benchmarks.md"
START, END = "<!-- bench-hops:start -->", "<!-- bench-hops:end -->"
HEADING = "### Hops and statements per payment (issue 39)"
TESTS = "bff/tests/test_statement_budget.py"
STEPS = ("initiate", "confirm", "alerts")
PAYMENTS = ("intra-bank transfer", "other-bank transfer", "electricity vend")

# Counted at b42488e with the same tests: per step, (BFF statements, simulator statements)
# and the core calls of the whole payment.
BEFORE: dict[str, dict[str, Any]] = {
    "intra-bank transfer": {
        "initiate": (5, 3),
        "confirm": (8, 7),
        "alerts": (6, 3),
        "calls": [
            "GET /core/customers/{cif}/accounts",
            "GET /core/accounts/{payee}",
            "POST /core/messages/batch",
            "POST /core/transfers",
            "GET /core/postings/{ref}",
            "POST /core/messages/batch",
        ],
    },
    "other-bank transfer": {
        "initiate": (5, 4),
        "confirm": (13, 17),
        "alerts": (5, 3),
        "calls": [
            "GET /core/customers/{cif}/accounts",
            "POST /nip/name-inquiry",
            "POST /core/messages/batch",
            "POST /core/holds",
            "POST /nip/transfers",
            "POST /core/holds/{ref}/post",
            "GET /core/postings/{ref}",
            "POST /core/messages/batch",
        ],
    },
    "electricity vend": {
        "initiate": (5, 3),
        "confirm": (12, 16),
        "alerts": (5, 3),
        "calls": [
            "GET /core/customers/{cif}/accounts",
            "POST /billers/validate",
            "POST /core/messages/batch",
            "POST /core/holds",
            "POST /billers/vend",
            "POST /core/holds/{ref}/post",
            "GET /core/postings/{ref}",
            "POST /core/messages/batch",
        ],
    },
}
# The targets, for the intra-bank transfer only: core calls, statements of both servers.
TARGETS = {"intra-bank transfer": (3, 16)}


def count(database: str) -> dict[str, dict[str, Any]]:
    """Run the budget tests on `database` and return what they counted, per payment and step:
    {"bff": n, "sim": n, "calls": [...]}."""
    with tempfile.TemporaryDirectory(prefix="kobo-hops-") as scratch:
        out = Path(scratch) / "census.json"
        env = {**os.environ, "KOBO_TEST_DB": database, "KOBO_CENSUS_OUT": str(out)}
        if database == "postgres":
            env.setdefault("KOBO_TEST_PG", "postgres@127.0.0.1:5432")
        subprocess.run(  # noqa: S603 (our own test suite, by path)
            [
                sys.executable,
                "-m",
                "pytest",
                TESTS,
                "-q",
                "-p",
                "no:logging",
                "-p",
                "no:cacheprovider",
            ],
            cwd=ROOT,
            env=env,
            check=False,  # a test over its budget still reports what it counted
        )
        found: dict[str, dict[str, dict[str, Any]]] = json.loads(out.read_text())
    return next(iter(found.values()))


def _statements(steps: dict[str, Any], server: int | str) -> int:
    if isinstance(server, int):  # BEFORE's (bff, sim) pairs
        return sum(steps[step][server] for step in STEPS)
    return sum(int(steps[step][server]) for step in STEPS)


def table(after: dict[str, dict[str, Any]], database: str) -> str:
    lines = [
        f"Counted by `python -m bench.hops` ({database}; one payment each, the customer's "
        "screen and payee check before it not counted). Statements are data statements "
        "(SELECT, INSERT, UPDATE, DELETE) as the code asks for them; before: commit b42488e.",
        "",
        "| payment | BFF → core calls | BFF statements | simulator statements | both | target |",
        "|---|---|---|---|---|---|",
    ]
    for payment in PAYMENTS:
        before, now = BEFORE[payment], after.get(payment)
        if now is None:
            lines.append(f"| {payment} | not counted (its test failed before counting) | | | | |")
            continue
        calls_now = sum(len(now[step]["calls"]) for step in STEPS)
        bff = (_statements(before, 0), _statements(now, "bff"))
        sim = (_statements(before, 1), _statements(now, "sim"))
        both = (bff[0] + sim[0], bff[1] + sim[1])
        target = "—"
        if payment in TARGETS:
            calls_max, statements_max = TARGETS[payment]
            calls_hit = "hit" if calls_now <= calls_max else "miss"
            statements_hit = "hit" if both[1] <= statements_max else "miss"
            target = (
                f"≤ {calls_max} calls: **{calls_hit}**; ≤ {statements_max} statements: "
                f"**{statements_hit}**"
            )
        lines.append(
            f"| {payment} | {len(before['calls'])} → {calls_now} | {bff[0]} → {bff[1]} | "
            f"{sim[0]} → {sim[1]} | {both[0]} → {both[1]} | {target} |"
        )
    lines += ["", "The calls after, per payment (message sends included):", ""]
    for payment in PAYMENTS:
        now = after.get(payment)
        if now is not None:
            calls = [_template(call) for step in STEPS for call in now[step]["calls"]]
            lines.append(f"- {payment}: " + ", ".join(f"`{call}`" for call in calls))
    return "\n".join(lines) + "\n"


def _template(call: str) -> str:
    """A call as a route, without this run's ids: `POST /core/holds/{ref}/post`."""
    method, path = call.split(" ", 1)
    parts = [
        "{ref}" if len(part) >= 20 or part.startswith(("TRF-", "HOLD-")) else part
        for part in path.split("/")
    ]
    return f"{method} {'/'.join(parts)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--database", choices=("postgres", "sqlite"), default="postgres")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    text = table(count(args.database), args.database)
    print(text)
    if not args.no_write:
        write_section(DOC, START, END, text, HEADING)


if __name__ == "__main__":
    main()
