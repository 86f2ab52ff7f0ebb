"""The one limit check (bff/limits/rules.py `refusal`), used by transfers, bulk rows, bills and
scheduled payments: a batch is refused exactly when paying its rows one by one would be."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bff.limits.rules import Applying, refusal

SINGLE = "This amount is above your limit of ₦200.00 per transaction"


def test_each_refusal_has_its_sentence() -> None:
    limits = Applying(daily_kobo=30_000, single_kobo=20_000, spent_kobo=20_000)
    assert refusal(limits, [20_001]) == SINGLE
    assert refusal(limits, [15_000]) == (
        "This would take you over your daily limit of ₦300.00 (₦100.00 left today)"
    )
    assert refusal(limits, [10_000]) is None
    assert refusal(limits, [15_000], daily=False) is None  # a later day's limit, not today's


def test_a_batch_counts_its_earlier_rows_against_the_daily_limit() -> None:
    limits = Applying(daily_kobo=30_000, single_kobo=20_000, spent_kobo=0)
    assert refusal(limits, [20_000]) is None
    assert refusal(limits, [20_000, 10_000]) is None
    assert refusal(limits, [20_000, 10_001]) == (
        "This would take you over your daily limit of ₦300.00 (₦300.00 left today)"
    )


kobo = st.integers(min_value=1, max_value=10_000_000)


@given(
    daily=kobo, single=kobo, spent=st.integers(0, 10_000_000), amounts=st.lists(kobo, max_size=8)
)
def test_a_batch_is_refused_exactly_when_its_rows_one_by_one_would_be(
    daily: int, single: int, spent: int, amounts: list[int]
) -> None:
    one_by_one, so_far = None, spent
    for amount in amounts:
        alone = refusal(Applying(daily, single, so_far), [amount])
        if alone is not None:
            one_by_one = alone
            break
        so_far += amount
    batch = refusal(Applying(daily, single, spent), amounts)
    assert (batch is None) == (one_by_one is None)
    if batch is not None and one_by_one is not None and "per transaction" in one_by_one:
        assert batch == one_by_one
