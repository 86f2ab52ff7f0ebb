from __future__ import annotations

import re
from datetime import datetime
from typing import Annotated, Literal

import msgspec

from core_sim.faults.models import FaultEffect, FaultRule
from core_sim.recipients import kept_recipient
from core_sim.schemas import CamelStruct

Operation = Annotated[str, msgspec.Meta(pattern=r"^[a-z_]+\.[a-z_]+$", max_length=40)]
Code = Annotated[str, msgspec.Meta(pattern=r"^\d{2}$")]
Kobo = Annotated[int, msgspec.Meta(ge=0)]
# An account number (10 digits); for messaging.send also a message's recipient: a phone
# number as the bank sends it (an optional + and up to 15 digits) or an e-mail address.
ACCOUNT_NUMBER = re.compile(r"\d{10}")
# For identity.* operations: a BVN or NIN (11 digits).
IDENTITY_NUMBER = re.compile(r"\d{11}")
# For savings.move also a savings pocket's own account (SAV and 9 digits).
POCKET_NUMBER = re.compile(r"SAV\d{9}")
RECIPIENT = re.compile(r"\+?\d{10,15}|[^@\s]+@[^@\s]+")


class FaultRuleIn(CamelStruct, forbid_unknown_fields=True):
    operation: Operation
    effect: Literal["decline", "timeout", "delay", "pending", "unavailable", "malformed"]
    account: Annotated[str, msgspec.Meta(min_length=1, max_length=200)] | None = None
    bank: Annotated[str, msgspec.Meta(pattern=r"^\d{6}$")] | None = None
    amount_kobo: Kobo | None = None
    min_amount_kobo: Kobo | None = None
    max_amount_kobo: Kobo | None = None
    response_code: Code | None = None
    delay_ms: Annotated[int, msgspec.Meta(ge=0, le=600_000)] | None = None
    pending_outcome: Code | None = None
    resolve_after_ms: Annotated[int, msgspec.Meta(ge=0)] | None = None
    uses: Annotated[int, msgspec.Meta(ge=1)] | None = None

    def __post_init__(self) -> None:
        """`account` must be something the operation's calls can carry (a rule that could
        never match would silently do nothing); an e-mail address matches in any case."""
        if self.account is None:
            return
        if self.operation == "messaging.send":
            if not RECIPIENT.fullmatch(self.account):
                raise ValueError("account: a phone number or e-mail address for messaging.send")
            self.account = kept_recipient(self.account)
        elif self.operation.startswith("identity."):
            if not IDENTITY_NUMBER.fullmatch(self.account):
                raise ValueError("account: an 11-digit BVN or NIN for identity operations")
        elif self.operation == "savings.move":
            either = (ACCOUNT_NUMBER, POCKET_NUMBER)
            if not any(shape.fullmatch(self.account) for shape in either):
                raise ValueError("account: a 10-digit account number or a pocket's SAV number")
        elif not ACCOUNT_NUMBER.fullmatch(self.account):
            raise ValueError("account: a 10-digit account number")

    def to_rule(self) -> FaultRule:
        """The rule asked for, not yet stored (a request's scenario never is). Every field is
        the column of the same name but `uses`, which is `remaining_uses`."""
        columns = msgspec.structs.asdict(self)
        columns["remaining_uses"] = columns.pop("uses")
        if self.effect == FaultEffect.PENDING and not self.pending_outcome:
            columns["pending_outcome"] = "00"
        return FaultRule(**columns)


class FaultRuleOut(CamelStruct):
    id: int
    operation: str
    effect: str
    account: str | None
    bank: str | None
    amount_kobo: int | None
    min_amount_kobo: int | None
    max_amount_kobo: int | None
    response_code: str | None
    delay_ms: int | None
    pending_outcome: str | None
    resolve_after_ms: int | None
    remaining_uses: int | None
    times_applied: int
    created_at: datetime
