"""Money is integer kobo and time is a datetime inside the BFF, and each becomes text or
naira in one place (issue 44): every conversion between kobo and naira is in bff/money.py,
and every date shown is formatted by bff/dates.py's `format_date`. Arithmetic on a kobo
amount by 100, or a date formatted by hand, anywhere else fails here."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MONEY = ROOT / "bff" / "money.py"
DATES = ROOT / "bff" / "dates.py"
# Dividing or multiplying by 100, or splitting by it, or reaching for the constant.
CONVERSION = re.compile(r"[*/]\s*100\b|divmod\(|\bKOBO_PER_NAIRA\b")
# strftime/strptime, or a date layout in an f-string's format spec: {moment:%d-%m-%Y}.
DATE_FORMATTING = re.compile(r"\bstrftime\(|\bstrptime\(|\{[^{}\n]*:%[a-zA-Z]")
# Not a date a customer reads: the audit line staff read, in UTC.
DATES_ALLOWED = {"bff/auth/codes.py": ["{until:%H:%M"]}


def conversions(source: str) -> list[str]:
    return [m.group(0) for m in CONVERSION.finditer(source)]


def date_formatting(source: str) -> list[str]:
    return [m.group(0) for m in DATE_FORMATTING.finditer(source)]


def _sources(skip: Path) -> dict[str, str]:
    return {
        str(path.relative_to(ROOT)): path.read_text(encoding="utf-8")
        for path in sorted((ROOT / "bff").rglob("*.py"))
        if "tests" not in path.parts and "migrations" not in path.parts and path != skip
    }


def test_kobo_and_naira_meet_only_in_money_py() -> None:
    found = {path: conversions(source) for path, source in _sources(MONEY).items()}
    assert {path: hits for path, hits in found.items() if hits} == {}


def test_dates_become_text_only_in_dates_py() -> None:
    found = {path: date_formatting(source) for path, source in _sources(DATES).items()}
    assert {path: hits for path, hits in found.items() if hits} == DATES_ALLOWED


def test_the_check_sees_a_conversion_by_hand() -> None:
    assert conversions("x = line.amount_kobo / 100\ny = round(a * 100)\nn, k = divmod(v, 100)\n")
    assert len(conversions("a = b / 100; c = d*100; e = divmod(f, KOBO_PER_NAIRA)")) == 4


def test_the_check_sees_a_date_formatted_by_hand() -> None:
    source = (
        'a = when.strftime("%d-%m-%Y")\n'
        'b = datetime.strptime(text, "%d-%m-%Y %H:%M")\n'
        'c = f"due {due:%d-%m-%Y}"\n'
        'd = f"{moment.astimezone(LAGOS):%H:%M}"\n'
    )
    assert len(date_formatting(source)) == 4
    assert date_formatting('log.info("%d rows", n); e = f"{amount:,}"') == []
