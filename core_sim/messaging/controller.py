from __future__ import annotations

from typing import Annotated, Any, Literal

from litestar import Controller, get, post
from litestar.params import Parameter
from sqlalchemy import Row

from core_sim.db import Database
from core_sim.messaging import service
from core_sim.messaging.models import Message
from core_sim.messaging.schemas import (
    AttachmentOut,
    MessageIn,
    MessageOut,
    MessageSent,
    MessagesIn,
)
from core_sim.settings import SimSettings


def message_out(message: Message | Row[Any]) -> MessageOut:
    """A stored message (the model, or a row with its columns) as the gateway answers it."""
    return MessageOut(
        id=message.id,
        channel=message.channel,
        recipient=message.recipient,
        subject=message.subject,
        body=message.body,
        created_at=message.created_at,
        attachments=[
            AttachmentOut(
                name=a["name"],
                content_type=a["contentType"],
                size=a["size"],
                content=a["content"],
            )
            for a in message.attachments
        ],
    )


class MessagingController(Controller):
    tags = ["messaging"]

    @post("/core/messages", status_code=201)
    async def send_message(
        self, db: Database, sim_settings: SimSettings, data: MessageIn
    ) -> MessageOut:
        """The bank's SMS/e-mail gateway: every message is kept for the inbox."""
        return message_out(await service.send_one(db, data, sim_settings.timeout_fault_ms))

    @post("/core/messages/batch", status_code=200)
    async def send_messages(
        self, db: Database, sim_settings: SimSettings, data: MessagesIn
    ) -> list[MessageSent]:
        """Several messages in one call, each with its own outcome in the order given: a
        message a fault rule declines is refused on its own (one use of the rule per
        message, as with one call each); the others are kept together. A rule that times
        out or makes the gateway unavailable fails the whole call, and then none is kept."""
        return await service.send_batch(db, data.messages, sim_settings.timeout_fault_ms)

    @get("/sim/messages")
    async def inbox(
        self,
        db: Database,
        recipient: str | None = None,
        channel: Literal["SMS", "EMAIL"] | None = None,
        limit: Annotated[int, Parameter(ge=1, le=500)] = 50,
        after: Annotated[int | None, Parameter(ge=0)] = None,
    ) -> list[MessageOut]:
        """Messages newest first, optionally for one recipient (e-mail or phone), and only
        those sent after the message with id `after` (a poll that waits for a new one need
        not fetch the old ones, statements attached, again)."""
        async with db.reader() as session:
            messages = await service.inbox(session, recipient, channel, limit, after)
        return [message_out(m) for m in messages]
