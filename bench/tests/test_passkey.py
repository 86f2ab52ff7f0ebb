"""The passkey benchmark's report: one row per way of signing in, its figures as measured."""

from __future__ import annotations

from bench.passkey import Figure, report


def test_each_way_of_signing_in_is_a_row_with_its_figures() -> None:
    text = report(
        {
            "passkey": Figure(150, 6.34, 0.31, 11.9),
            "password and code": Figure(150, 28.66, 4.99, 39.2),
        }
    )
    rows = [line for line in text.splitlines() if line.startswith("| passkey") or "code |" in line]
    assert rows == [
        "| passkey | 150 | 6.3 | 0.3 | 11.9 |",
        "| password and code | 150 | 28.7 | 5.0 | 39.2 |",
    ]
