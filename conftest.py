"""Test databases for both programs, on the leg chosen by KOBO_TEST_DB (sqlite or postgres).

The PostgreSQL leg creates throwaway databases named after this process and drops them at
the end, so parallel runs and the developer's own databases are never touched.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

LEG = os.environ.get("KOBO_TEST_DB", "sqlite")
PG_SERVER = os.environ.get("KOBO_TEST_PG", "postgres@127.0.0.1:5432")


def pytest_report_header() -> str:
    return f"kobo database leg: {LEG}"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if LEG == "postgres":
        return
    skip = pytest.mark.skip(reason="PostgreSQL-only test; runs in the postgres leg")
    for item in items:
        if "postgres" in item.keywords:
            item.add_marker(skip)


def _pg_admin(sql: str) -> None:
    """Run one admin statement on its own loop in a thread: callers may be inside a loop."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, _pg_admin_async(sql)).result()


async def _pg_admin_async(sql: str) -> None:
    import asyncpg

    user, _, hostport = PG_SERVER.partition("@")
    host, _, port = hostport.partition(":")
    conn = await asyncpg.connect(user=user, host=host, port=int(port or 5432), database="postgres")
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


class DatabaseFactory:
    """Hands out fresh, empty database URLs of the current leg."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.created: list[str] = []

    def new(self, label: str) -> str:
        name = f"kobo_test_{label}_{os.getpid()}_{len(self.created)}"
        self.created.append(name)
        if LEG == "postgres":
            _pg_admin(f'DROP DATABASE IF EXISTS "{name}"')
            _pg_admin(f'CREATE DATABASE "{name}"')
            return f"postgresql+asyncpg://{PG_SERVER}/{name}"
        return f"sqlite+aiosqlite:///{self.tmp / (name + '.sqlite3')}"

    def drop_all(self) -> None:
        if LEG != "postgres":
            return
        for name in self.created:
            _pg_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def databases(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DatabaseFactory]:
    factory = DatabaseFactory(tmp_path_factory.mktemp("db"))
    yield factory
    factory.drop_all()
