"""Due dates of repeating payments."""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

INTERVALS = ("DAILY", "WEEKLY", "MONTHLY")


def parse_date(text: str) -> date | None:
    """yyyy-mm-dd (what the web app sends) or dd-mm-yyyy (what it shows)."""
    for pattern, order in (
        (r"(\d{4})-(\d{2})-(\d{2})", "ymd"),
        (r"(\d{2})-(\d{2})-(\d{4})", "dmy"),
    ):
        match = re.fullmatch(pattern, text.strip())
        if match:
            a, b, c = (int(g) for g in match.groups())
            year, month, day = (a, b, c) if order == "ymd" else (c, b, a)
            try:
                return date(year, month, day)
            except ValueError:
                return None
    return None


def due_date(first: date, interval: str | None, run_index: int) -> date:
    """The date of run number `run_index` (0-based). Monthly runs keep the first date's day,
    clamped to short months (31 Jan → 28/29 Feb → 31 Mar)."""
    if run_index == 0 or interval is None:
        return first
    if interval == "DAILY":
        return first + timedelta(days=run_index)
    if interval == "WEEKLY":
        return first + timedelta(weeks=run_index)
    months = first.month - 1 + run_index
    year, month = first.year + months // 12, months % 12 + 1
    return date(year, month, min(first.day, calendar.monthrange(year, month)[1]))
