"""The simulator's Litestar application."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Annotated

import msgspec
from litestar import Litestar, Request, Response, get, post
from litestar.di import Provide
from litestar.exceptions import HTTPException
from litestar.exceptions.responses import create_exception_response
from litestar.logging.config import LoggingConfig
from litestar.openapi import OpenAPIConfig
from sqlalchemy import select

from core_sim.billers.controller import BillersController
from core_sim.customers.controller import CustomersController
from core_sim.customers.models import AccountType
from core_sim.db import Database
from core_sim.errors import SimError
from core_sim.faults import live as live_faults
from core_sim.faults.controller import FaultsController
from core_sim.faults.scenarios import CATALOGUE, RequestFaultsMiddleware
from core_sim.identity.controller import IdentityController
from core_sim.ledger.controller import LedgerController, RiskController, SimRiskController
from core_sim.messaging.controller import MessagingController
from core_sim.nip.controller import NipController, SimWatchListController
from core_sim.request_log import RequestLogMiddleware
from core_sim.savings import loop as savings_loop
from core_sim.savings.controller import SavingsController, SimSavingsController
from core_sim.schemas import CamelStruct
from core_sim.seed import seed
from core_sim.settings import SimSettings
from core_sim.simclock.controller import ClockController
from core_sim.simclock.service import follow_stored_offset, load_offset
from kobo_serving import served
from kobo_serving.tracing import litestar_plugins, provider_from_env

if TYPE_CHECKING:
    from opentelemetry.sdk.trace import TracerProvider
from kobo_serving.startup import once_across_processes


class ResetIn(CamelStruct, forbid_unknown_fields=True):
    seed: Annotated[int, msgspec.Meta(ge=0)] | None = None


log = logging.getLogger("core_sim")


class ResetOut(CamelStruct):
    seed: int


def sim_error_handler(_: Request, exc: SimError) -> Response[dict[str, object]]:
    return Response(
        {
            "type": "about:blank",
            "title": type(exc).__name__,
            "status": exc.status_code,
            "detail": exc.message,
            "responseCode": exc.code,
        },
        status_code=exc.status_code,
        media_type="application/problem+json",
    )


def unexpected_error(request: Request, exc: Exception) -> Response[dict[str, object]]:
    """A bug in the simulator: logged with its traceback (outside debug mode Litestar logs
    nothing of it) and answered in the same problem shape as a refusal, code 96."""
    log.exception("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    return Response(
        {
            "type": "about:blank",
            "title": "Internal Server Error",
            "status": 500,
            "detail": "The simulator failed; see its log.",
            "responseCode": "96",
        },
        status_code=500,
        media_type="application/problem+json",
    )


def logging_config(level: str) -> LoggingConfig:
    """Litestar's logging set-up, in every worker, at SIM_LOG_LEVEL. (Its default set the
    root logger to INFO, so SIM_LOG_LEVEL=WARNING still logged a line per request.) DEBUG is
    the simulator's own: libraries stay at INFO. Our request log replaces uvicorn's access
    log; httpx's line per outgoing call is noise.

    Lines go straight to stdout ("console"), as the BFF's do, not through Litestar's default
    queue and listener thread: handing each request's line to that thread took a fifth of
    the simulator's CPU on a computed dashboard (`bench.profile`, docs/benchmarks.md)."""
    return LoggingConfig(
        root={"handlers": ["console"], "level": "INFO" if level == "DEBUG" else level},
        loggers={
            "core_sim": {"level": level},
            "litestar": {"level": level, "handlers": ["console"], "propagate": False},
            "httpx": {"level": "WARNING"},
        },
    )


STARTUP_LOCK = 0x6B6F626F02  # "kobo" + 2: the simulator's schema and seed, once


def create_app(
    settings: SimSettings | None = None, tracer_provider: TracerProvider | None = None
) -> Litestar:
    settings = settings or SimSettings.from_env()
    db = Database(settings.database_url)

    async def seed_if_empty() -> None:
        # N workers start together: one creates and seeds, the others wait, then find it done.
        async with once_across_processes(db.engine, STARTUP_LOCK):
            await db.create_schema()
            async with db.reader() as session:
                has_data = await session.scalar(select(AccountType.id).limit(1))
            if has_data is None:
                await seed(db, settings.seed, settings.bank_code)
        await load_offset(db)
        await live_faults.refresh(db)

    background: set[asyncio.Task[None]] = set()

    async def follow_clock() -> None:
        background.add(asyncio.create_task(follow_stored_offset(db)))
        background.add(asyncio.create_task(live_faults.follow(db)))
        background.add(asyncio.create_task(savings_loop.follow(db, settings.savings)))

    async def stop_background() -> None:
        for task in background:
            task.cancel()

    @get("/health", tags=["sim"])
    async def health() -> dict[str, str]:
        return {"status": "ok"}

    @get("/sim/scenarios", tags=["sim"])
    async def scenarios() -> list[dict[str, object]]:
        """The scenario catalogue (fixtures/scenarios.json): ids for X-Sim-Scenario."""
        return [
            {
                "id": s.id,
                "operation": s.operation,
                "outcome": s.outcome,
                "rule": {"operation": s.operation, **s.rule},
                "magic": s.magic,
                "customerSees": s.customer_sees,
            }
            for s in CATALOGUE.values()
        ]

    @post("/sim/reset", status_code=200, tags=["sim"])
    async def reset(data: ResetIn | None = None) -> ResetOut:
        """Drop everything and reseed deterministically (optionally with another seed)."""
        seed_number = data.seed if data and data.seed is not None else settings.seed
        await seed(db, seed_number, settings.bank_code)
        return ResetOut(seed=seed_number)

    app = Litestar(
        route_handlers=[
            health,
            scenarios,
            reset,
            ClockController,
            CustomersController,
            LedgerController,
            RiskController,
            SimRiskController,
            MessagingController,
            FaultsController,
            IdentityController,
            NipController,
            SimWatchListController,
            BillersController,
            SavingsController,
            SimSavingsController,
        ],
        dependencies={
            "db": Provide(lambda: db, use_cache=True, sync_to_thread=False),
            "sim_settings": Provide(lambda: settings, use_cache=True, sync_to_thread=False),
        },
        exception_handlers={
            SimError: sim_error_handler,
            # Litestar's own answers (404, 405, a body that does not decode) stay as they are.
            HTTPException: create_exception_response,
            Exception: unexpected_error,
        },
        middleware=[RequestLogMiddleware(), RequestFaultsMiddleware()],
        on_startup=[seed_if_empty, follow_clock],
        on_shutdown=[stop_background, db.dispose],
        openapi_config=OpenAPIConfig(title="Kobo core-banking simulator", version="0.1.0"),
        logging_config=logging_config(settings.log_level),
        # Joins the BFF's traces (traceparent) when tracing is on: kobo_serving/tracing.py.
        plugins=litestar_plugins(tracer_provider or provider_from_env("kobo-core-sim")),
    )
    app.state.db = db
    return app


def create_served_app() -> Litestar:
    """The factory `python -m core_sim serve` runs (kobo_serving.served)."""
    return served(create_app())
