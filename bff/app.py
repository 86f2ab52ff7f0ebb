"""The BFF's application factory: which routes, plugins and middleware, in one place.
The services are built in bff/services.py, errors mapped in bff/problems.py."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from litestar import Litestar
from litestar.config.compression import CompressionConfig
from litestar.di import Provide
from litestar.openapi import OpenAPIConfig
from litestar.openapi.spec import Components, SecurityScheme
from litestar.types import Empty, Middleware

from bff.accounts.controller import AccountsController
from bff.audit.controller import AdminAuditController
from bff.auth.controller import AuthController
from bff.auth.guards import provide_admin, provide_applicant, provide_customer, provide_principal
from bff.beneficiaries.controller import BeneficiariesController
from bff.bills.controller import BillsController
from bff.config import Settings
from bff.core_client import CoreClient
from bff.core_client.scenario import SimScenarioMiddleware
from bff.dashboard.controller import DashboardController
from bff.devices.controller import DevicesController
from bff.disputes.controller import AdminDisputesController, DisputesController
from bff.history.controller import HistoryController
from bff.jobs.controller import AdminJobsController
from bff.kyc.controller import AdminKycController, KycController
from bff.limits.controller import LimitsController
from bff.liveness.controller import AdminLivenessController, LivenessController
from bff.metrics import PROMETHEUS, MetricsController, forget_dead_workers
from bff.observability import RequestIdMiddleware, log_format
from bff.onboarding.controller import OnboardingController
from bff.onboarding.review_controller import AdminOnboardingController
from bff.openapi_document import document_api
from bff.ops import health, ready
from bff.passkeys.controller import PasskeySettingsController, PasskeySignInController
from bff.privacy.controller import (
    AdminOffersController,
    AdminPrivacyController,
    PrivacyController,
)
from bff.problems import EXCEPTION_HANDLERS, problem_details_plugin
from bff.registration.controller import RegistrationController
from bff.risk.controller import AdminRiskController
from bff.savings.controller import SavingsController
from bff.schedules.controller import SchedulesController
from bff.security.cors import cors_config
from bff.security.headers import security_headers_hook
from bff.security.query_string import refuse_repeated_query_parameters
from bff.security.request_body import KoboRequest
from bff.security.throttling import Limiter, rate_limit_middleware
from bff.services import build
from bff.settings.controller import (
    AdminFreezeController,
    FreezeController,
    InstantTransfersController,
    SettingsController,
)
from bff.spa import SKIP_COMPRESSION
from bff.tickets.controller import AdminTicketsController, TicketsController
from bff.transfers.account_cap import NewAccountCapController
from bff.transfers.controller import TransfersController
from bff.transfers.device_cap import DeviceCapController
from kobo_serving import served
from kobo_serving.tracing import litestar_plugins, provider_from_env

if TYPE_CHECKING:
    from opentelemetry.sdk.trace import TracerProvider

# One line per core call is noise next to uvicorn's access log.
logging.getLogger("httpx").setLevel(logging.WARNING)

MAX_REQUEST_BYTES = 32 * 1024 * 1024

# The customer-facing contract (docs/contract.md) and the back office, one controller per
# domain; each route asks for who is calling through one of the guards (bff/auth/guards.py).
CONTROLLERS = [
    AuthController,
    RegistrationController,
    AccountsController,
    DashboardController,
    OnboardingController,
    AdminOnboardingController,
    SettingsController,
    PasskeySignInController,
    PasskeySettingsController,
    DevicesController,
    FreezeController,
    InstantTransfersController,
    AdminFreezeController,
    LimitsController,
    DeviceCapController,
    NewAccountCapController,
    TransfersController,
    BeneficiariesController,
    SchedulesController,
    SavingsController,
    BillsController,
    HistoryController,
    TicketsController,
    AdminTicketsController,
    DisputesController,
    AdminDisputesController,
    PrivacyController,
    AdminPrivacyController,
    AdminOffersController,
    AdminRiskController,
    LivenessController,
    AdminLivenessController,
    KycController,
    AdminKycController,
    AdminJobsController,
    AdminAuditController,
]
GUARDS: dict[str, Callable[..., Any]] = {
    "principal": provide_principal,
    "applicant": provide_applicant,
    "customer": provide_customer,
    "admin": provide_admin,
}

# The web app's scripts and the API's JSON travel gzipped: a phone on a slow network downloads
# a third of the bytes (Lighthouse's mobile score depended on it). Not the sign-in answers,
# which carry the session token: compressing a secret next to text an attacker can influence
# leaks it through sizes (BREACH).
# The web app's own files are compressed once, at build time (brotli and gzip), and served
# by bff/spa.py, whose route this middleware skips.
# Level 6 (zlib's default), not Litestar's 9: within a percent of the size on the API's JSON,
# and a quarter less CPU on the larger answers (26 KB of JSON: 0.44 ms against 0.58).
COMPRESSION = CompressionConfig(
    backend="gzip",
    gzip_compress_level=6,
    minimum_size=1024,
    exclude=["^/auth/"],
    exclude_opt_key=SKIP_COMPRESSION,
)


def _inline_scripts(settings: Settings) -> list[str]:
    """The built web app's inline scripts, by hash, for the CSP (bff/spa.py)."""
    if settings.webapp_dist is None:
        return []
    from bff.spa import inline_script_hashes

    return inline_script_hashes(settings.webapp_dist)


def route_handlers(settings: Settings) -> list[Any]:
    # The controllers are registered on the app itself, not inside a Router: Litestar
    # deep-copies a Router it registers, which was a third of `create_app`'s CPU (the tests
    # build an app for nearly every test). The guards are app-level dependencies instead.
    handlers: list[Any] = [health, ready, *CONTROLLERS, MetricsController]
    if settings.webapp_dist is not None and (settings.webapp_dist / "index.html").is_file():
        from bff.spa import spa_router

        handlers.append(spa_router(settings.webapp_dist))
    return handlers


def middleware(settings: Settings, limiter: Limiter) -> list[Middleware]:
    stack: list[Middleware] = [
        RequestIdMiddleware,
        PROMETHEUS.middleware,
        rate_limit_middleware(limiter),
    ]
    if settings.allow_sim_scenarios:
        stack.append(SimScenarioMiddleware)
    return stack


def openapi_config(settings: Settings) -> OpenAPIConfig | None:
    # Production serves no API explorer or document: the contract is in the repository
    # (webapp/src/api/openapi.json), and an attacker needs no map (docs/security.md).
    if settings.production:
        return None
    return OpenAPIConfig(
        title="Kobo BFF",
        version="0.1.0",
        description="Customer-facing contract of Kobo internet banking (see docs/contract.md).",
        components=Components(
            security_schemes={
                "bearer": SecurityScheme(type="http", scheme="bearer", description="Session token")
            }
        ),
    )


def constant(value: Any) -> Provide:
    return Provide(lambda: value, use_cache=True, sync_to_thread=False)


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
    runtime = build(settings, core)
    services = runtime.services
    services.core.trace_with(tracer_provider)
    app = Litestar(
        route_handlers=route_handlers(settings),
        dependencies={
            **{name: Provide(guard) for name, guard in GUARDS.items()},
            **{name: constant(s) for name, s in services.by_name().items()},
        },
        plugins=[*litestar_plugins(tracer_provider), problem_details_plugin()],
        exception_handlers=EXCEPTION_HANDLERS,
        middleware=middleware(settings, runtime.limiter),
        compression_config=COMPRESSION,
        before_send=[security_headers_hook(settings.public_url, _inline_scripts(settings))],
        # Every query parameter once (bff/security/query_string.py).
        before_request=refuse_repeated_query_parameters,
        cors_config=cors_config(settings),
        on_startup=[runtime.start],
        on_shutdown=[runtime.stop],
        openapi_config=openapi_config(settings),
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
        document_api(app)  # built once per process, then served as is
    # For tests and the command line: the parts they drive directly.
    app.state.settings = settings
    app.state.db = services.db
    app.state.accounts_service = services.accounts
    app.state.dashboard_service = services.dashboard
    app.state.core = services.core
    app.state.core_health = services.core_health
    app.state.jobs = services.jobs
    app.state.outbox = runtime.outbox
    app.state.clock = services.clock
    app.state.limiter = runtime.limiter
    return app


def create_served_app() -> Litestar:
    """The factory `python -m bff serve` runs (kobo_serving.served), once per worker."""
    forget_dead_workers()
    return served(create_app())
