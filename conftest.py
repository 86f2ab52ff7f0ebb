"""Test databases for both programs, on the leg chosen by KOBO_TEST_DB (sqlite or postgres).

The PostgreSQL leg creates throwaway databases named after this process and drops them at
the end (in a process of its own, which pytest does not wait for), so parallel runs and the
developer's own databases are never touched.
"""

from __future__ import annotations

import asyncio
import os
import socket
import uuid
import warnings
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from testbed import LEG, REDIS_SERVER, DatabaseFactory, RedisForTests

# The helpers the tests share are plain modules, not tests: rewrite their asserts as pytest
# does the tests' own (they were written inside test modules, and their failures should read
# as well).
pytest.register_assert_rewrite("bff.tests.helpers", "core_sim.tests.helpers")


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


@pytest.fixture(scope="session")
def databases(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DatabaseFactory]:
    factory = DatabaseFactory(tmp_path_factory.mktemp("db"))
    yield factory
    factory.drop_all()


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
