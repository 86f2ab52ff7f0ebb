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


class SuspectedFraud(SimError):
    """A debit the core's inflow watch refuses (ISO 8583 `34`): the account is flagged
    (core_sim/ledger/inflow.py). `flag_rule`: the rule this very debit tripped, whose flag
    the caller records once the refused work has been rolled back; None when the account
    was flagged before."""

    status_code = 422
    code = "34"

    def __init__(
        self,
        message: str,
        *,
        account_number: str | None = None,
        flag_rule: str | None = None,
    ) -> None:
        super().__init__(message)
        self.account_number = account_number
        self.flag_rule = flag_rule
