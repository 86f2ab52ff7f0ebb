"""The BFF's application factory: wiring only, no rules."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from asyncpg.exceptions import InternalClientError
from litestar import Litestar, Request, Response, Router, get
from litestar.config.compression import CompressionConfig
from litestar.di import Provide
from litestar.exceptions import HTTPException, TooManyRequestsException, ValidationException
from litestar.openapi import OpenAPIConfig, ResponseSpec
from litestar.openapi.spec import Components, SecurityScheme
from litestar.plugins.problem_details import (
    ProblemDetailsConfig,
    ProblemDetailsException,
    ProblemDetailsPlugin,
)
from litestar.types import Empty, Middleware
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError

from bff.accounts.controller import AccountsController
from bff.accounts.service import AccountsService
from bff.admin.controller import AdminOnboardingController
from bff.admin.jobs_controller import AdminJobsController
from bff.admin.service import AdminService
from bff.audit.controller import AdminAuditController
from bff.audit.notices import SecurityNotices
from bff.auth.codes import OneTimeCodes
from bff.auth.controller import AuthController
from bff.auth.guards import provide_admin, provide_applicant, provide_customer, provide_principal
from bff.auth.service import AuthService
from bff.beneficiaries.controller import BeneficiariesController
from bff.beneficiaries.service import BeneficiaryService
from bff.bills.alerts import VEND_ALERT, VendAlerts
from bff.bills.controller import BillsController
from bff.bills.service import BillService
from bff.clock import BankClock, Clock, SimulatorClock
from bff.config import Settings
from bff.core_client import CoreClient, CoreError, CoreUnavailable
from bff.core_client.breaker import CircuitBreaker
from bff.core_client.scenario import SimScenarioMiddleware
from bff.dashboard.controller import DashboardController
from bff.dashboard.service import DashboardService
from bff.db import Database
from bff.db.migrate import upgrade
from bff.errors import AppError, TooManyRequests
from bff.history.controller import HistoryController
from bff.history.service import HistoryService
from bff.jobs import Jobs
from bff.kyc.controller import AdminKycController, KycController
from bff.kyc.service import KycService
from bff.limits.controller import LimitsController
from bff.limits.service import LimitsService
from bff.metrics import PROMETHEUS, MetricsController
from bff.notifications.alerts import PostingAlerts
from bff.notifications.notifier import Notifier
from bff.notifications.outbox import Outbox
from bff.notifications.transports import Transports
from bff.observability import RequestIdMiddleware, log_format
from bff.onboarding.controller import OnboardingController
from bff.onboarding.service import OnboardingService
from bff.openapi_errors import document_refusals
from bff.payees.lookup import AccountLookup
from bff.registration.controller import RegistrationController
from bff.registration.service import RegistrationService
from bff.schedules.controller import SchedulesController
from bff.schedules.service import ScheduleService
from bff.security.cors import cors_config
from bff.security.headers import security_headers_hook
from bff.security.passwords import Passwords
from bff.security.request_body import KoboRequest
from bff.security.throttling import (
    STORE_NAME,
    rate_limit_middleware,
    rate_limit_store,
    rate_limited_to_problem,
)
from bff.seed import seed_personas
from bff.settings.controller import SettingsController
from bff.settings.service import SettingsService
from bff.storage import LocalDirectoryStore
from bff.tickets.controller import AdminTicketsController, TicketsController
from bff.tickets.service import TicketService
from bff.transfers.alerts import TRANSFER_ALERT, TransferAlerts
from bff.transfers.controller import TransfersController
from bff.transfers.service import TransferService
from kobo_serving.startup import once_across_processes
from kobo_serving.tracing import litestar_plugins, provider_from_env, trace_client

if TYPE_CHECKING:
    from opentelemetry.sdk.trace import TracerProvider

log = logging.getLogger("bff")
# One line per core call is noise next to uvicorn's access log.
logging.getLogger("httpx").setLevel(logging.WARNING)

UNEXPECTED = "Something went wrong on our side. Please try again."
MAX_REQUEST_BYTES = 32 * 1024 * 1024
STARTUP_LOCK = 0x6B6F626F01  # "kobo" + 1: migrations and seeding, once across processes


def app_error_to_problem(exc: AppError) -> ProblemDetailsException:
    extra: dict[str, Any] = dict(exc.extra)
    if exc.errors:
        extra["errors"] = exc.errors
    headers = {"Retry-After": str(exc.retry_after_s)} if isinstance(exc, TooManyRequests) else None
    return ProblemDetailsException(
        detail=exc.message,
        status_code=exc.status_code,
        title=exc.title,
        type_="about:blank",
        extra=extra or None,
        headers=headers,
    )


_MISSING = re.compile(r"missing required field `([^`]+)`")


def validation_to_problem(exc: ValidationException) -> ProblemDetailsException:
    """Litestar's 400 for a body or parameter that does not fit the schema, made readable."""
    errors = []
    for item in exc.extra if isinstance(exc.extra, list) else []:
        if not isinstance(item, Mapping):
            continue
        message = str(item.get("message", "is invalid"))
        field = str(item.get("key") or "body")
        if missing := _MISSING.search(message):
            field, message = missing.group(1), "This field is required"
        errors.append({"field": field, "message": message})
    first = errors[0] if errors else None
    detail = (
        f"Invalid request: {first['field']}: {first['message']}" if first else "Invalid request"
    )
    return ProblemDetailsException(
        detail=detail,
        status_code=400,
        title="Bad Request",
        type_="about:blank",
        extra={"errors": errors} if errors else None,
    )


def http_to_problem(exc: HTTPException) -> ProblemDetailsException:
    return ProblemDetailsException(
        detail=str(exc.detail),
        status_code=exc.status_code,
        title=str(exc.detail),
        type_="about:blank",
        headers=exc.headers,
    )


CORE_UNAVAILABLE = "Our banking service is not responding right now. Please try again shortly."


def core_unavailable_to_problem(exc: CoreUnavailable) -> ProblemDetailsException:
    """The last line for a core outage no service turned into its own message: a 503, fast."""
    log.warning("core unavailable: %s", exc)
    return ProblemDetailsException(
        detail=CORE_UNAVAILABLE,
        status_code=503,
        title="Service Unavailable",
        type_="about:blank",
        headers={"Retry-After": "5"},
    )


def database_error(request: Request, exc: DBAPIError) -> Response[dict[str, Any]]:
    """A lost or refused database connection is an outage, answered like a core outage (503,
    retry shortly): after a database restart the first unit of work on each pooled connection
    fails this way (asyncpg reports a connection the server closed as an InternalClientError
    that SQLAlchemy does not count as a disconnect). Anything else the database refused is a
    bug and stays a 500."""
    unreachable = (
        exc.connection_invalidated
        or isinstance(exc, (OperationalError, InterfaceError))
        or isinstance(exc.orig.__cause__ if exc.orig else None, InternalClientError)
    )
    if not unreachable:
        return unexpected_error(request, exc)
    log.warning("database unavailable on %s %s: %s", request.method, request.url.path, exc.orig)
    return problem_response(
        503, "Service Unavailable", CORE_UNAVAILABLE, headers={"Retry-After": "5"}
    )


def unexpected_error(request: Request, exc: Exception) -> Response[dict[str, Any]]:
    log.exception("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    return problem_response(500, "Internal Server Error", UNEXPECTED)


def problem_response(
    status: int, title: str, detail: str, headers: dict[str, str] | None = None
) -> Response[dict[str, Any]]:
    """A problem document answered by an exception handler (outside the problem-details plugin,
    which only maps exceptions it is told about)."""
    return Response(
        {"type": "about:blank", "title": title, "status": status, "detail": detail},
        status_code=status,
        media_type="application/problem+json",
        headers=headers,
    )


def create_app(
    settings: Settings | None = None,
    core: CoreClient | None = None,
    tracer_provider: TracerProvider | None = None,
) -> Litestar:
    """`core` is injected by tests (the simulator in-process); otherwise built from settings.
    `tracer_provider`: tests pass one; otherwise tracing is on only when
    OTEL_EXPORTER_OTLP_ENDPOINT is set (kobo_serving/tracing.py)."""
    settings = settings or Settings.from_env()
    tracer_provider = tracer_provider or provider_from_env("kobo-bff")
    db = Database(settings.database_url)
    passwords = Passwords(settings.argon2)
    core_client = core or CoreClient.over_network(
        settings.core_url,
        settings.core_timeout_s,
        CircuitBreaker(settings.core_breaker_failures, settings.core_breaker_reset_s),
    )
    transports = Transports.configured(settings.channels, core_client)
    outbox = Outbox(
        db,
        transports,
        PostingAlerts(
            {
                TRANSFER_ALERT: TransferAlerts(db, core_client).render,
                VEND_ALERT: VendAlerts(db, core_client).render,
            }
        ).render,
    )
    notifier = Notifier(transports, outbox)
    trace_client(core_client.http, tracer_provider)
    codes = OneTimeCodes(db, settings, core_client, notifier)
    notices = SecurityNotices(notifier)
    auth = AuthService(db, settings, passwords, core_client, codes, notices)
    accounts = AccountsService(db, core_client, codes)
    dashboard = DashboardService(db, core_client)
    store = LocalDirectoryStore(settings.uploads_dir)
    onboarding = OnboardingService(db, settings, core_client, store)
    customer_settings = SettingsService(db, settings, passwords, auth, codes, accounts, notices)
    transaction_limits = LimitsService(db, settings, codes, accounts, notices)
    lookup = AccountLookup(core_client)
    beneficiaries = BeneficiaryService(db, lookup, notices)
    transfers = TransferService(
        db,
        core_client,
        codes,
        accounts,
        transaction_limits,
        beneficiaries,
        lookup,
        otp_ttl_s=settings.otp_ttl_s,
    )
    bills = BillService(
        db, core_client, codes, accounts, transaction_limits, otp_ttl_s=settings.otp_ttl_s
    )
    clock: BankClock = (
        SimulatorClock(core_client) if settings.clock_source == "simulator" else Clock(db)
    )
    schedules = ScheduleService(db, core_client, codes, transfers, clock)
    # A completed payment's alert goes out at once, not at the next pass.
    transfers.life.alert_recorded = outbox.poke
    bills.life.alert_recorded = outbox.poke
    jobs = Jobs(transfers, bills, schedules, settings.worker_interval_s, outbox)
    limiter_store = rate_limit_store(settings)
    services = {
        "auth": auth,
        "codes": codes,
        "accounts": accounts,
        "dashboard": dashboard,
        "registration": RegistrationService(db, passwords, core_client, auth),
        "onboarding": onboarding,
        "admin_service": AdminService(db, core_client, onboarding, notifier),
        "customer_settings": customer_settings,
        "transaction_limits": transaction_limits,
        "lookup": lookup,
        "beneficiaries": beneficiaries,
        # Not "transfers": a dependency named like a body field (BulkTransferIn.transfers) turns
        # that field's validation error into a 500 (Litestar blames the dependency).
        "transfer_service": transfers,
        "schedules": schedules,
        "bills": bills,
        "history": HistoryService(db, core_client, accounts, notifier),
        "tickets": TicketService(db, core_client, store, notifier),
        "kyc": KycService(db, core_client, store),
        "clock": clock,
        "jobs": jobs,
        "core": core_client,
        "db": db,
    }

    async def on_startup() -> None:
        # N workers start together: one migrates and seeds, the others wait, then find it done.
        async with once_across_processes(db.engine, STARTUP_LOCK):
            await asyncio.to_thread(upgrade, settings.database_url)
            if settings.seed_personas:
                await seed_personas(db, passwords)
        if settings.worker_enabled:
            jobs.start()

    async def on_shutdown() -> None:
        await jobs.stop()
        await limiter_store.__aexit__(None, None, None)  # closes a Redis connection pool
        await transports.aclose()
        if core is None:
            await core_client.aclose()
        await db.dispose()

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
    async def ready() -> Response[dict[str, str]]:
        checks = {"database": "ok", "core": "ok"}
        try:
            async with db.transaction() as session:
                await session.execute(text("SELECT 1"))
        except Exception as exc:  # any failure means: do not send traffic here
            log.warning("readiness: database: %s", exc)
            checks["database"] = "unavailable"
        if core_client.breaker.is_open:
            checks["core"] = "unavailable"
        else:
            try:
                await core_client.account_types()
            except CoreError:
                checks["core"] = "unavailable"
        ok = all(value == "ok" for value in checks.values())
        return Response(
            {"status": "ready" if ok else "not ready", **checks},
            status_code=200 if ok else 503,
        )

    api = Router(
        path="/",
        route_handlers=[
            AuthController,
            RegistrationController,
            AccountsController,
            DashboardController,
            OnboardingController,
            AdminOnboardingController,
            SettingsController,
            LimitsController,
            TransfersController,
            BeneficiariesController,
            SchedulesController,
            BillsController,
            HistoryController,
            TicketsController,
            AdminTicketsController,
            KycController,
            AdminKycController,
            AdminJobsController,
            AdminAuditController,
        ],
        dependencies={
            "principal": Provide(provide_principal),
            "applicant": Provide(provide_applicant),
            "customer": Provide(provide_customer),
            "admin": Provide(provide_admin),
        },
    )
    handlers: list[Any] = [health, ready, api, MetricsController]
    if settings.webapp_dist is not None and (settings.webapp_dist / "index.html").is_file():
        from bff.spa import spa_router

        handlers.append(spa_router(settings.webapp_dist))

    def const(value: Any) -> Provide:
        return Provide(lambda: value, use_cache=True, sync_to_thread=False)

    middleware: list[Middleware] = [
        RequestIdMiddleware,
        PROMETHEUS.middleware,
        *rate_limit_middleware(settings),
    ]
    if settings.allow_sim_scenarios:
        middleware.append(SimScenarioMiddleware)

    app = Litestar(
        route_handlers=handlers,
        dependencies={name: const(service) for name, service in services.items()},
        plugins=[
            *litestar_plugins(tracer_provider),
            ProblemDetailsPlugin(
                ProblemDetailsConfig(
                    enable_for_all_http_exceptions=True,
                    exception_to_problem_detail_map={
                        AppError: app_error_to_problem,
                        ValidationException: validation_to_problem,
                        HTTPException: http_to_problem,
                        CoreUnavailable: core_unavailable_to_problem,
                        TooManyRequestsException: rate_limited_to_problem,
                    },
                )
            ),
        ],
        exception_handlers={DBAPIError: database_error, Exception: unexpected_error},
        middleware=middleware,
        stores={STORE_NAME: limiter_store},
        # The web app's scripts and the API's JSON travel gzipped: a phone on a slow network
        # downloads a third of the bytes (Lighthouse's mobile score depended on it).
        # Not the sign-in answers, which carry the session token: compressing a secret next
        # to text an attacker can influence leaks it through sizes (BREACH).
        compression_config=CompressionConfig(
            backend="gzip", minimum_size=1024, exclude=["^/auth/"]
        ),
        before_send=[security_headers_hook(settings.public_url)],
        cors_config=cors_config(settings),
        on_startup=[on_startup],
        on_shutdown=[on_shutdown],
        # Production serves no API explorer or document: the contract is in the repository
        # (webapp/src/api/openapi.json), and an attacker needs no map (docs/security.md).
        openapi_config=None
        if settings.production
        else OpenAPIConfig(
            title="Kobo BFF",
            version="0.1.0",
            description="Customer-facing contract of Kobo internet banking (see docs/contract.md).",
            components=Components(
                security_schemes={
                    "bearer": SecurityScheme(
                        type="http", scheme="bearer", description="Session token"
                    )
                }
            ),
        ),
        debug=False,
        # JSON logs are configured by `python -m bff serve` (uvicorn's log_config) in every
        # worker; Litestar's own logging set-up would replace that handler at start-up.
        logging_config=None if log_format() == "json" else Empty,
        # Uploads travel as base64 in JSON: a 10 MB ticket attachment is ~13.4 MB of text.
        request_max_body_size=MAX_REQUEST_BYTES,
        # Checks a JSON body's nesting before parsing it (bff/security/request_body.py).
        request_class=KoboRequest,
    )
    if not settings.production:
        document_refusals(app)  # the document is built once here, then served as is
    app.state.settings = settings
    app.state.db = db
    app.state.accounts_service = accounts
    app.state.dashboard_service = dashboard
    app.state.core = core_client
    app.state.jobs = jobs
    app.state.outbox = outbox
    app.state.clock = clock
    return app
