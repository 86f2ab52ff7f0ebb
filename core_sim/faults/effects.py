"""What a fault rule does to a simple (non-money) call: delay, time out, or decline."""

from __future__ import annotations

import asyncio

from core_sim.errors import FaultTimeout, SimError
from core_sim.faults.models import FaultEffect, FaultRule


async def apply_fault(rule: FaultRule | None, timeout_fault_ms: int) -> None:
    if rule is None:
        return
    if rule.effect == FaultEffect.DELAY:
        await asyncio.sleep((rule.delay_ms or 0) / 1000)
    elif rule.effect == FaultEffect.TIMEOUT:
        await asyncio.sleep((rule.delay_ms or timeout_fault_ms) / 1000)
        raise FaultTimeout("Timed out (forced by a fault rule)")
    elif rule.effect in (FaultEffect.DECLINE, FaultEffect.PENDING):
        code = rule.response_code or "96"
        raise SimError(f"Declined (forced by a fault rule, code {code})", code=code)
