"""The risk check of a payment leaving a customer's account: its `Facts` in one statement on
the BFF's own tables (no core call), judged by the table in bff/risk/rules.py.

A tester forces an outcome with the X-Sim-Scenario header (`risk.check.step-up`, `.hold`,
`.block`; fixtures/scenarios.json), where the BFF lets scenarios through at all.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import ScalarSelect, bindparam, exists, func, select

from bff.audit.events import Event
from bff.audit.service import record
from bff.config.risk import RiskSettings
from bff.core_client.scenario import current_scenario
from bff.db import Database, UTCDateTime, utcnow
from bff.errors import ValidationFailed
from bff.payments.lifecycle import Status
from bff.risk.models import AccountFlag, FlagState, WatchedAccount
from bff.risk.rules import Facts, Outcome, Verdict, assess
from bff.users.principal import SessionDevice

SCENARIOS = {
    "risk.check.step-up": Outcome.STEP_UP,
    "risk.check.hold": Outcome.HOLD,
    "risk.check.block": Outcome.BLOCK,
}


@dataclass(frozen=True, slots=True)
class Payee:
    """Who a transfer pays: their bank and account."""

    bank_code: str
    account_number: str


class RiskCheck:
    def __init__(
        self, db: Database, settings: RiskSettings, payments: Any, counted_types: tuple[str, ...]
    ) -> None:
        """`payments`: the model of the payments whose history the rules read (transfers:
        what money goes to people), of the `counted_types` that leave the customer."""
        self.db = db
        self.settings = settings
        self.payments = payments
        self.counted_types = counted_types

    def reading(
        self, user_id: int, source_account: str, payee: Payee | None
    ) -> tuple[list[Any], dict[str, Any]]:
        """What the rules read, as scalar subqueries and their parameters: run alone
        (`judge`), or in the statement that reads a payment's limits
        (`LimitsService.check(also=…)`), so the check adds no statement to a payment's path.
        The subqueries are built once (building them per payment cost a third of a
        millisecond of CPU, bench/risk.py); each payment only brings its parameters."""
        s, now = self.settings, utcnow()
        params: dict[str, Any] = {
            "risk_user": user_id,
            "risk_source": source_account,
            "risk_pattern_from": now - timedelta(days=s.pattern_days),
            "risk_window_from": now - timedelta(minutes=s.velocity_minutes),
        }
        if payee is not None:
            params["risk_payee_bank"] = payee.bank_code
            params["risk_payee_account"] = payee.account_number
        return self._columns(payee is not None), params

    @functools.cache  # noqa: B019 (one RiskCheck per process; two shapes)
    def _columns(self, with_payee: bool) -> list[Any]:
        paid = self.payments
        sent = (
            paid.user_id == bindparam("risk_user"),
            paid.transfer_type.in_(self.counted_types),
            paid.status.in_(Status.COUNTED),
        )

        def of(column: Any, since: str | None = None) -> ScalarSelect[Any]:
            query = select(column).where(*sent)
            if since is not None:
                query = query.where(paid.confirmed_at >= bindparam(since, type_=UTCDateTime))
            return query.scalar_subquery()

        columns: list[Any] = [
            of(func.count(), "risk_pattern_from"),
            of(func.coalesce(func.max(paid.amount_kobo), 0), "risk_pattern_from"),
            of(func.count(), "risk_window_from"),
            of(func.coalesce(func.sum(paid.amount_kobo), 0), "risk_window_from"),
            of(func.max(paid.confirmed_at)),
            select(AccountFlag.state)
            .where(
                AccountFlag.account_number == bindparam("risk_source"),
                AccountFlag.state.in_((FlagState.OPEN, FlagState.CONFIRMED)),
            )
            .scalar_subquery(),
        ]
        if with_payee:
            columns += [
                exists().where(
                    paid.user_id == bindparam("risk_user"),
                    paid.destination_account == bindparam("risk_payee_account"),
                    paid.destination_bank_code == bindparam("risk_payee_bank"),
                    paid.status == Status.COMPLETED,
                ),
                exists().where(
                    WatchedAccount.bank_code == bindparam("risk_payee_bank"),
                    WatchedAccount.account_number == bindparam("risk_payee_account"),
                ),
            ]
        return columns

    @staticmethod
    def facts_from(
        values: Sequence[Any],
        amount_kobo: int,
        payee: Payee | None,
        device: SessionDevice | None,
        before_kobo: int = 0,
    ) -> Facts:
        """`values`: what `columns` read. `before_kobo`: what earlier rows of the same batch
        send (counted in the window's sum, not in its count: a batch is one decision)."""
        count, largest, window_count, window_sum, last_at, flag = values[:6]
        now = utcnow()
        return Facts(
            amount_kobo=amount_kobo,
            at=now,
            payee_known=bool(values[6]) if payee is not None else None,
            payee_watch_listed=bool(values[7]) if payee is not None else False,
            account_flag=flag,
            pattern_count=int(count),
            pattern_largest_kobo=int(largest),
            window_count=int(window_count),
            window_sum_kobo=int(window_sum) + before_kobo,
            last_payment_at=_aware(last_at),
            new_device=device is not None
            and device.capped_until is not None
            and device.capped_until > now,
        )

    async def judge(
        self,
        user_id: int,
        source_account: str,
        amount_kobo: int,
        payee: Payee | None,
        device: SessionDevice | None,
        before_kobo: int = 0,
        values: Sequence[Any] | None = None,
    ) -> Verdict:
        """The verdict on one payment; a block is refused here (400, with the reason the
        customer can act on) and recorded in the audit log, since no payment row keeps it.
        `values`: `columns` as read with the payment's limits; None: read them now."""
        if values is None:
            columns, params = self.reading(user_id, source_account, payee)
            async with self.db.autocommit() as session:
                values = (await session.execute(select(*columns), params)).one()
        facts = self.facts_from(values, amount_kobo, payee, device, before_kobo)
        verdict = assess(facts, self.settings, forced_outcome())
        if verdict.outcome == Outcome.BLOCK:
            async with self.db.transaction() as session:
                record(
                    session,
                    Event.PAYMENT_BLOCKED,
                    user_id=user_id,
                    detail=f"{source_account} {amount_kobo} kobo: {verdict.rule_ids}",
                )
            raise ValidationFailed(" ".join(verdict.reasons))
        return verdict


ACKNOWLEDGE = "Please confirm that you have read the warning before you send"


def refuse_unacknowledged(payments: Sequence[Any], acknowledged: bool) -> bool:
    """True, or refused before the code is used: a stepped-up payment (any row of a batch)
    goes only once the customer acknowledged the warning."""
    if not acknowledged and any(p.risk_outcome == Outcome.STEP_UP.name for p in payments):
        raise ValidationFailed(ACKNOWLEDGE, field="acknowledgeWarning")
    return True


def forced_outcome() -> Outcome | None:
    """The outcome a tester's X-Sim-Scenario header forces on this request's check."""
    value = current_scenario.get()
    if not value:
        return None
    for part in value.split(","):
        forced = SCENARIOS.get(part.strip())
        if forced is not None:
            return forced
    return None


def _aware(moment: datetime | str | None) -> datetime | None:
    """A MAX() of a datetime column, whichever way the database hands it back."""
    if moment is None:
        return None
    parsed = moment if isinstance(moment, datetime) else datetime.fromisoformat(moment)
    return parsed if parsed.tzinfo is not None else parsed.replace(tzinfo=UTC)
