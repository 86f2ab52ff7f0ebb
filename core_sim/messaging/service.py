from __future__ import annotations

import base64
import binascii
from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core_sim.errors import SimError
from core_sim.messaging.models import Message
from core_sim.messaging.schemas import MessageIn


async def send(session: AsyncSession, data: MessageIn) -> Message:
    (message,) = await send_all(session, [data])
    return message


async def send_all(session: AsyncSession, items: Sequence[MessageIn]) -> list[Message]:
    """Keep the messages for the inbox, in the order given (their ids follow it)."""
    messages = [_message(data) for data in items]
    session.add_all(messages)
    await session.flush()
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
        recipient=data.recipient.strip().lower() if data.channel == "EMAIL" else data.recipient,
        subject=data.subject,
        body=data.body,
        attachments=attachments,
    )


async def inbox(
    session: AsyncSession,
    recipient: str | None,
    channel: str | None,
    limit: int,
    after: int | None = None,
) -> list[Message]:
    # In the order they were sent: a message sent while a tester had moved the clock forward
    # must not stay "newest" after the clock is set back.
    query = select(Message).order_by(Message.id.desc()).limit(limit)
    if after is not None:
        query = query.where(Message.id > after)
    if recipient:
        query = (
            query.where(Message.recipient == recipient.strip().lower())
            if "@" in recipient
            else query.where(Message.recipient == recipient.strip())
        )
    if channel:
        query = query.where(Message.channel == channel)
    return list((await session.scalars(query)).all())
