"""Counting what a payment costs: the SQL statements each server runs and the calls the BFF
makes to the core. Used by the budget tests (bff/tests/test_statement_budget.py), and
through them by `python -m bench.hops`, which writes the counts into docs/benchmarks.md."""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine

from bff.core_client.client import CoreClient

# The simulator reads its fault rules and clock now and then, whatever the request (a
# cache's refresh, depending on time), and its savings pass runs every second (the end of
# day, automatic saves: core_sim/savings/loop.py): not the payment's cost, so not counted.
BACKGROUND = ("fault_rules", "sim_clock", "savings_")
# Data statements: what the budgets count (BEGIN and COMMIT are not execute calls anyway).
DATA = ("SELECT", "INSERT", "UPDATE", "DELETE", "WITH")
# Where `python -m bench.hops` asks the budget tests to write what they counted.
OUT_ENV = "KOBO_CENSUS_OUT"


@dataclass
class Census:
    """What ran while counting: statements by server ("bff", "sim"), and the core calls."""

    statements: Counter[str] = field(default_factory=Counter)
    calls: list[str] = field(default_factory=list)
    # Each statement's server and first words, in order: what a failing budget prints.
    texts: list[str] = field(default_factory=list)

    def add(self, other: Census) -> Census:
        return Census(
            self.statements + other.statements, self.calls + other.calls, self.texts + other.texts
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "bff": self.statements["bff"],
            "sim": self.statements["sim"],
            "calls": list(self.calls),
        }


@contextmanager
def counting(bff_database: str | None) -> Iterator[Census]:
    """Statements our code runs while inside, by server: "bff" for the engines on the BFF's
    database `bff_database` (it keeps more than one on it), "sim" for every other. Counted
    per execute call, as the code asks for them: a many-row insert is one, although SQLite's
    driver sends it a row at a time. And every call through a `CoreClient`, as "METHOD path"."""
    census = Census()

    def count(conn, clauseelement, multiparams, params, execution_options) -> None:  # type: ignore[no-untyped-def]
        text = str(clauseelement).lstrip().upper()
        if not text.startswith(DATA):
            return
        if conn.engine.url.database == bff_database:
            server = "bff"
        elif not any(table in text for table in (t.upper() for t in BACKGROUND)):
            server = "sim"
        else:
            return
        census.statements[server] += 1
        census.texts.append(f"{server}: {' '.join(text.split())[:90]}")

    exchange = CoreClient._exchange

    async def counted(self: CoreClient, method: str, path: str, *args: Any, **kwargs: Any) -> Any:
        census.calls.append(f"{method} {path}")
        return await exchange(self, method, path, *args, **kwargs)

    event.listen(Engine, "before_execute", count)
    CoreClient._exchange = counted  # type: ignore[method-assign]
    try:
        yield census
    finally:
        CoreClient._exchange = exchange  # type: ignore[method-assign]
        event.remove(Engine, "before_execute", count)


def report(payment: str, database: str, steps: dict[str, Census]) -> None:
    """Add one payment's counts to the file `python -m bench.hops` named, if it named one."""
    out = os.environ.get(OUT_ENV)
    if not out:
        return
    path = Path(out)
    found = json.loads(path.read_text()) if path.exists() else {}
    found.setdefault(database, {})[payment] = {
        step: census.as_json() for step, census in steps.items()
    }
    path.write_text(json.dumps(found, indent=2))
