"""The BFF wired to the real simulator app in-process (no network, no mocks)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import re
import tempfile
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from litestar import Litestar

from bff import __main__ as bff_main
from bff.app import create_app
from bff.config import Argon2Params, Settings
from bff.core_client import CoreClient
from bff.db import Database
from bff.db.migrate import upgrade
from bff.security.passwords import Passwords
from bff.seed import seed_personas
from bff.tests.openapi_conformance import Contract
from bff.tests.s3_server import S3Server, running_s3_server
from conftest import asgi_client
from core_sim.app import create_app as create_sim_app
from core_sim.settings import SimSettings

PASSWORD = "Kobo@2026"
ADA = "ada.okafor@example.com"
TUNDE = "tunde.bakare@example.com"
CHIOMA = "chioma.eze@example.com"
ADMIN = "admin@example.com"
TUNDE_TOTP_SECRET = "JBSWY3DPEHPK3PXPKOBOTUNDEZZZZAAA"


@pytest.fixture(scope="session")
async def sim(databases) -> AsyncIterator[httpx.AsyncClient]:  # type: ignore[no-untyped-def]
    settings = SimSettings(
        database_url=databases.new("bff_sim"),
        seed=2026,
        bank_code="090605",
        timeout_fault_ms=5_000,  # a forced hang outlasts the BFF's deadline below
    )
    async with asgi_client(create_sim_app(settings), "http://sim.test") as client:
        yield client


def served_with(monkeypatch: pytest.MonkeyPatch, **env: str | None) -> dict[str, object]:
    """What `python -m bff serve` hands uvicorn with these variables set (None: unset);
    nothing is served."""
    seen: dict[str, object] = {}
    monkeypatch.setattr(bff_main.uvicorn, "run", lambda app, **kwargs: seen.update(kwargs))
    monkeypatch.setattr("sys.argv", ["bff", "serve"])
    for name, value in env.items():
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    bff_main.main()
    return seen


def make_settings(database_url: str, **overrides: object) -> Settings:
    base = Settings(
        database_url=database_url,
        core_url="http://sim.invalid",
        secret_key="test-secret",
        # Generous: a loaded CI machine must not turn a slow answer into a failure.
        core_timeout_s=3.0,
        webapp_dist=None,
        uploads_dir=Path(tempfile.mkdtemp(prefix="kobo-uploads-")),
        worker_enabled=False,
        # Cheap but real argon2id, so the suite stays fast.
        argon2=Argon2Params(time_cost=1, memory_cost_kib=1024, parallelism=1),
        # Tests sign in many times from one client address; the limiter stays on, with room.
        # bff/tests/test_throttling.py puts the production limits back.
        rate_limit_auth_per_minute=10_000,
        rate_limit_name_enquiry_per_minute=10_000,
    )
    return dataclasses.replace(base, **overrides)  # type: ignore[arg-type]


@dataclass
class Bff:
    app: Litestar
    client: httpx.AsyncClient
    sim: httpx.AsyncClient
    # The test's own handle on the BFF's database. The app runs on the test client's event
    # loop, so tests must not borrow its engine (asyncpg connections are bound to a loop).
    db: Database

    async def login(self, identifier: str = ADA, password: str = PASSWORD, remember: bool = False):  # type: ignore[no-untyped-def]
        return await self.client.post(
            "/auth/ibanking/personal/login",
            json={"email": identifier, "password": password, "remember": remember},
        )

    async def latest_code(self, recipient: str) -> str:
        inbox = (await self.sim.get("/sim/messages", params={"recipient": recipient})).json()
        match = re.search(r"\b(\d{6})\b", inbox[0]["body"])
        assert match, inbox[0]
        return match.group(1)

    async def verify(self, login_body: dict, otp: str):  # type: ignore[no-untyped-def,type-arg]
        return await self.client.post(
            "/auth/ibanking/personal/otp-verification",
            json={"userId": login_body["userId"], "userUUID": login_body["userUUID"], "otp": otp},
        )

    async def sign_in(self, email: str = ADA) -> str:
        login = await self.login(email)
        assert login.status_code == 200, login.text
        verified = await self.verify(login.json(), await self.latest_code(email))
        assert verified.status_code == 200, verified.text
        return str(verified.json()["tokenDTO"]["accessToken"])


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


def conformance_hook(contract: Contract):  # type: ignore[no-untyped-def]
    """An httpx response hook: an answer the OpenAPI document does not describe (status or
    body) fails the test that got it (bff/tests/openapi_conformance.py).

    Requests with `X-Sim-Scenario` are left out: that header is a development switch for
    forcing the simulator's faults, outside the customer contract the document describes.
    """

    async def check(response: httpx.Response) -> None:
        request = response.request
        if "x-sim-scenario" in request.headers:
            return
        await response.aread()
        problems = contract.violations(
            request.method,
            request.url.path,
            response.status_code,
            response.headers.get("content-type", ""),
            response.content,
        )
        assert not problems, "the answer does not fit the OpenAPI document:\n" + "\n".join(problems)

    return check


@pytest.fixture
async def bff_factory(databases, sim, bff_template, contract):  # type: ignore[no-untyped-def]
    """Builds a BFF on a fresh database (or an existing one: `database_url=`, as a second
    process of the same deployment would); keyword arguments override settings."""
    opened: list[Bff] = []
    contexts: list[contextlib.AbstractAsyncContextManager[httpx.AsyncClient]] = []

    async def make(**overrides: object) -> Bff:
        url = str(overrides.pop("database_url", None) or databases.new("bff", bff_template))
        settings = make_settings(url, **overrides)
        core = CoreClient(sim, timeout_s=settings.core_timeout_s)
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


def new_user_body(prospect: dict, **overrides: object) -> dict:  # type: ignore[type-arg]
    year, month, day = prospect["dateOfBirth"].split("-")
    body = {
        "phoneNumber": prospect["phoneNumber"],
        "firstName": prospect["firstName"],
        "lastName": prospect["lastName"],
        "email": f"{prospect['firstName']}.{prospect['bvn']}@example.com".lower(),
        "dateOfBirth": f"{day}/{month}/{year}",
        "bvn": prospect["bvn"],
        "accountTypeId": 1,
        "stateOfResidence": "Lagos",
        "gender": prospect["gender"],
        "address": "12 Broad Street, Lagos Island",
        "employmentStatus": "EMPLOYED",
        "maritalStatus": "SINGLE",
        "clientType": "INDIVIDUAL",
        "password": PASSWORD,
        "confirmPassword": PASSWORD,
        "registrationType": "NEW",
    }
    body.update(overrides)
    return body
