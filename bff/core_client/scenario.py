"""Passing a tester's X-Sim-Scenario header from the customer's request on to the simulator.

Only when the setting KOBO_ALLOW_SIM_SCENARIOS is on (never in production mode, which refuses
to start with it): the middleware keeps the header's value for the duration of the request,
and the core client adds it to every call it makes while serving that request.
"""

from __future__ import annotations

from contextvars import ContextVar

from litestar.types import ASGIApp, Receive, Scope, Send

HEADER = "X-Sim-Scenario"
current_scenario: ContextVar[str | None] = ContextVar("sim_scenario", default=None)


class SimScenarioMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        value = None
        if scope["type"] == "http":
            raw = dict(scope["headers"]).get(HEADER.lower().encode())
            value = raw.decode("latin-1")[:500] if raw else None
        token = current_scenario.set(value)
        try:
            await self.app(scope, receive, send)
        finally:
            current_scenario.reset(token)
