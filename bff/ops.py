"""Liveness and readiness, for load balancers and orchestrators (docs/operations.md)."""

from __future__ import annotations

import logging

from litestar import Response, get
from litestar.openapi import ResponseSpec
from sqlalchemy import text

from bff.core_client import CoreClient, CoreError
from bff.db import Database

log = logging.getLogger("bff")


@get("/health", tags=["ops"], summary="Liveness")
async def health() -> dict[str, str]:
    return {"status": "ok"}


@get(
    "/ready",
    tags=["ops"],
    summary="Readiness: the database and the core answer",
    responses={
        503: ResponseSpec(
            data_container=dict[str, str],
            description="Not ready: which of the database and the core is unavailable",
            generate_examples=False,  # random examples would change the contract each build
        )
    },
)
async def ready(db: Database, core: CoreClient) -> Response[dict[str, str]]:
    checks = {"database": "ok", "core": "ok"}
    try:
        async with db.transaction() as session:
            await session.execute(text("SELECT 1"))
    except Exception as exc:  # any failure means: do not send traffic here
        log.warning("readiness: database: %s", exc)
        checks["database"] = "unavailable"
    if core.breaker.is_open:
        checks["core"] = "unavailable"
    else:
        try:
            await core.account_types()
        except CoreError:
            checks["core"] = "unavailable"
    ok = all(value == "ok" for value in checks.values())
    return Response(
        {"status": "ready" if ok else "not ready", **checks},
        status_code=200 if ok else 503,
    )
