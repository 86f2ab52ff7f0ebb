"""The payment risk rules, as one table a newcomer can read (docs/security.md "Payment fraud").

Every payment that leaves a customer's account is checked before its code step against the
`Facts` the BFF has at hand (no core call): each rule that applies names an outcome, and the
payment gets the strictest of them. The customer reads the rules' sentences, never their
ids; the ids are kept with the payment for the back office.

- allow: nothing to add.
- step up: the code (or passkey) as always, and a warning the customer must acknowledge.
- hold: once confirmed, the money is reserved, not sent; the back office releases or
  cancels it before a deadline, and an unreviewed hold is cancelled with the money returned.
- block: refused; nothing is stored.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import IntEnum

from bff.config.risk import RiskSettings
from bff.dates import LAGOS


class Outcome(IntEnum):
    """Ordered by strictness: a payment gets the highest that applies."""

    ALLOW = 0
    STEP_UP = 1
    HOLD = 2
    BLOCK = 3


@dataclass(frozen=True, slots=True)
class Facts:
    """What the check knows about one payment, all read in one statement (bff/risk/check.py).
    Counts and sums are of the customer's own payments out that were confirmed and did not
    fail, before this one."""

    amount_kobo: int
    at: datetime
    # None: the payee is not an account (a bill).
    payee_known: bool | None = None
    payee_watch_listed: bool = False
    # The core flagged the paying account (money coming in, bff/risk/sync.py): "OPEN" while
    # the back office looks, "CONFIRMED" once they found it a mule; None: not flagged.
    account_flag: str | None = None
    pattern_count: int = 0
    pattern_largest_kobo: int = 0
    window_count: int = 0
    window_sum_kobo: int = 0
    last_payment_at: datetime | None = None
    new_device: bool = False


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    outcome: Outcome
    applies: Callable[[Facts, RiskSettings], bool]
    # What the customer reads: a reason they can act on.
    tells: str


def _far_above_pattern(f: Facts, s: RiskSettings) -> bool:
    return (
        f.pattern_count >= s.pattern_min_payments
        and f.amount_kobo >= s.pattern_floor_kobo
        and f.amount_kobo >= s.pattern_multiple * f.pattern_largest_kobo
    )


def _velocity(f: Facts, s: RiskSettings) -> bool:
    return (0 < s.velocity_count <= f.window_count + 1) or (
        0 < s.velocity_sum_kobo < f.window_sum_kobo + f.amount_kobo
    )


def _dormant(f: Facts, s: RiskSettings) -> bool:
    return (
        s.dormant_days > 0
        and f.last_payment_at is not None
        and f.at - f.last_payment_at > timedelta(days=s.dormant_days)
    )


def _late_night(f: Facts, s: RiskSettings) -> bool:
    hour = f.at.astimezone(LAGOS).hour
    return 0 < s.night_kobo <= f.amount_kobo and s.night_from_hour <= hour < s.night_to_hour


RULES: tuple[Rule, ...] = (
    Rule(
        "WATCH_LISTED",
        Outcome.BLOCK,
        lambda f, s: f.payee_watch_listed,
        "This account has been reported to the banks as used for fraud, so Kobo will not "
        "send money to it. If someone asked you to pay it, do not pay them another way.",
    ),
    Rule(
        "ACCOUNT_CONFIRMED_MULE",
        Outcome.BLOCK,
        lambda f, s: f.account_flag == "CONFIRMED",
        "Payments out of this account are stopped after a review of money paid into it. "
        "Please call customer service.",
    ),
    Rule(
        "ACCOUNT_UNDER_REVIEW",
        Outcome.HOLD,
        lambda f, s: f.account_flag == "OPEN",
        "We noticed unusual money coming into this account, so payments out of it wait for "
        "our team to check them.",
    ),
    Rule(
        "VELOCITY",
        Outcome.HOLD,
        _velocity,
        "You have sent many payments in a short time, so this one waits for our team to check it.",
    ),
    Rule(
        "FAR_ABOVE_PATTERN",
        Outcome.STEP_UP,
        _far_above_pattern,
        "This amount is much larger than what you usually send.",
    ),
    Rule(
        "NEW_PAYEE_LARGE",
        Outcome.STEP_UP,
        lambda f, s: f.payee_known is False and 0 < s.new_payee_kobo <= f.amount_kobo,
        "You have not paid this account before.",
    ),
    Rule(
        "NEW_DEVICE",
        Outcome.STEP_UP,
        lambda f, s: f.new_device and 0 < s.new_device_kobo <= f.amount_kobo,
        "You are paying from a device that is new to your profile.",
    ),
    Rule(
        "DORMANT",
        Outcome.STEP_UP,
        _dormant,
        "You have not sent money from Kobo for a long time.",
    ),
    Rule(
        "LATE_NIGHT_LARGE",
        Outcome.STEP_UP,
        _late_night,
        "This is a large payment late at night.",
    ),
)

RULES_BY_ID = {rule.id: rule for rule in RULES}
# What a step-up warning says after its reasons; the customer must acknowledge it.
WARNING = (
    "Has anyone asked you to send this money, or told you what to say to your bank? Kobo "
    "will never ask you to move money to keep it safe, and will never ask for your code or "
    "password. If you are unsure, stop now."
)
WARNING_TITLE = "Check before you send"


@dataclass(frozen=True, slots=True)
class Verdict:
    outcome: Outcome
    rules: tuple[Rule, ...]

    @property
    def rule_ids(self) -> str:
        """As the payment keeps them (for the back office): "VELOCITY,NEW_DEVICE"."""
        return ",".join(rule.id for rule in self.rules)

    @property
    def reasons(self) -> list[str]:
        """What the customer reads: the sentences of the rules that set the outcome."""
        return [rule.tells for rule in self.rules if rule.outcome == self.outcome]


ALLOW = Verdict(Outcome.ALLOW, ())


def assess(facts: Facts, settings: RiskSettings, forced: Outcome | None = None) -> Verdict:
    """The strictest outcome of the rules that apply, with every rule that applied.
    `forced`: a tester's scenario (bff/risk/check.py), applied as if a rule had said so."""
    applied = tuple(rule for rule in RULES if rule.applies(facts, settings))
    outcome = max((rule.outcome for rule in applied), default=Outcome.ALLOW)
    if forced is not None:
        applied = (*applied, FORCED[forced])
        outcome = forced
    return Verdict(outcome, applied)


# A tester's forced outcome (a scenario), with a sentence of its own.
FORCED = {
    Outcome.STEP_UP: Rule(
        "FORCED_STEP_UP",
        Outcome.STEP_UP,
        lambda f, s: False,
        "This payment is unusual for your profile.",
    ),
    Outcome.HOLD: Rule(
        "FORCED_HOLD",
        Outcome.HOLD,
        lambda f, s: False,
        "This payment is unusual for your profile, so it waits for our team to check it.",
    ),
    Outcome.BLOCK: Rule(
        "FORCED_BLOCK",
        Outcome.BLOCK,
        lambda f, s: False,
        "Kobo cannot send this payment. Please call customer service.",
    ),
}

_EVERY_RULE = {**RULES_BY_ID, **{rule.id: rule for rule in FORCED.values()}}


def verdict_of(outcome: str | None, rule_ids: str | None) -> Verdict:
    """A verdict as a payment keeps it (`risk_outcome`, `risk_rules`); None: allowed."""
    if not outcome:
        return ALLOW
    rules = tuple(_EVERY_RULE[i] for i in (rule_ids or "").split(",") if i in _EVERY_RULE)
    return Verdict(Outcome[outcome], rules)
