"""The BFF's one exception hierarchy. `bff/app.py` maps it to problem details in one place.

`message` is the sentence the web app shows the customer, so it must be written for them.
"""

from __future__ import annotations

# What a customer reads when a part of the bank they need is down for a moment (the core,
# the database, the shared rate-limit counter): a 503 with Retry-After.
TRY_AGAIN_SHORTLY = "Our banking service is not responding right now. Please try again shortly."


class AppError(Exception):
    status_code = 400
    title = "Bad Request"
    # Seconds after which trying again makes sense: sent as Retry-After (429 and 503).
    retry_after_s: int | None = None

    def __init__(
        self,
        message: str,
        *,
        errors: list[dict[str, str]] | None = None,
        extra: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.errors = errors
        # Machine-readable members added to the problem document (e.g. a `code`).
        self.extra = extra or {}


class ValidationFailed(AppError):
    def __init__(self, message: str, *, field: str | None = None) -> None:
        errors = [{"field": field, "message": message}] if field else None
        super().__init__(message, errors=errors)


class FieldErrors(AppError):
    """Several invalid fields at once; `detail` is the first one's message."""

    def __init__(self, errors: list[dict[str, str]]) -> None:
        super().__init__(errors[0]["message"], errors=errors)


class NotAuthenticated(AppError):
    status_code = 401
    title = "Unauthorized"


class Forbidden(AppError):
    status_code = 403
    title = "Forbidden"


class NotFound(AppError):
    status_code = 404
    title = "Not Found"


class Conflict(AppError):
    status_code = 409
    title = "Conflict"


class TooManyRequests(AppError):
    status_code = 429
    title = "Too Many Requests"

    def __init__(self, message: str, *, retry_after_s: int) -> None:
        super().__init__(message)
        self.retry_after_s = retry_after_s


class ServiceUnavailable(AppError):
    status_code = 503
    title = "Service Unavailable"

    def __init__(self, message: str, *, retry_after_s: int | None = None) -> None:
        super().__init__(message)
        self.retry_after_s = retry_after_s
