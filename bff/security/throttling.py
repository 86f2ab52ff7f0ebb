"""Per-client rate limits on the routes attackers hammer, with Litestar's rate-limit middleware.

Two groups, each counted per client address *and per route* (a normal sign-in is one login and
one code check, so each route gets its own allowance):
- sign-in and account-recovery routes (`AUTH_ROUTES`): `rate_limit_auth_per_minute`;
- name inquiry (`NAME_INQUIRY_ROUTES`), which reveals account holders' names:
  `rate_limit_name_inquiry_per_minute`.

These stop fast guessing from one address. Slower, per-account guessing is stopped by the
database-backed login lockout (bff/auth/service.py) and the per-code attempt limit
(bff/auth/codes.py), which hold across processes without Redis.

Counters live in memory (one process) or, with REDIS_URL, in Redis so that every BFF process
shares them. The refusal is a 429 problem document with Retry-After whose text says nothing
about any account.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from litestar import Request
from litestar.exceptions import TooManyRequestsException
from litestar.middleware.base import DefineMiddleware
from litestar.middleware.rate_limit import RateLimitConfig, get_remote_address
from litestar.plugins.problem_details import ProblemDetailsException
from litestar.stores.base import Store
from litestar.stores.memory import MemoryStore
from litestar.types import ASGIApp, Receive, Scope, Send

from bff.config import Settings

STORE_NAME = "rate_limit"
REDIS_NAMESPACE = "kobo-rate-limit"
THROTTLED = "Too many requests. Please wait a moment and try again."

_AUTH = "/auth/ibanking/personal"
AUTH_ROUTES = frozenset(
    {
        f"{_AUTH}/login",
        f"{_AUTH}/otp-verification",
        f"{_AUTH}/passkey/options",
        f"{_AUTH}/passkey/sign-in",
        f"{_AUTH}/email/verification",
        f"{_AUTH}/email/resend-code",
        f"{_AUTH}/password/forgot/{{encoded}}",
        f"{_AUTH}/registration/new",
        f"{_AUTH}/registration/existing",
    }
)
NAME_INQUIRY_ROUTES = frozenset(
    {"/api/transfer/name-inquiry", "/api/transfer/intrabank-name-inquiry"}
)
THROTTLED_ROUTES = AUTH_ROUTES | NAME_INQUIRY_ROUTES


def _route_of(request: Request[Any, Any, Any]) -> str:
    """The route's path template (e.g. `.../password/forgot/{encoded}`), not the raw path,
    so a route with a path parameter is one counter."""
    return str(request.scope.get("path_template", ""))


def _limit(group: str, routes: frozenset[str], per_minute: int) -> DefineMiddleware:
    # A coroutine: Litestar runs a plain function given here in a worker thread, for every
    # request to any route (a thread hand-off per request, seen in profiles under load).
    async def applies(request: Request[Any, Any, Any]) -> bool:
        # Preflights are answered by CORS and must not use up a customer's allowance.
        return request.method != "OPTIONS" and _route_of(request) in routes

    def client_and_route(request: Request[Any, Any, Any]) -> str:
        return f"{group}:{_route_of(request)}:{get_remote_address(request)}"

    return RateLimitConfig(
        rate_limit=("minute", per_minute),
        check_throttle_handler=applies,
        identifier_for_request=client_and_route,
        store=STORE_NAME,
    ).middleware


def rate_limit_middleware(settings: Settings) -> DefineMiddleware:
    limiters = [
        _limit("auth", AUTH_ROUTES, settings.rate_limit_auth_per_minute),
        _limit("name-inquiry", NAME_INQUIRY_ROUTES, settings.rate_limit_name_inquiry_per_minute),
    ]
    return DefineMiddleware(OnlyThrottledRoutes, limiters=limiters)


class OnlyThrottledRoutes:
    """Sends only the throttled routes' requests through the rate limiters. Each limiter
    builds a request object and asks whether it applies on every request it sees: on every
    other route (the dashboard above all) that was about a seventh of a kept read's cost,
    measured at 64 clients. The route's template is known here: middleware runs after
    routing."""

    def __init__(self, app: ASGIApp, limiters: list[DefineMiddleware]) -> None:
        self.app = app
        self.limiters = limiters

    @cached_property
    def throttled(self) -> ASGIApp:
        """Built on the route's first throttled request: Litestar builds this middleware for
        each of the app's 300-odd routes, and building the limiters for all of them was a
        sixth of `create_app`'s CPU (the tests build an app for nearly every test)."""
        throttled = self.app
        for limiter in reversed(self.limiters):
            throttled = limiter(throttled)
        return throttled

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("path_template") in THROTTLED_ROUTES:
            await self.throttled(scope, receive, send)
        else:
            await self.app(scope, receive, send)


def rate_limit_store(settings: Settings) -> Store:
    if not settings.redis_url:
        return MemoryStore()
    from litestar.stores.redis import RedisStore

    return RedisStore.with_client(url=settings.redis_url, namespace=REDIS_NAMESPACE)


def rate_limited_to_problem(exc: TooManyRequestsException) -> ProblemDetailsException:
    """The middleware's refusal as problem details, with Retry-After (the seconds until the
    window resets, which the middleware sends as RateLimit-Reset)."""
    headers = dict(exc.headers or {})
    retry_after = max(1, int(headers.get("RateLimit-Reset", "60")))
    return ProblemDetailsException(
        detail=THROTTLED,
        status_code=429,
        title="Too Many Requests",
        type_="about:blank",
        headers={**headers, "Retry-After": str(retry_after)},
    )
