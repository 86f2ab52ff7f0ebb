"""What a customer may hold in savings by KYC level: the CBN's tiers cap a low-tier
customer's balances (tier 1 ₦300,000, tier 2 ₦500,000; tier 3 has no cap). Kobo applies the
cap to the total of their savings pockets."""

from __future__ import annotations

from bff.money import format_naira

NAIRA = 100
HOLDING_CEILINGS: dict[int, int | None] = {
    0: 300_000 * NAIRA,
    1: 300_000 * NAIRA,
    2: 500_000 * NAIRA,
    3: None,
}


def holding_ceiling(kyc_level: int) -> int | None:
    return HOLDING_CEILINGS[max(0, min(kyc_level, 3))]


def over_ceiling(kyc_level: int, held_kobo: int, more_kobo: int) -> str | None:
    """The refusal when `more_kobo` would take the savings past the level's ceiling."""
    ceiling = holding_ceiling(kyc_level)
    if ceiling is None or held_kobo + more_kobo <= ceiling:
        return None
    room = max(0, ceiling - held_kobo)
    return (
        f"Your KYC level lets you hold up to {format_naira(ceiling)} in savings; you can add "
        f"{format_naira(room)} more. Upgrade your KYC level to save more."
    )
