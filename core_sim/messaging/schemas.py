from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

import msgspec

from core_sim.schemas import CamelStruct


class AttachmentIn(CamelStruct, forbid_unknown_fields=True):
    name: Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
    content_type: str
    content: str  # base64


class MessageIn(CamelStruct, forbid_unknown_fields=True):
    channel: Literal["SMS", "EMAIL"]
    recipient: Annotated[str, msgspec.Meta(min_length=3, max_length=200)]
    body: Annotated[str, msgspec.Meta(min_length=1, max_length=20_000)]
    subject: str | None = None
    attachments: list[AttachmentIn] = msgspec.field(default_factory=list)


# Up to this many messages in one gateway call (the BFF's outbox claims 50 rows at a time).
MAX_MESSAGES_PER_CALL = 100


class MessagesIn(CamelStruct, forbid_unknown_fields=True):
    messages: Annotated[
        list[MessageIn], msgspec.Meta(min_length=1, max_length=MAX_MESSAGES_PER_CALL)
    ]


class MessageSent(CamelStruct):
    """One message's outcome in a gateway call of several: its inbox id if it was kept,
    else None with the code the gateway refused it with."""

    id: int | None
    response_code: str


class AttachmentOut(CamelStruct):
    name: str
    content_type: str
    size: int
    content: str


class MessageOut(CamelStruct):
    id: int
    channel: str
    recipient: str
    subject: str | None
    body: str
    created_at: datetime
    attachments: list[AttachmentOut]
