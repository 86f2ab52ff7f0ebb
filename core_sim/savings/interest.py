"""The interest rule, in whole numbers only (docs/simulator.md, "Savings").

Actual/365 on the end-of-day balance: a day's interest on `balance` kobo at `rate_bps` basis
points a year is balance * rate_bps / (10,000 * 365) kobo. Counted in *units* of
1/3,650,000 kobo, it is exactly `balance * rate_bps` units: accrual never rounds. A payment
posts the whole kobo of what has accrued, floor(units / 3,650,000), and carries the rest
(less than one kobo) to the next period. Withholding tax is 10 % of the interest paid,
rounded half up to the kobo; the customer's pocket gets the interest and gives the tax,
two postings that each sum to zero.

The end-of-day job does the same sums in SQL (core_sim/savings/eod.py); this module is the
reference the property tests hold it to.
"""

from __future__ import annotations

from dataclasses import dataclass

UNITS_PER_KOBO = 10_000 * 365  # one unit: 1/3,650,000 kobo


def daily_units(balance_kobo: int, rate_bps: int) -> int:
    """A day's interest, in units, on an end-of-day balance (nothing on a balance below 0)."""
    return max(balance_kobo, 0) * rate_bps


def whole_kobo(units: int) -> tuple[int, int]:
    """What a payment posts of `units` accrued, and what it carries: (kobo, units left)."""
    return divmod(units, UNITS_PER_KOBO)


def withholding_tax(gross_kobo: int, percent: int = 10) -> int:
    """The tax withheld on `gross_kobo` of interest paid, rounded half up to the kobo."""
    return (gross_kobo * percent * 2 + 100) // 200


@dataclass(frozen=True, slots=True)
class Payment:
    gross_kobo: int
    tax_kobo: int

    @property
    def net_kobo(self) -> int:
        return self.gross_kobo - self.tax_kobo


def payment(units: int, percent: int = 10) -> tuple[Payment, int]:
    """The payment of `units` accrued, and the units it carries."""
    gross, rest = whole_kobo(units)
    return Payment(gross, withholding_tax(gross, percent)), rest
