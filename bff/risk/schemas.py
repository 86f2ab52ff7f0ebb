"""The back office's view of the risk queue (/admin/api/risk/…)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from bff.schemas import CamelStruct, RequestStruct


class RiskWarningOut(CamelStruct):
    """A step-up: shown before the code; the confirm must carry `acknowledgeWarning: true`."""

    title: str
    reasons: list[str]
    message: str


class RiskQueueItemOut(CamelStruct):
    """A held payment (`kind` PAYMENT, `id` the review's id) or a flagged account (`kind`
    ACCOUNT, `id` its account number), with when it must be decided by."""

    kind: Literal["PAYMENT", "ACCOUNT"]
    id: str
    state: str
    deadline: str
    overdue: bool
    customer_name: str | None
    account_number: str
    # The rules that held or flagged it (ids, for the team; never shown to the customer).
    rules: str
    amount: float | None = None
    payee: str | None = None
    payment_reference: str | None = None
    # What the customer was told.
    reasons: str | None = None


class CancelIn(RequestStruct):
    multiline_fields = frozenset({"reason"})

    reason: Annotated[str, msgspec.Meta(max_length=2_000)] | None = None
