"""What the customer reads of a bill payment that is not final, or did not go through."""

from __future__ import annotations

PENDING_MESSAGE = "Your payment is being processed. We will send you an SMS when it completes."


def failure_message(code: str | None) -> str:
    reasons = {
        "51": "Insufficient funds.",
        "57": "This payment is not permitted on this account.",
        "07": "The biller could not find this customer number.",
        "13": "The amount is not valid for this product.",
        "16": "The biller is not known.",
    }
    reason = reasons.get(code or "", "The biller could not complete the payment.")
    return f"{reason} Your account was not debited."
