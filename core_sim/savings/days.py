"""Business dates: the bank's day is Lagos's (UTC+1, no summer time)."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

LAGOS = ZoneInfo("Africa/Lagos")


def business_date(moment: datetime) -> date:
    return moment.astimezone(LAGOS).date()


def end_of(day: date) -> datetime:
    """The first instant after `day` ends (midnight in Lagos), in UTC: the end-of-day balance
    is what the entries before it leave, and the day's payments are posted at it."""
    return datetime.combine(day + timedelta(days=1), time(0), LAGOS).astimezone(UTC)


def is_month_end(day: date) -> bool:
    return (day + timedelta(days=1)).day == 1


def add_months(day: date, months: int) -> date:
    """The same day `months` later, or that month's last day (31 January + 1: 28 February)."""
    month = day.month - 1 + months
    year, month = day.year + month // 12, month % 12 + 1
    following = date(year + (month == 12), month % 12 + 1, 1)
    return min(
        day.replace(year=year, month=month, day=1) + timedelta(days=day.day - 1),
        following - timedelta(days=1),
    )
