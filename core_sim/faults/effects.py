"""What a fault rule does to a simple (non-money) call: delay, time out, or decline."""

from __future__ import annotations

import asyncio

from core_sim.db import Database
from core_sim.errors import FaultTimeout, SimError
from core_sim.faults.models import FaultEffect, FaultRule
from core_sim.faults.service import CallContext, take_fault


async def meet_fault(db: Database, call: CallContext, timeout_fault_ms: int) -> None:
    """The fault a tester set for this call, if any, taken (a one-shot rule is used up) and
    applied: what every simple read does first."""
    await apply_fault(await take_fault(db, call), timeout_fault_ms)


async def apply_fault(rule: FaultRule | None, timeout_fault_ms: int) -> None:
    if rule is None:
        return
    await wait_as_forced(
        rule.effect, rule.delay_ms, timeout_fault_ms, "Timed out (forced by a fault rule)"
    )
    if rule.effect in (FaultEffect.DECLINE, FaultEffect.PENDING):
        code = rule.response_code or "96"
        raise SimError(f"Declined (forced by a fault rule, code {code})", code=code)


async def wait_as_forced(
    effect: str | None, delay_ms: int | None, timeout_fault_ms: int, timeout_message: str
) -> None:
    """`delay` waits delay_ms; `timeout` waits delay_ms (else the configured time) and raises
    FaultTimeout with `timeout_message`; any other effect does not wait."""
    if effect == FaultEffect.DELAY:
        await asyncio.sleep((delay_ms or 0) / 1000)
    elif effect == FaultEffect.TIMEOUT:
        await asyncio.sleep((delay_ms or timeout_fault_ms) / 1000)
        raise FaultTimeout(timeout_message)
