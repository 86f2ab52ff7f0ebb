from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest

from core_sim.app import create_app
from core_sim.settings import SimSettings
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
