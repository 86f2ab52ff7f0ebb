"""The scenario catalogue, and forcing one scenario on one request with X-Sim-Scenario.

The catalogue (fixtures/scenarios.json, "catalogue") names every outcome a tester can force on
every operation the BFF calls. Each entry is a fault rule; three ways apply it:
- stored, through /sim/faults (applies to every matching call until its uses run out);
- a magic value (documented accounts, meters, phones) that always behaves that way;
- the request header `X-Sim-Scenario: <id>[, <id>…]`, which applies each named scenario to the
  first call of its operation made while serving that one request, and to nothing else.

Two effects are carried out outside the operations themselves: `malformed` garbles the
answer on its way out (here, in the middleware), `unavailable` is raised by take_fault.
"""

from __future__ import annotations

import json
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

import msgspec
from litestar.enums import ScopeType
from litestar.middleware import ASGIMiddleware
from litestar.types import (
    ASGIApp,
    HTTPResponseBodyEvent,
    HTTPResponseStartEvent,
    Message,
    Receive,
    Scope,
    Send,
)

from core_sim.faults.models import FaultRule
from core_sim.faults.schemas import FaultRuleIn
from core_sim.settings import FIXTURES_DIR

HEADER = b"x-sim-scenario"
# What a malformed answer looks like: JSON cut short, as from a proxy that dropped the line.
GARBLED_BODY = b'{"responseCode": "00", "sessionId": "0906052611'


@dataclass(frozen=True, slots=True)
class Scenario:
    id: str
    operation: str
    outcome: str
    rule: dict[str, Any]
    magic: str | None
    customer_sees: str

    def as_rule(self) -> FaultRule:
        """A transient (never stored) rule with this scenario's effect."""
        return msgspec.convert({"operation": self.operation, **self.rule}, FaultRuleIn).to_rule()


def load_catalogue() -> dict[str, Scenario]:
    raw = json.loads((FIXTURES_DIR / "scenarios.json").read_text())
    return {
        item["id"]: Scenario(
            id=item["id"],
            operation=item["operation"],
            outcome=item["outcome"],
            rule=item["rule"],
            magic=item.get("magic"),
            customer_sees=item["customerSees"],
        )
        for item in raw["catalogue"]
    }


CATALOGUE = load_catalogue()


@dataclass(slots=True)
class _RequestFaults:
    scenarios: list[Scenario] = field(default_factory=list)
    garble: bool = False


_current: ContextVar[_RequestFaults | None] = ContextVar("sim_request_faults", default=None)


def take_request_scenario(operation: str) -> FaultRule | None:
    """The first scenario of this request's header for `operation`, used up; else None."""
    faults = _current.get()
    if faults is None:
        return None
    for index, scenario in enumerate(faults.scenarios):
        if scenario.operation == operation:
            del faults.scenarios[index]
            return scenario.as_rule()
    return None


def request_names(operation: str) -> bool:
    """Whether this request's header still names a scenario for `operation` (none used up)."""
    faults = _current.get()
    return faults is not None and any(s.operation == operation for s in faults.scenarios)


def garble_this_answer() -> None:
    faults = _current.get()
    if faults is not None:
        faults.garble = True


class UnknownScenario(ValueError):
    pass


def parse_header(value: str) -> list[Scenario]:
    ids = [part.strip() for part in value.split(",") if part.strip()]
    unknown = [i for i in ids if i not in CATALOGUE]
    if unknown:
        raise UnknownScenario(
            f"Unknown scenario {', '.join(unknown)}; see GET /sim/scenarios for the catalogue"
        )
    return [CATALOGUE[i] for i in ids]


class RequestFaultsMiddleware(ASGIMiddleware):
    """Reads X-Sim-Scenario into this request's context and garbles answers marked so."""

    scopes = (ScopeType.HTTP,)

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        header = dict(scope["headers"]).get(HEADER)
        try:
            scenarios = parse_header(header.decode()) if header else []
        except UnknownScenario as exc:
            await _send_problem(send, 400, str(exc))
            return
        faults = _RequestFaults(scenarios=scenarios)
        token = _current.set(faults)
        started = False

        async def send_maybe_garbled(message: Message) -> None:
            nonlocal started
            if not faults.garble:
                await send(message)
                return
            if message["type"] == "http.response.start" and not started:
                started = True
                await send(_start(200, b"application/json", GARBLED_BODY))
                await send(_body(GARBLED_BODY))
            # The real answer's start and body are dropped.

        try:
            await next_app(scope, receive, send_maybe_garbled)
        finally:
            _current.reset(token)


async def _send_problem(send: Send, status: int, detail: str) -> None:
    body = json.dumps(
        {"title": "Bad Request", "status": status, "detail": detail, "responseCode": "30"}
    ).encode()
    await send(_start(status, b"application/problem+json", body))
    await send(_body(body))


def _start(status: int, content_type: bytes, body: bytes) -> HTTPResponseStartEvent:
    return {
        "type": "http.response.start",
        "status": status,
        "headers": [
            (b"content-type", content_type),
            (b"content-length", str(len(body)).encode()),
        ],
    }


def _body(body: bytes) -> HTTPResponseBodyEvent:
    return {"type": "http.response.body", "body": body, "more_body": False}
