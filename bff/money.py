"""Naira on the wire, integer kobo inside. Conversions live here and nowhere else."""

from __future__ import annotations

import math
import re
from decimal import Decimal, InvalidOperation

from bff.errors import ValidationFailed

KOBO_PER_NAIRA = 100
INVALID_AMOUNT = "Enter a valid amount"
# What a customer types as an amount: digits, optionally a decimal point and more digits.
# Decimal() also reads "NaN", "Infinity" and "1e3"; none of those is an amount anyone typed.
_TYPED_AMOUNT = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def kobo_to_naira(kobo: int) -> float:
    """For JSON output: a float with at most two decimals (exact for any realistic amount)."""
    return kobo / KOBO_PER_NAIRA


def naira_to_kobo(amount: float | int | str, field: str = "amount") -> int:
    """Parse a customer-entered naira amount; refuses zero, negatives, NaN, infinities,
    exponent forms and a 3rd decimal."""
    if isinstance(amount, str) and not _TYPED_AMOUNT.fullmatch(amount.strip()):
        raise ValidationFailed(INVALID_AMOUNT, field=field)
    if isinstance(amount, float) and not math.isfinite(amount):
        raise ValidationFailed(INVALID_AMOUNT, field=field)
    try:
        value = Decimal(amount.strip() if isinstance(amount, str) else str(amount))
    except InvalidOperation as exc:
        raise ValidationFailed(INVALID_AMOUNT, field=field) from exc
    if not value.is_finite() or value <= 0:
        raise ValidationFailed("Amount must be greater than zero", field=field)
    kobo = value * KOBO_PER_NAIRA
    if kobo != kobo.to_integral_value():
        raise ValidationFailed("Amount can have at most 2 decimal places", field=field)
    return int(kobo)


def naira_and_kobo(kobo: int) -> tuple[int, int]:
    """A non-negative amount in whole naira and the kobo left over: 125050 -> (1250, 50)."""
    return divmod(kobo, KOBO_PER_NAIRA)


def format_naira(kobo: int) -> str:
    """For sentences shown to customers: ₦1,234.50."""
    sign = "-" if kobo < 0 else ""
    naira, rest = naira_and_kobo(abs(kobo))
    return f"{sign}₦{naira:,}.{rest:02d}"


def format_naira_brief(kobo: int) -> str:
    """As `format_naira`, without the kobo when there are none: ₦20,000, ₦1,234.50."""
    text = format_naira(kobo)
    return text[:-3] if kobo % KOBO_PER_NAIRA == 0 else text
