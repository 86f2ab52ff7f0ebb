"""Every error becomes a problem document (RFC 9457, `application/problem+json`): the
mappers Litestar's problem-details plugin uses, and the handlers for what it does not map
(a lost database connection, a bug)."""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from typing import Any

from asyncpg.exceptions import InternalClientError, ReadOnlySQLTransactionError
from litestar import Request, Response
from litestar.exceptions import HTTPException, TooManyRequestsException, ValidationException
from litestar.plugins.problem_details import (
    ProblemDetailsConfig,
    ProblemDetailsException,
    ProblemDetailsPlugin,
)
from litestar.types import ExceptionHandlersMap
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from bff.core_client import CoreUnavailable
from bff.errors import TRY_AGAIN_SHORTLY, AppError
from bff.security.throttling import rate_limited_to_problem

log = logging.getLogger("bff")

UNEXPECTED = "Something went wrong on our side. Please try again."


def app_error_to_problem(exc: AppError) -> ProblemDetailsException:
    extra: dict[str, Any] = dict(exc.extra)
    if exc.errors:
        extra["errors"] = exc.errors
    headers = {"Retry-After": str(exc.retry_after_s)} if exc.retry_after_s is not None else None
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


CORE_UNAVAILABLE = TRY_AGAIN_SHORTLY


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
    that SQLAlchemy does not count as a disconnect), and so does a write that reaches a
    standby during a failover. Anything else the database refused is a bug and stays a 500."""
    cause = exc.orig.__cause__ if exc.orig else None
    unreachable = (
        exc.connection_invalidated
        or isinstance(exc, (OperationalError, InterfaceError))
        # A connection the server closed (a restart), or a write that reached a node that
        # is a standby now (a failover the proxy has not yet moved this connection past).
        or isinstance(cause, (InternalClientError, ReadOnlySQLTransactionError))
    )
    if not unreachable:
        return unexpected_error(request, exc)
    log.warning("database unavailable on %s %s: %s", request.method, request.url.path, exc.orig)
    return outage_response()


def connection_lost(request: Request, exc: ConnectionError) -> Response[dict[str, Any]]:
    """A connection lost while it was being opened: asyncpg raises the builtin
    ConnectionError ("unexpected connection_lost() call"), which SQLAlchemy passes on
    unwrapped, when the proxy in front of the database closes it (a failover: no primary
    yet). An outage like the others, not a bug: every request during a failover drill
    answered 500 before this."""
    log.warning("connection lost on %s %s: %s", request.method, request.url.path, exc)
    return outage_response()


def database_busy(request: Request, exc: PoolTimeout) -> Response[dict[str, Any]]:
    """Every pooled connection stayed busy for the pool's whole timeout: the process is
    overloaded. Like an outage, the caller should come back shortly; it is not a bug."""
    log.warning("no database connection free on %s %s: %s", request.method, request.url.path, exc)
    return outage_response()


def outage_response() -> Response[dict[str, Any]]:
    """The answer to an outage the exception handlers catch (database lost or busy)."""
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


def problem_details_plugin() -> ProblemDetailsPlugin:
    return ProblemDetailsPlugin(
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
    )


EXCEPTION_HANDLERS: ExceptionHandlersMap = {
    DBAPIError: database_error,
    PoolTimeout: database_busy,
    ConnectionError: connection_lost,
    Exception: unexpected_error,
}
