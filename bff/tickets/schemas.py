from __future__ import annotations

from typing import Annotated

import msgspec

from bff.schemas import CamelStruct, RequestStruct


class AttachmentIn(RequestStruct):
    name: Annotated[str, msgspec.Meta(max_length=200)]
    # A data URL; ~10 MB of file as base64 (the service checks the real size).
    document: Annotated[str, msgspec.Meta(max_length=14_500_000)]


# The most files one ticket or message carries; msgspec refuses more with a 400.
MAX_ATTACHMENTS = 5
Attachments = Annotated[list[AttachmentIn], msgspec.Meta(max_length=MAX_ATTACHMENTS)]


class TicketIn(RequestStruct):
    multiline_fields = frozenset({"body"})

    subject: Annotated[str, msgspec.Meta(max_length=200)] | None = None
    body: Annotated[str, msgspec.Meta(max_length=10_000)] | None = None
    attachments: Attachments = msgspec.field(default_factory=list)


class MessageIn(RequestStruct):
    multiline_fields = frozenset({"text"})

    text: Annotated[str, msgspec.Meta(max_length=10_000)] | None = None
    attachments: Attachments = msgspec.field(default_factory=list)


class StatusIn(RequestStruct):
    resolved: bool


class AttachmentOut(CamelStruct):
    id: int
    name: str
    url: str
    content_type: str
    size: int


class TicketMessageOut(CamelStruct):
    id: int
    text: str
    sender: str
    created_at: str
    attachments: list[AttachmentOut]


class TicketSummaryOut(CamelStruct):
    id: int
    subject: str
    body: str
    resolved: bool
    created_at: str


class TicketOut(TicketSummaryOut):
    messages: list[TicketMessageOut]


class TicketDayOut(CamelStruct):
    date: str
    tickets: list[TicketSummaryOut]


class AttachmentContentOut(CamelStruct):
    name: str
    content: str


class TicketCreatedOut(CamelStruct):
    message: str
    ticket: TicketOut
