"""The BFF wired to the real simulator app in-process (no network, no mocks)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import warnings
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from bench.pgbouncer import pgbouncer
from bench.workload import free_port
from bff.app import create_app
from bff.core_client import CoreClient
from bff.db import Database
from bff.db.migrate import upgrade
from bff.security.passwords import Passwords
from bff.seed import seed_personas
from bff.tests.helpers import Bff, conformance_hook, make_settings
from bff.tests.openapi_conformance import Contract
from bff.tests.s3_server import S3Server, running_s3_server
from core_sim.app import create_app as create_sim_app
from core_sim.settings import InflowRules, SimSettings
from testbed import PG_SERVER, asgi_client


@pytest.fixture(scope="session")
async def sim(databases) -> AsyncIterator[httpx.AsyncClient]:  # type: ignore[no-untyped-def]
    settings = SimSettings(
        database_url=databases.new("bff_sim"),
        seed=2026,
        bank_code="090605",
        timeout_fault_ms=3_000,  # a forced hang ends in the simulator's 504 (a timeout)
        # The whole session's payments share these accounts: the watch on money coming in
        # would flag Ada's by chance of test order. Its rules are proved at their edges by
        # core_sim/tests/test_inflow.py; here they are forced (`core.inflow.*`).
        inflow=InflowRules(many_credits=10**9, large_credit_kobo=10**15),
    )
    async with asgi_client(create_sim_app(settings), "http://sim.test") as client:
        yield client


@pytest.fixture(scope="module")
async def sim_reseeded_after_the_file(sim) -> AsyncIterator[None]:  # type: ignore[no-untyped-def]
    """For a file whose tests move the simulator's clock forward and then pay: those ledger
    lines stay dated ahead after the clock is reset, so they top the shared customers'
    histories above the next file's payments on this worker. Reseeding takes them back."""
    yield
    await sim.post("/sim/reset")


@dataclass(frozen=True)
class PgBouncer:
    address: str  # host:port

    def through(self, url: str) -> str:
        """A database URL of the test PostgreSQL, reaching it through this PgBouncer."""
        return url.replace(f"@{PG_SERVER.partition('@')[2]}/", f"@{self.address}/")


@pytest.fixture(scope="module")
def pgbouncer_server() -> Iterator[PgBouncer]:
    """A PgBouncer in transaction pooling mode in front of the test PostgreSQL (the bench's,
    bench/pgbouncer.py), for the multi-process tests to run through as a deployment may.
    Required like PostgreSQL: missing, it fails under CI=true and is skipped with a warning
    otherwise. (Processes using it need KOBO_DB_PGBOUNCER=1.)"""
    if not (shutil.which("pgbouncer") or Path("/usr/sbin/pgbouncer").exists()):
        message = "pgbouncer is not installed (Debian package pgbouncer; scripts/test installs it)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        warnings.warn(f"SKIPPING PGBOUNCER TESTS: {message}", stacklevel=1)
        pytest.skip(message)
    with pgbouncer(PG_SERVER.partition("@")[2], free_port(), pool_size=10) as address:
        yield PgBouncer(address)


@pytest.fixture(scope="session")
def s3_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[S3Server]:
    """One S3 API server (moto's, a real HTTP server) for the session; tests take a bucket
    each with `s3_server.new_bucket()`."""
    with running_s3_server(tmp_path_factory.mktemp("s3")) as server:
        yield server


@pytest.fixture(scope="session")
async def bff_template(databases) -> str:  # type: ignore[no-untyped-def]
    """A migrated database with the personas' users, copied for each test (much faster
    than migrating and hashing passwords again every time)."""
    url = databases.new("bff_template")
    await asyncio.to_thread(upgrade, url)
    settings = make_settings(url)
    db = Database(url)
    await seed_personas(db, Passwords(settings.argon2))
    await db.dispose()
    return url


@pytest.fixture(scope="session")
def contract(tmp_path_factory: pytest.TempPathFactory) -> Contract:
    """The BFF's OpenAPI document, as `GET /schema/openapi.json` serves it (it does not
    depend on the database or the settings the tests change)."""
    url = f"sqlite+aiosqlite:///{tmp_path_factory.mktemp('openapi')}/unused.sqlite3"
    return Contract(create_app(make_settings(url)).openapi_schema.to_schema())


@pytest.fixture
async def bff_factory(databases, sim, bff_template, contract):  # type: ignore[no-untyped-def]
    """Builds a BFF on a fresh database (or an existing one: `database_url=`, as a second
    process of the same deployment would); `core=`: a core client of the test's own (the
    simulator in-process otherwise); other keyword arguments override settings."""
    opened: list[Bff] = []
    contexts: list[contextlib.AbstractAsyncContextManager[httpx.AsyncClient]] = []

    async def make(**overrides: object) -> Bff:
        url = str(overrides.pop("database_url", None) or databases.new("bff", bff_template))
        given_core = overrides.pop("core", None)
        settings = make_settings(url, **overrides)
        core = given_core or CoreClient(sim, timeout_s=settings.core_timeout_s)
        app = create_app(settings, core=core)
        client_context = asgi_client(app, "http://bff.test")
        client = await client_context.__aenter__()
        contexts.append(client_context)
        client.event_hooks["response"].append(conformance_hook(contract))
        bff = Bff(app=app, client=client, sim=sim, db=Database(settings.database_url))
        opened.append(bff)
        return bff

    yield make
    for context in reversed(contexts):
        await context.__aexit__(None, None, None)
    for bff in opened:
        await bff.db.dispose()
    await sim.delete("/sim/faults/")


@pytest.fixture
async def bff(bff_factory) -> Bff:  # type: ignore[no-untyped-def]
    return await bff_factory()


@pytest.fixture
async def prospect(sim):  # type: ignore[no-untyped-def]
    """A person in the BVN/NIN registry who is not a customer yet (a different one per test)."""
    candidates = (
        await sim.get("/sim/identities", params={"customers": "false", "limit": 500})
    ).json()
    # The documented prospects are kept for people trying Kobo by hand and the browser tests.
    for candidate in candidates:
        if candidate["bvn"] not in _USED_PROSPECTS and not candidate["bvn"].startswith("222999"):
            _USED_PROSPECTS.add(candidate["bvn"])
            return candidate
    raise AssertionError("no prospects left in the simulator seed")


_USED_PROSPECTS: set[str] = set()
