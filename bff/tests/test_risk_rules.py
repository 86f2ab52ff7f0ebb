"""The risk rules' table (bff/risk/rules.py), alone: each rule at the edges of its threshold,
and the outcome is always the strictest rule that applies."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from bff.config.risk import RiskSettings
from bff.risk.rules import RULES, Facts, Outcome, assess, verdict_of

S = RiskSettings()
NOON = datetime(2027, 3, 10, 11, 0, tzinfo=UTC)  # 12:00 West Africa Time
NAIRA = 100


def ids(facts: Facts, settings: RiskSettings = S) -> set[str]:
    return {rule.id for rule in assess(facts, settings).rules}


amounts = st.integers(min_value=1, max_value=10_000_000 * NAIRA)


@given(largest=st.integers(min_value=S.pattern_floor_kobo, max_value=1_000_000 * NAIRA))
def test_far_above_pattern_starts_at_the_multiple_of_the_largest_payment(largest: int) -> None:
    edge = S.pattern_multiple * largest

    def history(amount: int, count: int = S.pattern_min_payments) -> Facts:
        return Facts(amount, NOON, pattern_count=count, pattern_largest_kobo=largest)

    assert "FAR_ABOVE_PATTERN" in ids(history(edge))
    assert "FAR_ABOVE_PATTERN" not in ids(history(edge - 1))
    # Too little history to have a pattern: the rule says nothing.
    assert "FAR_ABOVE_PATTERN" not in ids(history(edge, S.pattern_min_payments - 1))


@given(amount=amounts)
def test_far_above_pattern_needs_the_floor(amount: int) -> None:
    facts = Facts(amount_kobo=amount, at=NOON, pattern_count=10, pattern_largest_kobo=1)
    assert ("FAR_ABOVE_PATTERN" in ids(facts)) == (amount >= S.pattern_floor_kobo)


@given(amount=amounts)
def test_a_first_payment_to_a_payee_is_stepped_up_from_the_threshold(amount: int) -> None:
    new = Facts(amount_kobo=amount, at=NOON, payee_known=False)
    assert ("NEW_PAYEE_LARGE" in ids(new)) == (amount >= S.new_payee_kobo)
    known = Facts(amount_kobo=amount, at=NOON, payee_known=True)
    bill = Facts(amount_kobo=amount, at=NOON, payee_known=None)
    assert "NEW_PAYEE_LARGE" not in ids(known) | ids(bill)


@given(count=st.integers(min_value=0, max_value=50), sent=st.integers(0, 2_000_000 * NAIRA))
def test_velocity_holds_the_nth_payment_or_the_one_over_the_sum(count: int, sent: int) -> None:
    amount = 1_000 * NAIRA
    facts = Facts(amount_kobo=amount, at=NOON, window_count=count, window_sum_kobo=sent)
    expected = count + 1 >= S.velocity_count or sent + amount > S.velocity_sum_kobo
    assert ("VELOCITY" in ids(facts)) == expected
    assert (assess(facts, S).outcome >= Outcome.HOLD) == expected


@given(days=st.integers(min_value=0, max_value=1_000))
def test_dormant_after_the_days_since_the_last_payment(days: int) -> None:
    last = NOON - timedelta(days=days)
    facts = Facts(amount_kobo=100, at=NOON, last_payment_at=last)
    assert ("DORMANT" in ids(facts)) == (days > S.dormant_days)
    assert "DORMANT" not in ids(Facts(amount_kobo=100, at=NOON, last_payment_at=None))


@given(minute=st.integers(min_value=0, max_value=24 * 60 - 1), amount=amounts)
def test_late_night_is_read_in_west_africa_time(minute: int, amount: int) -> None:
    # Midnight WAT is 23:00 UTC the day before.
    at = datetime(2027, 3, 9, 23, 0, tzinfo=UTC) + timedelta(minutes=minute)
    night = S.night_from_hour * 60 <= minute < S.night_to_hour * 60
    expected = night and amount >= S.night_kobo
    assert ("LATE_NIGHT_LARGE" in ids(Facts(amount_kobo=amount, at=at))) == expected


@given(amount=amounts)
def test_a_new_device_is_stepped_up_from_its_threshold(amount: int) -> None:
    facts = Facts(amount_kobo=amount, at=NOON, new_device=True)
    assert ("NEW_DEVICE" in ids(facts)) == (amount >= S.new_device_kobo)


def test_the_watch_list_and_a_confirmed_mule_block_and_an_open_flag_holds() -> None:
    assert assess(Facts(100, NOON, payee_watch_listed=True), S).outcome == Outcome.BLOCK
    assert assess(Facts(100, NOON, account_flag="CONFIRMED"), S).outcome == Outcome.BLOCK
    assert assess(Facts(100, NOON, account_flag="OPEN"), S).outcome == Outcome.HOLD
    assert assess(Facts(100, NOON, account_flag="CLEARED"), S).outcome == Outcome.ALLOW


facts_strategy = st.builds(
    Facts,
    amount_kobo=amounts,
    at=st.datetimes(
        min_value=datetime(2026, 1, 1), max_value=datetime(2029, 1, 1), timezones=st.just(UTC)
    ),
    payee_known=st.one_of(st.none(), st.booleans()),
    payee_watch_listed=st.booleans(),
    account_flag=st.sampled_from([None, "OPEN", "CLEARED", "CONFIRMED"]),
    pattern_count=st.integers(0, 20),
    pattern_largest_kobo=st.integers(0, 1_000_000 * NAIRA),
    window_count=st.integers(0, 20),
    window_sum_kobo=st.integers(0, 2_000_000 * NAIRA),
    last_payment_at=st.none(),
    new_device=st.booleans(),
)


@given(facts=facts_strategy, forced=st.sampled_from([None, *Outcome]))
def test_the_outcome_is_the_strictest_rule_and_its_reasons_are_its_own(
    facts: Facts, forced: Outcome | None
) -> None:
    if forced == Outcome.ALLOW:
        forced = None
    verdict = assess(facts, S, forced)
    applied = [rule for rule in RULES if rule.applies(facts, S)]
    expected = forced if forced is not None else max((r.outcome for r in applied), default=0)
    assert verdict.outcome == expected
    # The customer reads sentences, never a rule id.
    for reason in verdict.reasons:
        assert not any(rule.id in reason for rule in RULES)
    if verdict.outcome != Outcome.ALLOW:
        assert verdict.reasons
    # As a payment keeps it, and read back.
    again = verdict_of(verdict.outcome.name, verdict.rule_ids)
    assert again.outcome == verdict.outcome and again.reasons == verdict.reasons


def test_a_zero_threshold_switches_its_rule_off() -> None:
    off = RiskSettings(
        new_payee_kobo=0, night_kobo=0, velocity_count=0, velocity_sum_kobo=0, new_device_kobo=0
    )
    at_night = datetime(2027, 3, 10, 1, 0, tzinfo=UTC)  # 02:00 WAT
    facts = Facts(
        10**12,
        at_night,
        payee_known=False,
        window_count=99,
        window_sum_kobo=10**12,
        new_device=True,
    )
    switched_off = {"NEW_PAYEE_LARGE", "LATE_NIGHT_LARGE", "VELOCITY", "NEW_DEVICE"}
    assert ids(facts, off) & switched_off == set()
