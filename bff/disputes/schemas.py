from __future__ import annotations

from typing import Annotated

import msgspec

from bff.schemas import CamelStruct, RequestStruct
from bff.tickets.schemas import Attachments, TicketMessageOut


class DisputeIn(RequestStruct):
    multiline_fields = frozenset({"note"})

    payment_reference: Annotated[str, msgspec.Meta(max_length=40)] | None = None
    # One of NOT_RECEIVED, DEBITED_BUT_FAILED, WRONG_AMOUNT, NOT_MINE, OTHER.
    reason: Annotated[str, msgspec.Meta(max_length=30)] | None = None
    note: Annotated[str, msgspec.Meta(max_length=2_000)] | None = None
    attachments: Attachments = msgspec.field(default_factory=list)


class DisputeOut(CamelStruct):
    tracking_number: str
    reason: str
    reason_label: str  # the words the customer chose
    status: str  # RECEIVED, IN_REVIEW, REFUNDED, ANSWERED, REJECTED
    status_label: str
    payment_reference: str
    payment_summary: str  # "₦5,000.00 to Adaeze Nwosu, Guaranty Trust Bank"
    amount: float
    payment_date: str  # dd-mm-yyyy hh:mm:ss, Lagos time
    created_at: str
    answer_by: str  # dd-mm-yyyy hh:mm:ss, Lagos time
    answer_by_utc: str  # ISO 8601 with offset, for a countdown
    past_deadline: bool
    answer: str | None  # the bank's last word, once there is one
    # A refund's reversal credit in the customer's history (RVSL-<paymentReference>).
    refund_reference: str | None
    ticket_id: int


class DisputeDetailOut(DisputeOut):
    messages: list[TicketMessageOut]


class DisputeCreatedOut(CamelStruct):
    message: str
    dispute: DisputeDetailOut


class ReasonOut(CamelStruct):
    reason: str
    label: str
    answer_within_hours: int


class AdminDisputeOut(DisputeOut):
    user_id: int
    customer_name: str
    customer_email: str
    account_frozen: bool


class RejectIn(RequestStruct):
    multiline_fields = frozenset({"reason"})

    reason: Annotated[str, msgspec.Meta(max_length=2_000)] | None = None
