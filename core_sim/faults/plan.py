"""What a fault does to a call that is recorded before any forced hang (an interbank transfer,
a vend): the outcome it is planned to have, and how the record keeps it.

The plan comes from the rule `take_fault` gave (stored, or a request's X-Sim-Scenario), else
from the magic value's script in fixtures/scenarios.json (`transfer`, `vend`). The record
answers 09 (in progress) while a forced `pending` runs, and its final code from `resolve_at`
on; a status query or requery settles it (`settle_if_due`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any, Protocol

from core_sim.faults.effects import wait_as_forced
from core_sim.faults.models import FaultEffect, FaultRule
from core_sim.simclock.state import utcnow

IN_PROGRESS = "09"


@dataclass(frozen=True, slots=True)
class Plan:
    effect: str | None
    final_code: str  # the response code the record ends with
    resolve_after_ms: int
    delay_ms: int | None

    def columns(self, now: datetime) -> dict[str, Any]:
        """The record's outcome columns (see PlannedRecord), recorded at `now`: a forced
        `pending` answers 09 until resolve_at, anything else its final code at once."""
        pending = self.effect == FaultEffect.PENDING
        return {
            "response_code": IN_PROGRESS if pending else self.final_code,
            "final_response_code": self.final_code,
            "resolve_at": now + timedelta(milliseconds=self.resolve_after_ms) if pending else None,
            "created_at": now,
        }

    def refused(self, code: str) -> Plan:
        """The call itself is refused with `code` (a bad request beats any fault)."""
        return replace(self, effect=None, final_code=code)

    async def wait_as_forced(self, timeout_fault_ms: int, timeout_message: str) -> None:
        """After recording: a forced delay, or a forced timeout (the answer is what is lost)."""
        await wait_as_forced(self.effect, self.delay_ms, timeout_fault_ms, timeout_message)


def plan_of(rule: FaultRule | None, script: dict[str, Any]) -> Plan:
    """The plan of `rule` if there is one, else the magic value's `script` ({} for none)."""
    plan = dict(script)
    if rule is not None:
        plan = {
            "effect": rule.effect,
            "responseCode": rule.response_code,
            "finalResponseCode": rule.pending_outcome or "00",
            "resolveAfterMs": rule.resolve_after_ms or 0,
            "delayMs": rule.delay_ms,
        }
    effect = plan.get("effect", FaultEffect.DECLINE if plan.get("responseCode") else None)
    # A decline always carries its code: add_rule and the fixtures see to it.
    final = (
        plan["responseCode"]
        if effect == FaultEffect.DECLINE
        else plan.get("finalResponseCode", "00")
    )
    delay = plan.get("delayMs")
    return Plan(
        effect=effect,
        final_code=final,
        resolve_after_ms=int(plan.get("resolveAfterMs") or 0),
        delay_ms=int(delay) if delay else None,
    )


class PlannedRecord(Protocol):
    """An InterbankTransfer or a Vend: what it answers now, and from resolve_at on."""

    response_code: str
    final_response_code: str
    resolve_at: datetime | None


def settle_if_due(record: PlannedRecord) -> None:
    """An in-progress record answers its final code once its time has come."""
    if (
        record.response_code == IN_PROGRESS
        and record.resolve_at is not None
        and record.resolve_at <= utcnow()
    ):
        record.response_code = record.final_response_code
