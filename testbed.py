"""What the tests of both programs share besides fixtures: the servers they run against
(KOBO_TEST_DB's leg, KOBO_TEST_PG, KOBO_TEST_REDIS), throwaway databases, and an in-loop
HTTP client for an ASGI app. conftest.py builds its fixtures on these, and a test module that
needs one imports it from here (never from a conftest.py: tests_repo/test_test_imports.py).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import os
import shutil
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

LEG = os.environ.get("KOBO_TEST_DB", "sqlite")
PG_SERVER = os.environ.get("KOBO_TEST_PG", "postgres@127.0.0.1:5432")
REDIS_SERVER = os.environ.get("KOBO_TEST_REDIS", "redis://127.0.0.1:6379/0")


def pg_admin(*statements: str) -> None:
    """Run admin statements, one after another on one connection, on their own loop in a
    thread: callers may be inside a loop."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, pg_admin_async(statements)).result()


async def pg_admin_async(statements: tuple[str, ...]) -> None:
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
            pg_admin(
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
        run_drops = "import sys, conftest; conftest.pg_admin(*sys.argv[1:])"
        subprocess.Popen(  # noqa: S603 (our own interpreter, our own statements)
            [sys.executable, "-c", run_drops, *drops],
            cwd=Path(__file__).parent,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )


@dataclass(frozen=True)
class RedisForTests:
    """The Redis the tests share, and a key prefix of this run's own (KOBO_REDIS_KEY_PREFIX):
    parallel runs and pytest-xdist workers never count into each other's keys."""

    url: str
    prefix: str


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
