"""Per-client rate limits on the routes attackers hammer: our own small middleware.

Two groups, each counted per client address *and per route* (a normal sign-in is one login and
one code check, so each route gets its own allowance), in fixed one-minute windows:
- sign-in and account-recovery routes (`AUTH_ROUTES`): `rate_limit_auth_per_minute`;
- name inquiry (`NAME_INQUIRY_ROUTES`), which reveals account holders' names:
  `rate_limit_name_inquiry_per_minute`.

These stop fast guessing from one address. Slower, per-account guessing is stopped by the
database-backed login lockout (bff/auth/service.py) and the per-code attempt limit
(bff/auth/codes.py), which hold across processes whatever happens to Redis.

Where the counts live (bff/security/counters.py): with REDIS_URL, in Redis, shared by every
BFF process, one atomic round trip per check; without it, in the process's memory (one
process: development and tests). The refusal is a 429 problem document with Retry-After and
RateLimit-* headers whose text says nothing about any account.

When Redis does not answer (within a quarter of a second; then it is left alone for a few
seconds), each route does what was decided for it (docs/security.md, "Rate limits when Redis
is lost"):
- fail open, counted in this process alone (`LOCAL`): sign-in (login, code check, passkey
  options and sign-in) and name inquiry. Customers must still be able to sign in and pay;
  the per-account lockout and the per-code attempt limit in the database still hold; the
  per-address limit becomes per process, so looser by the number of processes.
- fail closed, 503 (`REFUSE`): the routes that send messages to anyone or reveal whether an
  account exists and can wait a minute (registration, password recovery, e-mail
  verification and code resend): without a shared count they could be used to spam or to
  enumerate at the processes' combined rate.
Both are counted in `kobo_rate_limit_redis_unavailable_total` and logged as a warning.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from litestar.datastructures import MutableScopeHeaders
from litestar.exceptions import TooManyRequestsException
from litestar.middleware.base import DefineMiddleware
from litestar.plugins.problem_details import ProblemDetailsException
from litestar.types import ASGIApp, Message, Receive, Scope, Send
from prometheus_client import Counter as PrometheusCounter

from bff.config import Settings
from bff.errors import TRY_AGAIN_SHORTLY, ServiceUnavailable
from bff.security.counters import (
    REDIS_PAUSE_S,
    WINDOW_S,
    Count,
    CounterUnavailable,
    MemoryCounter,
    RedisCounter,
)

THROTTLED = "Too many requests. Please wait a moment and try again."

_AUTH = "/auth/ibanking/personal"
# Sign-in itself: fails open to a per-process count when Redis is lost.
SIGN_IN_ROUTES = frozenset(
    {
        f"{_AUTH}/login",
        f"{_AUTH}/otp-verification",
        f"{_AUTH}/passkey/options",
        f"{_AUTH}/passkey/sign-in",
    }
)
# Routes that send a message to any address given, or tell whether an account exists, and
# are not urgent: fail closed when Redis is lost.
MESSAGE_ROUTES = frozenset(
    {
        f"{_AUTH}/email/verification",
        f"{_AUTH}/email/resend-code",
        f"{_AUTH}/password/forgot/{{encoded}}",
        f"{_AUTH}/registration/new",
        f"{_AUTH}/registration/existing",
    }
)
AUTH_ROUTES = SIGN_IN_ROUTES | MESSAGE_ROUTES
NAME_INQUIRY_ROUTES = frozenset(
    {"/api/transfer/name-inquiry", "/api/transfer/intrabank-name-inquiry"}
)
THROTTLED_ROUTES = AUTH_ROUTES | NAME_INQUIRY_ROUTES

REDIS_UNAVAILABLE = PrometheusCounter(
    "kobo_rate_limit_redis_unavailable",
    "Rate-limited requests decided without Redis, by route and what was done: counted by "
    "this process alone (local) or refused with a 503 (refused)",
    ["route", "action"],
)


class WithoutRedis(Enum):
    LOCAL = "local"  # fail open: count in this process
    REFUSE = "refused"  # fail closed: 503


@dataclass(frozen=True, slots=True)
class Rule:
    group: str
    per_minute: int
    without_redis: WithoutRedis


def rules(settings: Settings) -> dict[str, Rule]:
    """Each throttled route template's rule."""
    sign_in = Rule("auth", settings.rate_limit_auth_per_minute, WithoutRedis.LOCAL)
    messages = Rule("auth", settings.rate_limit_auth_per_minute, WithoutRedis.REFUSE)
    names = Rule("name-inquiry", settings.rate_limit_name_inquiry_per_minute, WithoutRedis.LOCAL)
    return (
        dict.fromkeys(SIGN_IN_ROUTES, sign_in)
        | dict.fromkeys(MESSAGE_ROUTES, messages)
        | dict.fromkeys(NAME_INQUIRY_ROUTES, names)
    )


class Limiter:
    """Counts a request against its route's rule; refuses it past the limit. One per process
    (built in bff/services.py), shared by every route's middleware."""

    def __init__(self, rules: dict[str, Rule], shared: RedisCounter | None) -> None:
        self.rules = rules
        self.shared = shared
        self.local = MemoryCounter()

    @classmethod
    def from_settings(cls, settings: Settings) -> Limiter:
        shared = (
            RedisCounter(
                settings.redis_url, settings.redis_key_prefix, password=settings.redis_password
            )
            if settings.redis_url
            else None
        )
        return cls(rules(settings), shared)

    async def check(self, route: str, rule: Rule, address: str) -> dict[str, str]:
        """The RateLimit-* headers for the answer; raises TooManyRequestsException past the
        limit, ServiceUnavailable when the route fails closed and Redis does not answer."""
        count = await self._count(route, rule, f"{rule.group}:{route}:{address}")
        headers = {
            "RateLimit-Policy": f"{rule.per_minute}; w={WINDOW_S}",
            "RateLimit-Limit": str(rule.per_minute),
            "RateLimit-Remaining": str(max(0, rule.per_minute - count.hits)),
            "RateLimit-Reset": str(count.reset_s),
        }
        if count.hits > rule.per_minute:
            raise TooManyRequestsException(headers=headers)
        return headers

    async def _count(self, route: str, rule: Rule, key: str) -> Count:
        if self.shared is None:
            return await self.local.hit(key)
        try:
            return await self.shared.hit(key)
        except CounterUnavailable:
            REDIS_UNAVAILABLE.labels(route, rule.without_redis.value).inc()
            if rule.without_redis is WithoutRedis.REFUSE:
                raise ServiceUnavailable(
                    TRY_AGAIN_SHORTLY, retry_after_s=int(REDIS_PAUSE_S)
                ) from None
            return await self.local.hit(key)

    async def aclose(self) -> None:
        if self.shared is not None:
            await self.shared.aclose()  # its connection pool
        await self.local.aclose()


def rate_limit_middleware(limiter: Limiter) -> DefineMiddleware:
    return DefineMiddleware(RateLimits, limiter=limiter)


class RateLimits:
    """Sends only the throttled routes' requests through the limiter, by route template (known
    here: middleware runs after routing); every other route (the dashboard above all) pays a
    dictionary look-up and nothing else. Litestar builds this middleware for each of the
    app's 300-odd routes: it holds nothing but the shared limiter."""

    def __init__(self, app: ASGIApp, limiter: Limiter) -> None:
        self.app = app
        self.limiter = limiter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        route = str(scope.get("path_template", ""))
        rule = self.limiter.rules.get(route)
        # Preflights are answered by CORS and must not use up a customer's allowance.
        if rule is None or scope.get("method") == "OPTIONS":
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        # The connection's address: uvicorn has put the customer's there when the request
        # came through a trusted proxy (KOBO_TRUSTED_PROXIES), never from a forged header.
        address = client[0] if client else "127.0.0.1"
        headers = await self.limiter.check(route, rule, address)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                mutable = MutableScopeHeaders(message)
                for name, value in headers.items():
                    mutable[name] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)


def rate_limited_to_problem(exc: TooManyRequestsException) -> ProblemDetailsException:
    """The limiter's refusal as problem details, with Retry-After (the seconds until the
    window resets, also sent as RateLimit-Reset)."""
    headers: dict[str, Any] = dict(exc.headers or {})
    retry_after = max(1, int(headers.get("RateLimit-Reset", "60")))
    return ProblemDetailsException(
        detail=THROTTLED,
        status_code=429,
        title="Too Many Requests",
        type_="about:blank",
        headers={**headers, "Retry-After": str(retry_after)},
    )
