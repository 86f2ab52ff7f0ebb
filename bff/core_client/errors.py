from __future__ import annotations


class CoreError(Exception):
    """Base of everything the core client raises."""


class CoreUnavailable(CoreError):
    """No usable answer: timeout, connection failure, 5xx or an unreadable body.

    For a money-moving call the outcome is unknown: the caller must query the status by its
    reference before doing anything else with that money. `sent` is False when the call never
    left the BFF (the circuit breaker was open), so the core cannot have acted on it.
    """

    def __init__(self, message: str, *, sent: bool = True) -> None:
        super().__init__(message)
        self.sent = sent


class CoreRefused(CoreError):
    """The core answered and said no (4xx). `code` is its NIP-style response code."""

    def __init__(self, status_code: int, detail: str, code: str | None) -> None:
        super().__init__(detail)
        self.status_code = status_code
        self.detail = detail
        self.code = code
