"""The payment risk check's thresholds (bff/risk/rules.py reads them; docs/security.md
"Payment fraud" says why each exists). Every amount is in kobo; every one can be set from
the environment, and 0 switches a threshold's rule off where the rule says so.

The defaults are Kobo's own choice, in the spirit of the CBN's instant-payments guidance of
March 2026: a payment unlike the customer's own is checked harder, not refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from kobo_serving.env import env_flag, env_int

NAIRA = 100


@dataclass(frozen=True, slots=True)
class RiskSettings:
    # KOBO_RISK_CHECK=0 switches the whole check off (every payment allowed): an operator's
    # last resort if the rules misbehave, and the bench's comparison (bench/risk.py).
    enabled: bool = True
    # Far above the customer's own pattern: at least `pattern_multiple` times their largest
    # payment of the last `pattern_days`, once they have `pattern_min_payments` there, and
    # at least `pattern_floor_kobo`.
    pattern_days: int = 90
    pattern_multiple: int = 5
    pattern_min_payments: int = 3
    pattern_floor_kobo: int = 50_000 * NAIRA
    # A first payment to an account never paid before, from this much.
    new_payee_kobo: int = 100_000 * NAIRA
    # Velocity: this payment would be the `velocity_count`th in `velocity_minutes`, or take
    # what left in that window above `velocity_sum_kobo`.
    velocity_minutes: int = 60
    velocity_count: int = 10
    velocity_sum_kobo: int = 1_000_000 * NAIRA
    # A new device (in its first day, bff/transfers/device_cap.py), from this much (0: off):
    # small payments from it are covered by its cap alone.
    new_device_kobo: int = 5_000 * NAIRA
    # Dormant: the customer's last payment out was more than this many days ago.
    dormant_days: int = 180
    # Late at night (West Africa Time, from `night_from_hour` to `night_to_hour`), from this.
    night_from_hour: int = 0
    night_to_hour: int = 5
    night_kobo: int = 100_000 * NAIRA
    # How long the back office has to release or cancel a held payment; unreviewed, it is
    # cancelled and the money returned.
    review_hours: int = 24
    # An account opened in the last `new_account_hours` may send at most this (0: no cap).
    new_account_cap_kobo: int = 20_000 * NAIRA
    new_account_hours: int = 24
    # Raising a transfer limit takes effect this many hours after its code (lowering: at once).
    limit_raise_hours: int = 24
    # How often the watch-list and the core's account flags are copied in (bff/risk/sync.py).
    sync_interval_s: int = 30

    @classmethod
    def from_env(cls) -> RiskSettings:
        defaults = cls()
        return cls(
            enabled=env_flag("KOBO_RISK_CHECK", True),
            **{
                name: env_int(f"KOBO_RISK_{name.upper()}", getattr(defaults, name), minimum=0)
                for name in cls.__dataclass_fields__
                if name != "enabled"
            },
        )
