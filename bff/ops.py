"""Liveness and readiness, for load balancers and orchestrators (docs/operations.md)."""

from __future__ import annotations

import asyncio
import logging

from litestar import Response, get
from litestar.openapi import ResponseSpec
from sqlalchemy import text

from bff.core_client.health import CoreHealth
from bff.db import Database

log = logging.getLogger("bff")

# A database that does not answer (a partition: packets dropped, no refusal) would hold the
# check until TCP gave up, minutes later; the probe (deploy/k8s: 3 s) must hear "not ready"
# before its own timeout, and a proxy that asks must not pile up waiting requests.
DATABASE_CHECK_TIMEOUT_S = 2.0


@get("/health", tags=["ops"], summary="Liveness")
async def health() -> dict[str, str]:
    return {"status": "ok"}


@get(
    "/ready",
    tags=["ops"],
    summary="Readiness: the database answers (the core's state is reported, not required)",
    responses={
        503: ResponseSpec(
            data_container=dict[str, str],
            description="Not ready: the database is unavailable",
            generate_examples=False,  # random examples would change the contract each build
        )
    },
)
async def ready(db: Database, core_health: CoreHealth) -> Response[dict[str, str]]:
    """Ready when this process can serve: its database answers. The core is reported
    (`"core": "ok"|"unavailable"`, never waited for) but does not decide: a core outage must
    not take every BFF out of the load balancer, when sign-in, settings, tickets and the web
    app still work and the pages that need the core answer their own 503."""
    database = "ok"
    try:
        async with asyncio.timeout(DATABASE_CHECK_TIMEOUT_S), db.transaction() as session:
            await session.execute(text("SELECT 1"))
    except Exception as exc:  # any failure means: do not send traffic here
        log.warning("readiness: database: %s", exc)
        database = "unavailable"
    core = "ok" if core_health.up() else "unavailable"
    ok = database == "ok"
    return Response(
        {"status": "ready" if ok else "not ready", "database": database, "core": core},
        status_code=200 if ok else 503,
    )
