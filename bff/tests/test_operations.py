"""Running Kobo for real: readiness, request ids carried to the core, JSON logs, and a
background pass that is allowed to finish when the process stops."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import os
import secrets
import subprocess
import sys
import time
from collections.abc import AsyncIterator

import httpx
import pytest

from bench.processes import ROOT, wait_until_up
from bench.workload import free_port
from bff import ops
from bff.core_client import CoreClient
from bff.core_client.breaker import CircuitBreaker
from bff.observability import JsonFormatter, current_request_id
from bff.tests.helpers import Bff, auth, samples
from testbed import pg_admin


class SwitchableCore(httpx.AsyncBaseTransport):
    """The in-process simulator behind a switch: up, unreachable (connection refused), or
    hanging (every call waits until `released` is set, then goes through)."""

    def __init__(self, sim: httpx.AsyncClient) -> None:
        self.sim = sim
        self.state = "up"
        self.released = asyncio.Event()
        self.hanging_calls = 0

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if self.state == "unreachable":
            raise httpx.ConnectError("connection refused", request=request)
        if self.state == "hanging":
            self.hanging_calls += 1
            await self.released.wait()
        return await self.sim._transport.handle_async_request(request)

    def client(self) -> CoreClient:
        http = httpx.AsyncClient(transport=self, base_url=str(self.sim.base_url))
        return CoreClient(http, timeout_s=10)


class PinnedClock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


async def core_up_gauge(bff: Bff) -> float:
    return samples((await bff.client.get("/metrics")).text)[("kobo_core_up", ())]


async def ready_after_a_probe(bff: Bff, clock: PinnedClock) -> httpx.Response:
    """/ready once the core has been probed afresh (the first /ready starts the probe and
    answers at once, with what was known)."""
    health = bff.app.state.core_health
    clock.now += health.every_s
    assert (await bff.client.get("/ready")).status_code == 200
    await health.probe
    return await bff.client.get("/ready")


async def test_ready_reports_the_core_without_depending_on_it(bff_factory, sim):  # type: ignore[no-untyped-def]
    """A core outage leaves every BFF in the load balancer: /ready and /health answer 200,
    routes that do not need the core work, and those that do answer the contract's 503.
    The core's state is in /ready's body and in kobo_core_up."""
    core = SwitchableCore(sim)
    bff = await bff_factory(core=core.client())
    clock = PinnedClock()
    bff.app.state.core_health.clock = clock
    token = await bff.sign_in()

    up = await ready_after_a_probe(bff, clock)
    assert up.status_code == 200
    assert up.json() == {"status": "ready", "database": "ok", "core": "ok"}
    assert await core_up_gauge(bff) == 1

    core.state = "unreachable"
    down = await ready_after_a_probe(bff, clock)
    assert down.status_code == 200
    assert down.json() == {"status": "ready", "database": "ok", "core": "unavailable"}
    assert await core_up_gauge(bff) == 0
    assert (await bff.client.get("/health")).status_code == 200
    for core_free in ("/api/tickets", "/api/ibanking/personal/2fa/type"):
        assert (await bff.client.get(core_free, headers=auth(token))).status_code == 200
    summary = await bff.client.get("/api/client-summary", headers=auth(token))
    assert summary.status_code == 503
    assert summary.json()["detail"] == (
        "We could not reach your accounts right now. Please try again shortly."
    )

    # Back: the next probe says so. An open breaker (customers' calls failing) says not.
    core.state = "up"
    assert (await ready_after_a_probe(bff, clock)).json()["core"] == "ok"
    bff.app.state.core.breaker = CircuitBreaker(failure_threshold=1, reset_after_s=60)
    bff.app.state.core.breaker.record_failure()
    opened = await bff.client.get("/ready")
    assert opened.status_code == 200 and opened.json()["core"] == "unavailable"


async def test_ready_never_waits_for_a_hanging_core(bff_factory, sim):  # type: ignore[no-untyped-def]
    core = SwitchableCore(sim)
    bff = await bff_factory(core=core.client())
    clock = PinnedClock()
    health = bff.app.state.core_health
    health.clock = clock
    assert (await ready_after_a_probe(bff, clock)).json()["core"] == "ok"

    core.state = "hanging"
    clock.now += health.every_s
    # Each /ready answers while the probe the first one started waits on the core. (The
    # bound only turns a hang into a failure; nothing here measures time.)
    async with asyncio.timeout(60):
        for _ in range(5):
            clock.now += health.every_s
            ready = await bff.client.get("/ready")
            assert ready.status_code == 200 and ready.json()["database"] == "ok"
    assert core.hanging_calls == 1, "one probe at a time, however often /ready is asked"
    core.released.set()
    await health.probe


async def test_ready_needs_the_database(bff, monkeypatch):  # type: ignore[no-untyped-def]
    @contextlib.asynccontextmanager
    async def lost() -> AsyncIterator[None]:
        raise ConnectionRefusedError("the database is gone")
        yield

    monkeypatch.setattr(bff.app.state.db, "transaction", lost)
    not_ready = await bff.client.get("/ready")
    assert not_ready.status_code == 503
    assert not_ready.json()["database"] == "unavailable"


async def test_ready_does_not_wait_for_a_database_that_does_not_answer(bff, monkeypatch):  # type: ignore[no-untyped-def]
    """A partition drops packets: the check would wait until TCP gave up. It gives up at
    its own bound and answers 503 (bff/ops.py; the drills cut a BFF off its database)."""
    never = asyncio.Event()

    @contextlib.asynccontextmanager
    async def unanswered() -> AsyncIterator[None]:
        await never.wait()
        yield

    monkeypatch.setattr(ops, "DATABASE_CHECK_TIMEOUT_S", 0.05)
    monkeypatch.setattr(bff.app.state.db, "transaction", unanswered)
    # Without the bound this request would never end: 30 s turns that into a failure.
    not_ready = await asyncio.wait_for(bff.client.get("/ready"), 30)
    assert not_ready.status_code == 503
    assert not_ready.json()["database"] == "unavailable"


async def test_every_answer_has_a_request_id_and_a_good_one_is_kept(bff):
    made = await bff.client.get("/health")
    assert len(made.headers["X-Request-ID"]) == 32
    kept = await bff.client.get("/health", headers={"X-Request-ID": "proxy-4f2a9c1e"})
    assert kept.headers["X-Request-ID"] == "proxy-4f2a9c1e"
    junk = await bff.client.get("/health", headers={"X-Request-ID": "<script>"})
    assert junk.headers["X-Request-ID"] != "<script>"


async def test_the_request_id_goes_to_the_core():
    seen: list[str | None] = []

    def core(request: httpx.Request) -> httpx.Response:
        seen.append(request.headers.get("X-Request-ID"))
        return httpx.Response(200, json=[])

    client = CoreClient(
        httpx.AsyncClient(transport=httpx.MockTransport(core), base_url="http://core"), 1
    )
    token = current_request_id.set("req-12345678")
    try:
        await client.account_types()
    finally:
        current_request_id.reset(token)
    await client.account_types()
    assert seen == ["req-12345678", None]
    await client.aclose()


def test_json_log_lines_carry_the_request_id():
    record = logging.LogRecord("bff", logging.WARNING, __file__, 1, "core slow: %s", ("x",), None)
    token = current_request_id.set("req-abcdefgh")
    try:
        line = json.loads(JsonFormatter().format(record))
    finally:
        current_request_id.reset(token)
    assert line["message"] == "core slow: x"
    assert line["requestId"] == "req-abcdefgh" and line["level"] == "WARNING"


async def test_stopping_lets_the_background_pass_finish(bff):
    jobs = bff.app.state.jobs
    finished = asyncio.Event()

    async def slow_pass(now=None):  # type: ignore[no-untyped-def]
        await asyncio.sleep(0.3)
        finished.set()

    jobs.run_once = slow_pass
    jobs.start()
    await asyncio.sleep(0.05)  # the pass is under way
    await jobs.stop(grace_s=5)
    assert finished.is_set()


def test_every_log_line_is_json_in_production_with_two_workers(tmp_path):  # type: ignore[no-untyped-def]
    """Production mode under uvicorn's worker processes: every line is one JSON object,
    uvicorn's and the app's alike (Litestar's own logging set-up must not replace it)."""
    port = free_port()
    log = tmp_path / "bff.log"
    env = {
        **os.environ,
        "KOBO_ENV": "production",
        "KOBO_SECRET_KEY": secrets.token_urlsafe(48),
        "KOBO_FILE_KEYS": "ops:" + base64.b64encode(secrets.token_bytes(32)).decode(),
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'bff.sqlite3'}",
        "KOBO_CORE_URL": f"http://127.0.0.1:{free_port()}",
        "KOBO_UPLOADS_DIR": str(tmp_path / "uploads"),
        "KOBO_WEBAPP_DIST": str(tmp_path / "no-web-app"),
        "KOBO_SEED_PERSONAS": "0",
        # Production refuses passkey settings on localhost: a domain of its own.
        "KOBO_WEBAUTHN_RP_ID": "bank.example",
        "KOBO_WEBAUTHN_ORIGINS": "https://bank.example",
    }
    env.pop("KOBO_LOG_FORMAT", None)
    with log.open("wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "bff", "serve", "--port", str(port), "--workers", "2"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=out,
        )
        try:
            try:
                wait_until_up(f"http://127.0.0.1:{port}/health", server)
            except RuntimeError as exc:
                raise AssertionError(log.read_text()[-3000:]) from exc
            with httpx.Client(base_url=f"http://127.0.0.1:{port}") as client:
                for _ in range(4):
                    health = client.get("/health")
                    assert health.status_code == 200
                    # Production names no server software and serves no API explorer.
                    assert "server" not in health.headers
                for path in ("/schema", "/schema/swagger", "/schema/openapi.json"):
                    assert client.get(path).status_code == 404, path
            time.sleep(0.5)
        finally:
            server.terminate()
            server.wait(timeout=60)
    lines = [line for line in log.read_text().splitlines() if line.strip()]
    assert any('"uvicorn.access"' in line for line in lines)
    for line in lines:
        entry = json.loads(line)  # fails the test on any plain-text line
        assert {"time", "level", "logger", "message"} <= set(entry)


@pytest.mark.postgres
async def test_database_restart_costs_one_request(bff):
    """The pools do not ping before every unit of work (three round trips each on asyncpg).
    When the server drops every connection, as a restart does, the next unit of work fails,
    SQLAlchemy invalidates the whole pool, and the one after reconnects."""
    token = await bff.sign_in()
    headers = {"Authorization": f"Bearer {token}"}
    assert (await bff.client.get("/api/accounts", headers=headers)).status_code == 200
    database = bff.db.url.rsplit("/", 1)[1]
    terminate = "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{}'"
    pg_admin(terminate.format(database))
    answers = [(await bff.client.get("/api/accounts", headers=headers)).status_code for _ in "ab"]
    assert answers[1] == 200, answers
    # The first may meet a connection the restart closed: an outage answer, never a 500.
    assert answers[0] in (200, 503), answers


@pytest.mark.postgres
async def test_a_busy_pool_answers_503_not_500(bff_factory, monkeypatch):
    """Overload: every connection of the pool is taken for longer than the pool waits. The
    request is told to come back (503, Retry-After), as for any outage; it is not a bug."""
    monkeypatch.setenv("KOBO_DB_POOL_SIZE", "2")  # start-up holds a lock on one, migrates on one
    monkeypatch.setenv("KOBO_DB_MAX_OVERFLOW", "0")
    monkeypatch.setenv("KOBO_DB_POOL_TIMEOUT_S", "0.3")
    bff = await bff_factory()
    token = await bff.sign_in()
    headers = {"Authorization": f"Bearer {token}"}
    engine = bff.app.state.db.engine
    async with engine.connect(), engine.connect():  # both of the pool's connections, held
        busy = await bff.client.get("/api/accounts", headers=headers)
    assert busy.status_code == 503, busy.text
    assert busy.headers["Retry-After"] == "5"
    assert (
        busy.json()["detail"]
        == "Our banking service is not responding right now. Please try again shortly."
    )
    assert (await bff.client.get("/api/accounts", headers=headers)).status_code == 200


def test_served_apps_freeze_what_they_built_and_test_apps_do_not(monkeypatch, tmp_path):
    """`python -m bff serve` and `python -m core_sim serve` run `create_served_app`, whose
    start-up leaves the application's own objects out of every later garbage collection
    (kobo_serving.freeze_startup_objects); apps built by tests freeze nothing."""
    import gc

    from bff.app import create_app, create_served_app
    from core_sim.app import create_served_app as create_served_sim
    from kobo_serving import freeze_startup_objects

    monkeypatch.setenv("DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path}/bff.sqlite3")
    monkeypatch.setenv("SIM_DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path}/sim.sqlite3")
    assert freeze_startup_objects in create_served_app().on_startup
    assert freeze_startup_objects in create_served_sim().on_startup
    assert freeze_startup_objects not in create_app().on_startup
    try:
        freeze_startup_objects()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


async def test_a_connection_lost_while_opening_is_an_outage_not_a_500(bff, monkeypatch):  # type: ignore[no-untyped-def]
    """During a failover the proxy closes new connections until a primary is promoted, and
    asyncpg raises the builtin ConnectionError, unwrapped by SQLAlchemy: a 503 to try again
    (the drills' database failover answered 500 to every request until this)."""
    token = await bff.sign_in()

    @contextlib.asynccontextmanager
    async def lost() -> AsyncIterator[None]:
        raise ConnectionError("unexpected connection_lost() call")
        yield

    monkeypatch.setattr(bff.app.state.db, "plain_reader", lost)
    monkeypatch.setattr(bff.app.state.db, "transaction", lost)
    answer = await bff.client.get("/api/accounts", headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 503, answer.text
    assert answer.headers["Retry-After"] == "5"


async def test_a_write_that_reaches_a_standby_is_an_outage_not_a_500(bff, monkeypatch):  # type: ignore[no-untyped-def]
    """A write on a connection the proxy has not yet moved to the new primary: PostgreSQL
    refuses it as read-only (SQLSTATE 25006). A failover in progress: 503, not a bug."""
    from asyncpg.exceptions import ReadOnlySQLTransactionError
    from sqlalchemy.exc import InternalError

    token = await bff.sign_in()
    cause = ReadOnlySQLTransactionError("cannot execute UPDATE in a read-only transaction")
    orig = Exception("read-only")
    orig.__cause__ = cause

    @contextlib.asynccontextmanager
    async def standby() -> AsyncIterator[None]:
        raise InternalError("UPDATE ...", {}, orig)
        yield

    monkeypatch.setattr(bff.app.state.db, "plain_reader", standby)
    monkeypatch.setattr(bff.app.state.db, "transaction", standby)
    answer = await bff.client.get("/api/accounts", headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 503, answer.text
