"""Which operations have stored fault rules, as this process last saw them.

Every simulator operation (each account read, each transfer) asks `take_fault` whether a
rule applies; asking the database each time cost a query per call, about half of what a
customer-accounts read cost. Now the database is asked only for an operation that has rules.

Rules added through this process count at once. A background refresh (every half second, in
every worker process) brings in rules added through another worker, so with `serve
--workers N` a new rule can take up to half a second to apply everywhere. The knowledge is
kept per database, as tests run several simulators in one process.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from sqlalchemy import or_, select

from core_sim.db import Database
from core_sim.faults.models import FaultRule


@dataclass
class _Known:
    operations: frozenset[str] | None = None  # None: not read yet, so any may have rules
    changes: int = 0  # rules added through this process; an older refresh must not undo one


_known: WeakKeyDictionary[Database, _Known] = WeakKeyDictionary()


def _of(db: Database) -> _Known:
    return _known.setdefault(db, _Known())


def may_have_rules(db: Database, operation: str) -> bool:
    operations = _of(db).operations
    return operations is None or operation in operations


def rule_added(db: Database, operation: str) -> None:
    known = _of(db)
    known.changes += 1
    if known.operations is not None:
        known.operations = known.operations | {operation}


async def refresh(db: Database) -> None:
    known = _of(db)
    seen = known.changes
    async with db.reader() as session:
        rows = await session.scalars(
            select(FaultRule.operation)
            .where(or_(FaultRule.remaining_uses.is_(None), FaultRule.remaining_uses > 0))
            .distinct()
        )
        found = frozenset(rows.all())
    if known.changes == seen:
        known.operations = found


async def follow(db: Database, every_s: float = 0.5) -> None:
    while True:
        await asyncio.sleep(every_s)
        with contextlib.suppress(Exception):  # a hiccup must not stop the loop
            await refresh(db)
