"""What a customer can report about a payment, what a dispute can become, and how long the
bank has to answer: the words the customer reads next to the names the API carries.

The deadlines follow the CBN consumer-protection timelines as commonly summarised: a transfer
complaint is resolved within 72 hours, a failed transfer is reversed within 24 hours. An
operator may change any of them (KOBO_DISPUTE_DEADLINE_HOURS, docs/running.md).
"""

from __future__ import annotations

from collections.abc import Mapping


class Reason:
    NOT_RECEIVED = "NOT_RECEIVED"
    DEBITED_BUT_FAILED = "DEBITED_BUT_FAILED"
    WRONG_AMOUNT = "WRONG_AMOUNT"
    NOT_MINE = "NOT_MINE"
    OTHER = "OTHER"


# In the order the form lists them.
REASON_LABELS: Mapping[str, str] = {
    Reason.NOT_RECEIVED: "The recipient has not received it",
    Reason.DEBITED_BUT_FAILED: "I was debited but it failed",
    Reason.WRONG_AMOUNT: "Wrong amount",
    Reason.NOT_MINE: "I did not make this payment",
    Reason.OTHER: "Something else",
}

DEFAULT_DEADLINE_HOURS: Mapping[str, int] = {
    Reason.NOT_RECEIVED: 72,
    Reason.DEBITED_BUT_FAILED: 24,
    Reason.WRONG_AMOUNT: 72,
    Reason.NOT_MINE: 72,
    Reason.OTHER: 72,
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


def parse_deadline_hours(text: str) -> dict[str, int]:
    """`NOT_RECEIVED=72,DEBITED_BUT_FAILED=24`: the reasons named get those hours, the others
    keep their defaults. Raises ValueError naming what is wrong."""
    hours = dict(DEFAULT_DEADLINE_HOURS)
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, _, value = part.partition("=")
        name = name.strip().upper()
        if name not in REASON_LABELS:
            raise ValueError(f"unknown dispute reason {name!r} (one of {', '.join(REASON_LABELS)})")
        if not value.strip().isdigit() or not 1 <= int(value) <= 24 * 90:
            raise ValueError(f"{name} needs a whole number of hours from 1 to 2160")
        hours[name] = int(value)
    return hours
