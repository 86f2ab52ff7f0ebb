"""The simulator's one exception hierarchy; `app.py` maps it to HTTP in one place."""

from __future__ import annotations


class SimError(Exception):
    """A refusal the caller can act on. `code` is a NIP-style response code."""

    status_code = 400
    code = "12"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code


class NotFound(SimError):
    status_code = 404
    code = "25"


class Conflict(SimError):
    status_code = 409
    code = "94"


class InsufficientFunds(SimError):
    status_code = 422
    code = "51"


class NotPermitted(SimError):
    status_code = 422
    code = "57"


class InvalidAmount(SimError):
    code = "13"


class FaultTimeout(SimError):
    """A tester's `timeout` fault: the simulator answered too late, having done nothing."""

    status_code = 504
    code = "97"


class FaultUnavailable(SimError):
    """A tester's `unavailable` fault: refused before doing anything, as a down service does."""

    status_code = 503
    code = "91"
