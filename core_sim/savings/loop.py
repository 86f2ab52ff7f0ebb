"""The savings pass every simulator process runs: the end of day and automatic savings.
Several processes may run it together: the day's and the runs' keys make each happen once."""

from __future__ import annotations

import asyncio
import logging

from core_sim.db import Database
from core_sim.savings import eod, rules
from core_sim.settings import SavingsRates

log = logging.getLogger(__name__)


async def follow(db: Database, rates: SavingsRates, every_s: float = 1.0) -> None:
    while True:
        await asyncio.sleep(every_s)
        try:
            await eod.run_end_of_day(db, rates)
            await rules.run_rules(db)
        except Exception:  # a hiccup must not stop the loop; the next pass tries again
            log.exception("savings pass failed")
