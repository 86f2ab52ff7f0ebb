"""What the customer reads of the risk check on a payment (a transfer, a bill): the step-up
warning before the code, and whether a payment is held for review."""

from __future__ import annotations

from typing import Any

from bff.payments.lifecycle import Status
from bff.risk.reviews import REVIEW
from bff.risk.rules import WARNING, WARNING_TITLE, Outcome, verdict_of
from bff.risk.schemas import RiskWarningOut


def risk_warning_out(payments: list[Any]) -> RiskWarningOut | None:
    """The step-up warning of a payment (or a batch: the reasons of every stepped-up row,
    each once), or None when none was stepped up."""
    reasons: list[str] = []
    for payment in payments:
        verdict = verdict_of(payment.risk_outcome, payment.risk_rules)
        if verdict.outcome == Outcome.STEP_UP:
            reasons += [r for r in verdict.reasons if r not in reasons]
    if not reasons:
        return None
    return RiskWarningOut(title=WARNING_TITLE, reasons=reasons, message=WARNING)


def is_held(payment: Any) -> bool:
    """Held for review: reserved, not sent (bff/risk/reviews.py)."""
    return bool(payment.stage == REVIEW and payment.status == Status.PENDING)
