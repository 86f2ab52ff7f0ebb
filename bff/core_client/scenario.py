"""Passing a tester's X-Sim-Scenario header from the customer's request on to the simulator.

Only when the setting KOBO_ALLOW_SIM_SCENARIOS is on (never in production mode, which refuses
to start with it): the middleware keeps the header's value for the duration of the request,
and the core client adds it to every call it makes while serving that request.

An id the simulator does not know is refused here, before anything happens: passed on, the
simulator refuses each core call with a 400 that the BFF's services do not expect (a 500 on
reads, a failed transfer on a confirm).
"""

from __future__ import annotations

import json
from contextvars import ContextVar
from functools import cache

from litestar.types import ASGIApp, Receive, Scope, Send

from bff.config import FIXTURES_DIR
from bff.errors import ValidationFailed

HEADER = "X-Sim-Scenario"
current_scenario: ContextVar[str | None] = ContextVar("sim_scenario", default=None)


@cache
def known_scenarios() -> frozenset[str]:
    """The catalogue's ids (fixtures/scenarios.json, the file the simulator reads too)."""
    catalogue = json.loads((FIXTURES_DIR / "scenarios.json").read_text())["catalogue"]
    return frozenset(item["id"] for item in catalogue)


def check_scenarios(value: str) -> None:
    """Refuses a header naming an unknown scenario (ids are comma-separated, as the
    simulator reads them)."""
    for scenario_id in (part.strip() for part in value.split(",")):
        if scenario_id and scenario_id not in known_scenarios():
            raise ValidationFailed(f"Unknown simulator scenario: {scenario_id}")


class SimScenarioMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        value = None
        if scope["type"] == "http":
            raw = dict(scope["headers"]).get(HEADER.lower().encode())
            value = raw.decode("latin-1")[:500] if raw else None
            if value:
                check_scenarios(value)
        token = current_scenario.set(value)
        try:
            await self.app(scope, receive, send)
        finally:
            current_scenario.reset(token)
