"""Transaction-limit ceilings per KYC level.

The CBN's three-tier KYC framework (circular of 2013, still in force) caps what lower tiers
may move; the exact internet-banking figures below are Kobo's own choice within it, the same
kind of numbers Nigerian banks publish for their tiers. A customer may lower their limits
below the ceiling of their level, never raise them above it. Own-account transfers are not
limited (money does not leave the customer).
"""

from __future__ import annotations

from dataclasses import dataclass

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
