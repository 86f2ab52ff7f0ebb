"""The hops table: before and after per payment, and the intra-bank targets judged from the
counts (a count over its target reads "miss")."""

from __future__ import annotations

from typing import Any

from bench.hops import BEFORE, PAYMENTS, STEPS, _template, table


def counted(bff: int, sim: int, calls: list[str]) -> dict[str, Any]:
    """A payment as the budget tests report it, all of it put on the confirm step."""
    steps: dict[str, Any] = {step: {"bff": 0, "sim": 0, "calls": []} for step in STEPS}
    steps["confirm"] = {"bff": bff, "sim": sim, "calls": calls}
    return steps


def test_the_table_compares_each_payment_with_before_and_judges_the_targets():
    after = {payment: counted(10, 6, ["POST /core/transfers"] * 3) for payment in PAYMENTS}
    text = table(after, "postgres")
    intra = next(line for line in text.splitlines() if line.startswith("| intra-bank"))
    assert intra.startswith("| intra-bank transfer | 6 → 3 | 19 → 10 | 13 → 6 | 32 → 16 |")
    assert "≤ 3 calls: **hit**; ≤ 16 statements: **hit**" in intra
    over = {**after, "intra-bank transfer": counted(10, 7, ["POST /core/transfers"] * 4)}
    intra = next(line for line in table(over, "postgres").splitlines() if "| intra-bank" in line)
    assert "≤ 3 calls: **miss**; ≤ 16 statements: **miss**" in intra
    assert sum(len(BEFORE[p]["calls"]) for p in PAYMENTS) == 6 + 8 + 8


def test_a_payment_whose_test_failed_is_shown_as_not_counted():
    text = table({}, "sqlite")
    assert "| electricity vend | not counted" in text


def test_calls_are_shown_as_routes_without_the_run_s_ids():
    assert _template("POST /core/holds/0123456789abcdef0123456789abcdef/post") == (
        "POST /core/holds/{ref}/post"
    )
    assert _template("GET /core/postings/TRF-x1") == "GET /core/postings/{ref}"
    assert _template("POST /core/messages/batch") == "POST /core/messages/batch"
