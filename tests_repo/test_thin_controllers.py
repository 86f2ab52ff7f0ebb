"""The simulator's controllers route and validate; statements and fault handling live in its
services, as in the BFF (issue 44). A controller that runs SQL, takes a fault itself or
imports another controller fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONTROLLERS = sorted((ROOT / "core_sim").glob("*/controller.py"))
# What only a service may do: build or run a statement, or take a fault.
SERVICE_WORK = re.compile(
    r"\bsession\.(execute|scalar|scalars|get|add|add_all|delete)\(|"
    r"(?<!@)\b(select|update|insert|delete)\(|\btake_fault\(|\bapply_fault\("
)
OTHER_CONTROLLER = re.compile(
    r"^from core_sim\.\w+\.controller import|^from core_sim\.\w+ import controller", re.M
)


def offences(source: str) -> list[str]:
    found = [m.group(0) for m in SERVICE_WORK.finditer(source)]
    return found + [m.group(0) for m in OTHER_CONTROLLER.finditer(source)]


@pytest.mark.parametrize("path", CONTROLLERS, ids=lambda p: p.parent.name)
def test_a_simulator_controller_only_routes(path: Path) -> None:
    assert offences(path.read_text(encoding="utf-8")) == []


def test_the_check_sees_sql_a_fault_and_a_controller_import() -> None:
    source = (
        "from core_sim.ledger.controller import NIP_MESSAGES\n"
        "rows = await session.scalars(select(Account))\n"
        "await apply_fault(await take_fault(db, call), 5)\n"
    )
    assert len(offences(source)) == 5
