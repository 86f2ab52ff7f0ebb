"""PostgreSQL connection settings shared by both programs (the BFF and the simulator each
keep their own engine and sessions; these are the knobs docs/deploy.md tells operators about)."""

from __future__ import annotations

import os
import uuid
from typing import Any


def postgres_pool_options() -> dict[str, Any]:
    """The connection pool of one process, from the environment (docs/deploy.md sizes it).

    KOBO_DB_POOL_SIZE connections are kept open, KOBO_DB_MAX_OVERFLOW more may open in a
    burst and are closed afterwards; beyond both, a unit of work waits for a connection.
    The pools were 10 kept open with 20 (simulator: 10) of overflow: under load most
    requests opened and closed a connection of their own, and profiles at 16 clients showed
    connecting as one of the BFF's largest costs. 12 + 4 keeps two BFF and two simulator
    processes within PostgreSQL's default 100 connections (a 64-client bench with 20 + 10
    ran out of them). A unit of work that waits KOBO_DB_POOL_TIMEOUT_S (30) for a connection
    gives up, and the request is answered 503 with Retry-After (bff/problems.py).

    KOBO_DB_PGBOUNCER=1: the URL is a PgBouncer in transaction pooling mode, where two
    statements of one connection may reach two different server connections. asyncpg's
    statement cache (and SQLAlchemy's on top of it) would then name a prepared statement on
    one server connection and use it on another; both caches are off and every statement
    gets a unique name, as SQLAlchemy's asyncpg documentation prescribes for PgBouncer.
    """
    options: dict[str, Any] = {
        "pool_size": int(os.environ.get("KOBO_DB_POOL_SIZE", "12")),
        "max_overflow": int(os.environ.get("KOBO_DB_MAX_OVERFLOW", "4")),
        "pool_timeout": float(os.environ.get("KOBO_DB_POOL_TIMEOUT_S", "30")),
    }
    if behind_pgbouncer():
        options["connect_args"] = {
            "statement_cache_size": 0,
            "prepared_statement_cache_size": 0,
            "prepared_statement_name_func": _unique_statement_name,
        }
    return options


def behind_pgbouncer() -> bool:
    return os.environ.get("KOBO_DB_PGBOUNCER", "") in {"1", "true", "yes"}


def _unique_statement_name() -> str:
    return f"__asyncpg_{uuid.uuid4().hex}__"
