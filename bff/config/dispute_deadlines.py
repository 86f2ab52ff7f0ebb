"""What a customer can report about a payment (the reasons' names) and how long the bank has
to answer each: a setting (KOBO_DISPUTE_DEADLINE_HOURS, docs/running.md), so it lives below
bff/config; the words the customer reads are bff/disputes/reasons.py's.

The deadlines follow the CBN consumer-protection timelines as commonly summarised: a transfer
complaint is resolved within 72 hours, a failed transfer is reversed within 24 hours.
"""

from __future__ import annotations

from collections.abc import Mapping


class Reason:
    NOT_RECEIVED = "NOT_RECEIVED"
    DEBITED_BUT_FAILED = "DEBITED_BUT_FAILED"
    WRONG_AMOUNT = "WRONG_AMOUNT"
    NOT_MINE = "NOT_MINE"
    OTHER = "OTHER"


# Every reason has one, so its keys are the reasons.
DEFAULT_DEADLINE_HOURS: Mapping[str, int] = {
    Reason.NOT_RECEIVED: 72,
    Reason.DEBITED_BUT_FAILED: 24,
    Reason.WRONG_AMOUNT: 72,
    Reason.NOT_MINE: 72,
    Reason.OTHER: 72,
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
        if name not in DEFAULT_DEADLINE_HOURS:
            reasons = ", ".join(DEFAULT_DEADLINE_HOURS)
            raise ValueError(f"unknown dispute reason {name!r} (one of {reasons})")
        if not value.strip().isdigit() or not 1 <= int(value) <= 24 * 90:
            raise ValueError(f"{name} needs a whole number of hours from 1 to 2160")
        hours[name] = int(value)
    return hours
