"""Simulator settings, read once from the environment (a wrong value: kobo_serving/env.py)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from kobo_serving.env import env_choice, env_int

REPO_ROOT = Path(__file__).resolve().parent.parent
FIXTURES_DIR = REPO_ROOT / "fixtures"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


@dataclass(frozen=True, slots=True)
class SimSettings:
    database_url: str
    seed: int
    bank_code: str
    # How long a `timeout` fault makes the simulator hang before it answers 504.
    timeout_fault_ms: int
    # INFO: a line per request (with the caller's X-Request-ID); WARNING: problems only.
    log_level: str = "INFO"

    @classmethod
    def from_env(cls) -> SimSettings:
        default_db = f"sqlite+aiosqlite:///{REPO_ROOT / 'var' / 'core_sim.sqlite3'}"
        return cls(
            database_url=os.environ.get("SIM_DATABASE_URL", default_db),
            seed=env_int("SIM_SEED", 2026, minimum=0),
            bank_code=os.environ.get("SIM_BANK_CODE", "090605"),
            timeout_fault_ms=env_int("SIM_TIMEOUT_FAULT_MS", 30000),
            log_level=env_choice("SIM_LOG_LEVEL", "INFO", LOG_LEVELS),
        )
