"""What a customer can report about a payment and what a dispute can become: the words the
customer reads next to the names the API carries. The reasons' names and their deadlines are
a setting (bff/config/dispute_deadlines.py)."""

from __future__ import annotations

from collections.abc import Mapping

from bff.config.dispute_deadlines import Reason

# In the order the form lists them.
REASON_LABELS: Mapping[str, str] = {
    Reason.NOT_RECEIVED: "The recipient has not received it",
    Reason.DEBITED_BUT_FAILED: "I was debited but it failed",
    Reason.WRONG_AMOUNT: "Wrong amount",
    Reason.NOT_MINE: "I did not make this payment",
    Reason.OTHER: "Something else",
}


class DisputeStatus:
    RECEIVED = "RECEIVED"
    IN_REVIEW = "IN_REVIEW"
    REFUNDED = "REFUNDED"
    ANSWERED = "ANSWERED"
    REJECTED = "REJECTED"
    OPEN = (RECEIVED, IN_REVIEW)


STATUS_LABELS: Mapping[str, str] = {
    DisputeStatus.RECEIVED: "Received",
    DisputeStatus.IN_REVIEW: "In review",
    DisputeStatus.REFUNDED: "Refunded",
    DisputeStatus.ANSWERED: "Answered",
    DisputeStatus.REJECTED: "Rejected",
}
