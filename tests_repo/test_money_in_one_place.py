"""Money is integer kobo inside the BFF and naira only at its edge, and every conversion
between the two is in bff/money.py (issue 44): arithmetic on a kobo amount by 100 anywhere
else fails here."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MONEY = ROOT / "bff" / "money.py"
# Dividing or multiplying by 100, or splitting by it, or reaching for the constant.
CONVERSION = re.compile(r"[*/]\s*100\b|divmod\(|\bKOBO_PER_NAIRA\b")


def conversions(source: str) -> list[str]:
    return [m.group(0) for m in CONVERSION.finditer(source)]


def test_kobo_and_naira_meet_only_in_money_py() -> None:
    found = {
        str(path.relative_to(ROOT)): conversions(path.read_text(encoding="utf-8"))
        for path in sorted((ROOT / "bff").rglob("*.py"))
        if "tests" not in path.parts and "migrations" not in path.parts and path != MONEY
    }
    assert {path: hits for path, hits in found.items() if hits} == {}


def test_the_check_sees_a_conversion_by_hand() -> None:
    assert conversions("x = line.amount_kobo / 100\ny = round(a * 100)\nn, k = divmod(v, 100)\n")
    assert len(conversions("a = b / 100; c = d*100; e = divmod(f, KOBO_PER_NAIRA)")) == 4
