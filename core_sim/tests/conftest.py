from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import httpx
import pytest

from core_sim.app import create_app
from core_sim.settings import SimSettings
from core_sim.simclock import state as simclock_state
from core_sim.tests.helpers import PinnedClock, pinned_datetime
from testbed import asgi_client


@pytest.fixture(scope="session")
async def sim_client(databases) -> AsyncIterator[httpx.AsyncClient]:  # type: ignore[no-untyped-def]
    """The whole simulator app, seeded once per test session."""
    settings = SimSettings(
        database_url=databases.new("sim_api"),
        seed=2026,
        bank_code="090605",
        timeout_fault_ms=300,
    )
    async with asgi_client(create_app(settings), "http://sim.test") as client:
        yield client


@pytest.fixture(autouse=True)
async def _no_faults_left(request: pytest.FixtureRequest) -> AsyncIterator[None]:
    yield
    if "sim_client" in request.fixturenames:
        client = request.getfixturevalue("sim_client")
        await client.delete("/sim/faults/")


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> PinnedClock:
    """The simulated clock pinned at 1 March 2027, 09:00 UTC (offset 0) for one test; the
    test moves it with `clock.advance(minutes=…)`."""
    pinned = PinnedClock(datetime(2027, 3, 1, 9, 0, tzinfo=UTC))
    monkeypatch.setattr(simclock_state, "datetime", pinned_datetime(pinned))
    monkeypatch.setattr(simclock_state, "_offset", timedelta(0))
    return pinned
