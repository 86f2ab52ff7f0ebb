from __future__ import annotations

import base64
import binascii
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Row, Table, select
from sqlalchemy.ext.asyncio import AsyncSession

from core_sim.db import Database
from core_sim.errors import FaultTimeout, SimError
from core_sim.faults.effects import meet_fault
from core_sim.faults.service import CallContext
from core_sim.messaging.models import Message
from core_sim.messaging.schemas import MessageIn, MessageSent
from core_sim.recipients import kept_recipient
from core_sim.simclock.state import utcnow
from kobo_serving.database import insert_detached


async def send_one(db: Database, data: MessageIn, timeout_fault_ms: int) -> Message:
    """One message through the gateway, after the fault a tester set for its recipient."""
    await meet_fault(db, _sending_to(data.recipient), timeout_fault_ms)
    async with db.writer() as session:
        return await send(session, data)


async def send_batch(
    db: Database, messages: Sequence[MessageIn], timeout_fault_ms: int
) -> list[MessageSent]:
    """Several messages, each with its own outcome in the order given: a message a fault
    rule declines is refused on its own (one use of the rule per message, as with one call
    each); the others are kept together. A rule that times out or makes the gateway
    unavailable fails the whole call, and then none is kept."""
    refused: dict[int, str] = {}
    for index, message in enumerate(messages):
        try:
            await meet_fault(db, _sending_to(message.recipient), timeout_fault_ms)
        except FaultTimeout:
            raise
        except SimError as exc:  # a decline
            refused[index] = exc.code
    kept = [m for index, m in enumerate(messages) if index not in refused]
    stored = []
    if kept:
        async with db.writer() as session:
            stored = await send_all(session, kept)
    ids = iter(message.id for message in stored)
    return [
        MessageSent(id=None, response_code=refused[index])
        if index in refused
        else MessageSent(id=next(ids), response_code="00")
        for index in range(len(messages))
    ]


def _sending_to(recipient: str) -> CallContext:
    return CallContext("messaging.send", accounts=(kept_recipient(recipient),))


async def send(session: AsyncSession, data: MessageIn) -> Message:
    (message,) = await send_all(session, [data])
    return message


_MESSAGES: Table = Message.__table__  # type: ignore[assignment]


async def send_all(session: AsyncSession, items: Sequence[MessageIn]) -> list[Message]:
    """Keep the messages for the inbox, in the order given (their ids follow it)."""
    messages = [_message(data) for data in items]
    await insert_detached(session, messages)  # one statement; ids follow the order given
    return messages


def _message(data: MessageIn) -> Message:
    attachments = []
    for item in data.attachments:
        try:
            size = len(base64.b64decode(item.content, validate=True))
        except binascii.Error as exc:
            raise SimError(f"Attachment {item.name} is not valid base64", code="30") from exc
        attachments.append(
            {
                "name": item.name,
                "contentType": item.content_type,
                "size": size,
                "content": item.content,
            }
        )
    return Message(
        channel=data.channel,
        recipient=kept_recipient(data.recipient),
        subject=data.subject,
        body=data.body,
        attachments=attachments,
        created_at=utcnow(),
    )


async def inbox(
    session: AsyncSession,
    recipient: str | None,
    channel: str | None,
    limit: int,
    after: int | None = None,
) -> Sequence[Row[Any]]:
    """Rows with the message's columns (a plain query: no model objects to build)."""
    # In the order they were sent: a message sent while a tester had moved the clock forward
    # must not stay "newest" after the clock is set back.
    query = select(*_MESSAGES.columns).order_by(Message.id.desc()).limit(limit)
    if after is not None:
        query = query.where(Message.id > after)
    if recipient:
        query = query.where(Message.recipient == kept_recipient(recipient))
    if channel:
        query = query.where(Message.channel == channel)
    return (await session.execute(query)).all()
