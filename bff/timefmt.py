"""Customer-facing date-times: Africa/Lagos (UTC+01:00, no daylight saving)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

LAGOS = timezone(timedelta(hours=1), "WAT")


def display_datetime(moment: datetime) -> str:
    """dd-mm-yyyy hh:mm:ss in Lagos time, the format the web app parses."""
    return moment.astimezone(LAGOS).strftime("%d-%m-%Y %H:%M:%S")


def start_of_week(moment: datetime) -> datetime:
    """Monday 00:00 in Lagos of the week that contains `moment` (an aware datetime)."""
    local = moment.astimezone(LAGOS)
    monday = local - timedelta(days=local.weekday())
    return monday.replace(hour=0, minute=0, second=0, microsecond=0)


def start_of_day(moment: datetime) -> datetime:
    """00:00 in Lagos of the day that contains `moment`."""
    return moment.astimezone(LAGOS).replace(hour=0, minute=0, second=0, microsecond=0)
