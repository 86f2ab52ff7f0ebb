"""Dates and times the customer reads: Africa/Lagos (UTC+01:00, no daylight saving), and the
one place a moment becomes text (`format_date`), as money becomes text in bff/money.py.
Services keep datetimes; presenters format them last. tests_repo/test_money_in_one_place.py
fails on a date formatted anywhere else."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

LAGOS = timezone(timedelta(hours=1), "WAT")

# The layouts, each named once. The web app parses DATE_TIME and DATE (the contract's).
DATE_TIME = "%d-%m-%Y %H:%M:%S"  # 28-11-2026 10:15:00: the wire's date-times
DATE = "%d-%m-%Y"  # 28-11-2026: the wire's days, and days in sentences
TIME = "%H:%M"  # 10:15
MINUTE = "%d-%m-%Y %H:%M"  # statements' lines
WAT = "%d-%m-%Y %H:%M WAT"  # a time in a sentence or on a receipt
SPOKEN = "%H:%M on %d %b %Y"  # 10:15 on 28 Nov 2026: e-mails
MONTH = "%b"  # Nov
REFERENCE_DAY = "%y%m%d"  # 261128: the day inside a reference number


def format_date(moment: datetime | date, layout: str = DATE_TIME) -> str:
    """`moment` as text in `layout`, a datetime in Lagos time (a date as it is)."""
    if isinstance(moment, datetime):
        moment = moment.astimezone(LAGOS)
    return moment.strftime(layout)


def wat(moment: datetime) -> str:
    """A time in a sentence for the customer: 28-11-2026 10:15 WAT."""
    return format_date(moment, WAT)


def start_of_week(moment: datetime) -> datetime:
    """Monday 00:00 in Lagos of the week that contains `moment` (an aware datetime)."""
    local = moment.astimezone(LAGOS)
    monday = local - timedelta(days=local.weekday())
    return monday.replace(hour=0, minute=0, second=0, microsecond=0)


def start_of_day(moment: datetime) -> datetime:
    """00:00 in Lagos of the day that contains `moment`."""
    return moment.astimezone(LAGOS).replace(hour=0, minute=0, second=0, microsecond=0)
