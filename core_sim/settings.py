"""Simulator settings, read once from the environment (a wrong value: kobo_serving/env.py)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from kobo_serving.env import env_choice, env_int

REPO_ROOT = Path(__file__).resolve().parent.parent
FIXTURES_DIR = REPO_ROOT / "fixtures"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


@dataclass(frozen=True, slots=True)
class InflowRules:
    """The core's watch on money coming in (core_sim/ledger/inflow.py), SIM_INFLOW_*."""

    # MANY_SENDERS: an account opened less than `new_account_days` ago receives at least
    # `many_credits` credits from at least `many_senders` accounts within `window_minutes`.
    new_account_days: int = 30
    many_credits: int = 10
    many_senders: int = 5
    window_minutes: int = 60
    # PASS_THROUGH: a credit of at least `large_credit_kobo`, then within
    # `pass_through_minutes` an attempt to send out at least `pass_through_share` % of it.
    large_credit_kobo: int = 20_000_000
    pass_through_minutes: int = 30
    pass_through_share: int = 80

    @classmethod
    def from_env(cls) -> InflowRules:
        return cls(
            new_account_days=env_int("SIM_INFLOW_NEW_ACCOUNT_DAYS", 30),
            many_credits=env_int("SIM_INFLOW_MANY_CREDITS", 10),
            many_senders=env_int("SIM_INFLOW_MANY_SENDERS", 5),
            window_minutes=env_int("SIM_INFLOW_WINDOW_MINUTES", 60),
            large_credit_kobo=env_int("SIM_INFLOW_LARGE_CREDIT_KOBO", 20_000_000),
            pass_through_minutes=env_int("SIM_INFLOW_PASS_THROUGH_MINUTES", 30),
            pass_through_share=env_int("SIM_INFLOW_PASS_THROUGH_SHARE", 80),
        )


@dataclass(frozen=True, slots=True)
class SavingsRates:
    """The savings products' settings (core_sim/savings/), SIM_SAVINGS_*: yearly rates in
    basis points (1,000 = 10.00 % a year), a locked pocket's by its term, fixed at opening."""

    flexible_bps: int = 1000
    goal_bps: int = 1000
    # (shortest term in days, rate): a locked pocket of 30 to 89 days earns 14 %, ...
    locked_bps: tuple[tuple[int, int], ...] = ((30, 1400), (90, 1600), (180, 1800))
    wht_percent: int = 10  # withholding tax on interest paid

    def locked_rate(self, term_days: int) -> int:
        return max(rate for shortest, rate in self.locked_bps if term_days >= shortest)

    @classmethod
    def from_env(cls) -> SavingsRates:
        return cls(
            flexible_bps=env_int("SIM_SAVINGS_FLEXIBLE_BPS", 1000, minimum=0),
            goal_bps=env_int("SIM_SAVINGS_GOAL_BPS", 1000, minimum=0),
            locked_bps=(
                (30, env_int("SIM_SAVINGS_LOCKED_30_BPS", 1400, minimum=0)),
                (90, env_int("SIM_SAVINGS_LOCKED_90_BPS", 1600, minimum=0)),
                (180, env_int("SIM_SAVINGS_LOCKED_180_BPS", 1800, minimum=0)),
            ),
        )


@dataclass(frozen=True, slots=True)
class SimSettings:
    database_url: str
    seed: int
    bank_code: str
    # How long a `timeout` fault makes the simulator hang before it answers 504.
    timeout_fault_ms: int
    # INFO: a line per request (with the caller's X-Request-ID); WARNING: problems only.
    log_level: str = "INFO"
    inflow: InflowRules = field(default_factory=InflowRules)
    savings: SavingsRates = field(default_factory=SavingsRates)

    @classmethod
    def from_env(cls) -> SimSettings:
        default_db = f"sqlite+aiosqlite:///{REPO_ROOT / 'var' / 'core_sim.sqlite3'}"
        return cls(
            database_url=os.environ.get("SIM_DATABASE_URL", default_db),
            seed=env_int("SIM_SEED", 2026, minimum=0),
            bank_code=os.environ.get("SIM_BANK_CODE", "090605"),
            timeout_fault_ms=env_int("SIM_TIMEOUT_FAULT_MS", 30000),
            log_level=env_choice("SIM_LOG_LEVEL", "INFO", LOG_LEVELS),
            inflow=InflowRules.from_env(),
            savings=SavingsRates.from_env(),
        )
