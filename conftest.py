"""Test databases for both programs, on the leg chosen by KOBO_TEST_DB (sqlite or postgres).

The PostgreSQL leg creates throwaway databases named after this process and drops them at
the end (in a process of its own, which pytest does not wait for), so parallel runs and the
developer's own databases are never touched.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import os
import shutil
import socket
import subprocess
import sys
import uuid
import warnings
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest

# The helpers the tests share are plain modules, not tests: rewrite their asserts as pytest
# does the tests' own (they were written inside test modules, and their failures should read
# as well).
pytest.register_assert_rewrite("bff.tests.helpers", "core_sim.tests.helpers")

LEG = os.environ.get("KOBO_TEST_DB", "sqlite")
PG_SERVER = os.environ.get("KOBO_TEST_PG", "postgres@127.0.0.1:5432")
REDIS_SERVER = os.environ.get("KOBO_TEST_REDIS", "redis://127.0.0.1:6379/0")


def pytest_report_header() -> str:
    return f"kobo database leg: {LEG}"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Each leg runs what it can tell apart: the SQLite leg every test but the PostgreSQL-only
    ones; the PostgreSQL leg only the tests that take a database of the leg (the `databases`
    fixture, directly or through `bff`, `sim`...) or are marked `postgres`. A test that never
    touches the leg's database (the repository checks, the bench parsers, the SMTP transport)
    would run the same twice."""
    if LEG == "postgres":
        skip = pytest.mark.skip(reason="takes no database: runs in the SQLite leg")
        for item in items:
            uses_database = "databases" in getattr(item, "fixturenames", ())
            if not uses_database and "postgres" not in item.keywords:
                item.add_marker(skip)
    else:
        skip = pytest.mark.skip(reason="PostgreSQL-only test; runs in the postgres leg")
        for item in items:
            if "postgres" in item.keywords:
                item.add_marker(skip)
    _longest_files_first(items)


def _longest_files_first(items: list[pytest.Item]) -> None:
    """Orders the files for pytest-xdist (`--dist loadfile --no-loadscope-reorder`, which
    hands them out in this order): files holding `slow` tests first, then by how many tests
    run. xdist's own order (most tests first) handed out the schemathesis file, two tests and
    two minutes, last of all: one worker ran it alone at the end of each leg."""
    by_file: dict[Path, list[pytest.Item]] = {}
    for item in items:
        by_file.setdefault(item.path, []).append(item)

    def longest_first(path: Path) -> tuple[bool, int]:
        runs = [item for item in by_file[path] if not item.get_closest_marker("skip")]
        return (not any("slow" in item.keywords for item in runs), -len(runs))

    items[:] = [item for path in sorted(by_file, key=longest_first) for item in by_file[path]]


def _pg_admin(*statements: str) -> None:
    """Run admin statements, one after another on one connection, on their own loop in a
    thread: callers may be inside a loop."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, _pg_admin_async(statements)).result()


async def _pg_admin_async(statements: tuple[str, ...]) -> None:
    import asyncpg

    user, _, hostport = PG_SERVER.partition("@")
    host, _, port = hostport.partition(":")
    conn = await asyncpg.connect(user=user, host=host, port=int(port or 5432), database="postgres")
    try:
        for sql in statements:
            await conn.execute(sql)
    finally:
        await conn.close()


class DatabaseFactory:
    """Hands out fresh, empty database URLs of the current leg."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.created: list[str] = []

    def new(self, label: str, template: str | None = None) -> str:
        """A new database; with `template` (a URL this factory made), a copy of that one."""
        name = f"kobo_test_{label}_{os.getpid()}_{len(self.created)}"
        self.created.append(name)
        if LEG == "postgres":
            source = f' TEMPLATE "{template.rsplit("/", 1)[1]}"' if template else ""
            _pg_admin(
                f'DROP DATABASE IF EXISTS "{name}"',
                f'CREATE DATABASE "{name}"{source}',
                # A throwaway database need not wait for the disk at each commit; the
                # server's other databases keep their own setting.
                f'ALTER DATABASE "{name}" SET synchronous_commit = off',
            )
            return f"postgresql+asyncpg://{PG_SERVER}/{name}"
        path = self.tmp / (name + ".sqlite3")
        if template:
            shutil.copyfile(template.removeprefix("sqlite+aiosqlite:///"), path)
        return f"sqlite+aiosqlite:///{path}"

    def drop_all(self) -> None:
        """Drops this process's databases in a process of its own that outlives pytest. Each
        DROP DATABASE makes PostgreSQL 15 take a checkpoint: at the end of the leg, with the
        other worker still writing, a few hundred of them held the last teardown for 67-107 s
        (session 23, docs/frontend.md)."""
        if LEG != "postgres" or not self.created:
            return
        drops = [f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)' for name in self.created]
        run_drops = "import sys, conftest; conftest._pg_admin(*sys.argv[1:])"
        subprocess.Popen(  # noqa: S603 (our own interpreter, our own statements)
            [sys.executable, "-c", run_drops, *drops],
            cwd=Path(__file__).parent,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )


@pytest.fixture(scope="session")
def databases(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DatabaseFactory]:
    factory = DatabaseFactory(tmp_path_factory.mktemp("db"))
    yield factory
    factory.drop_all()


@dataclass(frozen=True)
class RedisForTests:
    """The Redis the tests share, and a key prefix of this run's own (KOBO_REDIS_KEY_PREFIX):
    parallel runs and pytest-xdist workers never count into each other's keys."""

    url: str
    prefix: str


@pytest.fixture(scope="session")
def redis_server() -> RedisForTests:
    """Redis is required like PostgreSQL: under CI=true a Redis that does not answer fails
    the tests that need it; elsewhere they are skipped, with a warning saying why."""
    parts = urlsplit(REDIS_SERVER)
    try:
        with socket.create_connection((parts.hostname, parts.port or 6379), timeout=2):
            pass
    except OSError as exc:
        message = f"Redis is not reachable at {REDIS_SERVER} ({exc})"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{message}; CI requires Redis (KOBO_TEST_REDIS)")
        warnings.warn(
            f"SKIPPING REDIS TESTS: {message} (set CI=true to make this fail)", stacklevel=1
        )
        pytest.skip(message)
    return RedisForTests(REDIS_SERVER, f"kobo-test-{os.getpid()}-{uuid.uuid4().hex[:8]}")


@contextlib.asynccontextmanager
async def asgi_client(app: Any, base_url: str) -> AsyncIterator[httpx.AsyncClient]:
    """An httpx client that calls `app` in this event loop, with its lifespan run.

    Unlike Litestar's test clients (which run the app in a portal thread and block the
    caller's loop on each request), requests made concurrently here really are concurrent,
    and the app's database engines live in the test's loop.
    """
    started, stopped = asyncio.Event(), asyncio.Event()
    messages: asyncio.Queue[dict[str, str]] = asyncio.Queue()
    await messages.put({"type": "lifespan.startup"})
    failure: list[str] = []

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "lifespan.startup.complete":
            started.set()
        elif message["type"] == "lifespan.startup.failed":
            failure.append(message.get("message", "startup failed"))
            started.set()
        elif message["type"] == "lifespan.shutdown.complete":
            stopped.set()

    lifespan = asyncio.create_task(
        app({"type": "lifespan", "asgi": {"version": "3.0"}, "state": {}}, messages.get, send)
    )
    await started.wait()
    if failure:
        # The app re-raises what failed its start: collected here, not logged at exit as a
        # task exception never retrieved.
        with contextlib.suppress(Exception):
            await lifespan
        raise RuntimeError(failure[0])
    transport = httpx.ASGITransport(app=app)
    try:
        async with httpx.AsyncClient(transport=transport, base_url=base_url, timeout=60) as client:
            yield client
    finally:
        await messages.put({"type": "lifespan.shutdown"})
        await stopped.wait()
        await lifespan


@pytest.fixture(scope="session", autouse=True)
async def _no_task_outlives_the_session() -> AsyncIterator[None]:
    """At the end, cancel whatever tasks are left and say which ones would not stop.

    pytest-asyncio then closes the session's loop by waiting for every task to finish being
    cancelled; one full run once hung there. If it happens again, the tasks' stacks are in
    the output instead of a silent hang."""
    yield
    current = asyncio.current_task()
    left = [task for task in asyncio.all_tasks() if task is not current and not task.done()]
    for task in left:
        task.cancel()
    if left:
        _, pending = await asyncio.wait(left, timeout=15)
        for task in pending:
            print(f"\nA task would not stop after the session ended: {task!r}")
            task.print_stack()
