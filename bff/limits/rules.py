"""Transaction-limit ceilings per KYC level.

The CBN's three-tier KYC framework (circular of 2013, still in force) caps what lower tiers
may move; the exact internet-banking figures below are Kobo's own choice within it, the same
kind of numbers Nigerian banks publish for their tiers. A customer may lower their limits
below the ceiling of their level, never raise them above it. Own-account transfers are not
limited (money does not leave the customer).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ScalarSelect, and_, case, select

from bff.db import utcnow
from bff.limits.models import TransactionLimit
from bff.money import format_naira

TRANSFER_TYPES = ("INTRA_BANK", "OTHER_BANK", "BILL_PAYMENT")
TRANSFER_TYPE_NAMES = {
    "INTRA_BANK": "Kobo to Kobo transfers",
    "OTHER_BANK": "Transfers to other banks",
    "BILL_PAYMENT": "Bills and airtime",
}


@dataclass(frozen=True, slots=True)
class Ceiling:
    daily_kobo: int
    single_kobo: int


NAIRA = 100
CEILINGS = {
    0: Ceiling(daily_kobo=50_000 * NAIRA, single_kobo=20_000 * NAIRA),
    1: Ceiling(daily_kobo=50_000 * NAIRA, single_kobo=20_000 * NAIRA),
    2: Ceiling(daily_kobo=200_000 * NAIRA, single_kobo=100_000 * NAIRA),
    3: Ceiling(daily_kobo=5_000_000 * NAIRA, single_kobo=1_000_000 * NAIRA),
}


def ceiling_for(kyc_level: int) -> Ceiling:
    return CEILINGS[max(0, min(kyc_level, 3))]


def own_limits(nuban: str, transfer_type: str) -> tuple[ScalarSelect[Any], ScalarSelect[Any]]:
    """The customer's own (daily, per-transaction) limits as scalar subqueries, NULL when
    none are set: a payment reads them in one statement with what else it needs. A raise
    counts once its cooling-off has passed (`raise_from`)."""
    match = (TransactionLimit.nuban == nuban, TransactionLimit.transfer_type == transfer_type)
    raised = and_(TransactionLimit.raise_from.is_not(None), TransactionLimit.raise_from <= utcnow())
    return (
        select(case((raised, TransactionLimit.raise_daily_kobo), else_=TransactionLimit.daily_kobo))
        .where(*match)
        .scalar_subquery(),
        select(
            case((raised, TransactionLimit.raise_single_kobo), else_=TransactionLimit.single_kobo)
        )
        .where(*match)
        .scalar_subquery(),
    )


def effective_limits(kyc_level: int, daily: int | None, single: int | None) -> tuple[int, int]:
    """(daily, per-transaction) kobo that apply now: the customer's own (None: not set),
    capped by the ceiling of their current KYC level (a level can go down after limits were
    set)."""
    ceiling = ceiling_for(kyc_level)
    if daily is None or single is None:
        return ceiling.daily_kobo, ceiling.single_kobo
    return min(daily, ceiling.daily_kobo), min(single, ceiling.single_kobo)


@dataclass(frozen=True, slots=True)
class Applying:
    """What limits one account's payments of one transfer type now, in kobo: the limits that
    apply (`effective_limits`) and what counts against the daily one so far today."""

    daily_kobo: int
    single_kobo: int
    spent_kobo: int


def refusal(limits: Applying, amounts: Iterable[int], *, daily: bool = True) -> str | None:
    """The sentence that refuses these payments (one, or the rows of a batch from one
    account and of one type, in order), or None when the limits allow them all. `daily`
    False checks the per-transaction limit only (a payment scheduled for a later day meets
    that day's limit when it runs). The only place these sentences are written."""
    total = limits.spent_kobo
    for amount in amounts:
        if amount > limits.single_kobo:
            single = format_naira(limits.single_kobo)
            return f"This amount is above your limit of {single} per transaction"
        total += amount
        if daily and total > limits.daily_kobo:
            left = max(limits.daily_kobo - limits.spent_kobo, 0)
            return (
                f"This would take you over your daily limit of {format_naira(limits.daily_kobo)} "
                f"({format_naira(left)} left today)"
            )
    return None
