"""Tickets: the customer's conversations with customer service, and the agent's side."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bff.core_client import CoreClient
from bff.dates import DATE, format_date
from bff.db import Database, utcnow
from bff.errors import FieldErrors, NotFound, ValidationFailed
from bff.notifications.notifier import Notifier
from bff.notifications.templates import plain_email
from bff.security.uploads import DOCUMENTS, Upload, parse_data_url
from bff.storage import DocumentStore
from bff.tickets.models import Sender, Ticket, TicketAttachment, TicketMessage
from bff.tickets.schemas import (
    AttachmentIn,
    AttachmentOut,
    TicketDayOut,
    TicketMessageOut,
    TicketOut,
    TicketSummaryOut,
)
from bff.users.models import User

MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024
TOO_BIG = "File size exceeds 10MB limit"
NOT_ALLOWED = "This file type is not allowed"
NOT_FOUND = "Ticket not found"


def summary_out(ticket: Ticket) -> TicketSummaryOut:
    return TicketSummaryOut(
        id=ticket.id,
        subject=ticket.subject,
        body=ticket.body,
        resolved=ticket.resolved,
        created_at=format_date(ticket.created_at),
    )


class TicketService:
    def __init__(
        self,
        db: Database,
        core: CoreClient,
        store: DocumentStore,
        notifier: Notifier | None = None,
    ) -> None:
        self.db = db
        self.core = core
        self.store = store
        self.notifier = notifier or Notifier.simulator(db, core)

    def files(self, attachments: list[AttachmentIn]) -> list[tuple[str, Upload]]:
        return [
            (
                a.name.strip() or "attachment",
                parse_data_url(
                    a.document,
                    allowed=DOCUMENTS,
                    max_bytes=MAX_ATTACHMENT_BYTES,
                    too_big=TOO_BIG,
                    wrong_type=NOT_ALLOWED,
                    field=f"attachments[{i}]",
                    name=a.name,
                ),
            )
            for i, a in enumerate(attachments)
        ]

    async def store_files(self, files: list[tuple[str, Upload]]) -> list[str]:
        """Put the files in the document store first: the rows that name them come later."""
        return [await self.store.put(upload.content) for _, upload in files]

    async def add_message_in(
        self,
        session: AsyncSession,
        ticket: Ticket,
        sender: str,
        author_id: int,
        text: str,
        files: Sequence[tuple[str, Upload]] = (),
        keys: Sequence[str] = (),
    ) -> None:
        """A message (and its stored files) on `ticket`, in the caller's transaction."""
        message = TicketMessage(ticket_id=ticket.id, sender=sender, author_id=author_id, text=text)
        session.add(message)
        await session.flush()
        for (name, upload), key in zip(files, keys, strict=True):
            session.add(
                TicketAttachment(
                    ticket_id=ticket.id,
                    message_id=message.id,
                    name=name,
                    content_type=upload.content_type,
                    storage_key=key,
                    size_bytes=len(upload.content),
                )
            )
        ticket.updated_at = utcnow()

    async def open_in(
        self,
        session: AsyncSession,
        user: User,
        subject: str,
        body: str,
        files: list[tuple[str, Upload]],
        keys: list[str],
    ) -> Ticket:
        """A new ticket with its first message, in the caller's transaction (a dispute opens
        its ticket together with itself)."""
        ticket = Ticket(user_id=user.id, subject=subject, body=body)
        session.add(ticket)
        await session.flush()
        await self.add_message_in(session, ticket, Sender.CLIENT, user.id, body, files, keys)
        return ticket

    async def _add_message(
        self, ticket_id: int, sender: str, author: User, text: str, files: list[tuple[str, Upload]]
    ) -> None:
        keys = await self.store_files(files)
        async with self.db.transaction() as session:
            ticket = await session.get(Ticket, ticket_id)
            assert ticket is not None
            await self.add_message_in(session, ticket, sender, author.id, text, files, keys)

    # -- customer side ------------------------------------------------------------------
    async def create(
        self, user: User, subject: str | None, body: str | None, attachments: list[AttachmentIn]
    ) -> TicketOut:
        errors = [
            {"field": f, "message": "This field is required"}
            for f, v in (("subject", subject), ("body", body))
            if not (v or "").strip()
        ]
        if errors:
            raise FieldErrors(errors)
        assert subject is not None and body is not None
        files = self.files(attachments)
        # The files first: a store that fails (503) leaves no ticket without its attachments.
        keys = await self.store_files(files)
        async with self.db.transaction() as session:
            ticket = await self.open_in(session, user, subject.strip(), body.strip(), files, keys)
        return await self.get(user, ticket.id)

    async def _owned(self, user: User | None, ticket_id: int) -> Ticket:
        async with self.db.transaction() as session:
            ticket = await session.get(Ticket, ticket_id)
        # Another customer's ticket answers exactly like a missing one.
        if ticket is None or (user is not None and ticket.user_id != user.id):
            raise NotFound(NOT_FOUND)
        return ticket

    async def grouped(self, user: User) -> list[TicketDayOut]:
        async with self.db.transaction() as session:
            tickets = (
                await session.scalars(
                    select(Ticket)
                    .where(Ticket.user_id == user.id)
                    .order_by(Ticket.created_at.desc())
                )
            ).all()
        days: dict[str, list[TicketSummaryOut]] = defaultdict(list)
        for ticket in tickets:
            days[format_date(ticket.created_at, DATE)].append(summary_out(ticket))
        return [TicketDayOut(date=day, tickets=items) for day, items in days.items()]

    async def get(self, user: User | None, ticket_id: int) -> TicketOut:
        ticket = await self._owned(user, ticket_id)
        async with self.db.transaction() as session:
            messages = (
                await session.scalars(
                    select(TicketMessage)
                    .where(TicketMessage.ticket_id == ticket_id)
                    .order_by(TicketMessage.created_at, TicketMessage.id)
                )
            ).all()
            attachments = (
                await session.scalars(
                    select(TicketAttachment).where(TicketAttachment.ticket_id == ticket_id)
                )
            ).all()
        by_message: dict[int, list[AttachmentOut]] = defaultdict(list)
        for a in attachments:
            by_message[a.message_id].append(
                AttachmentOut(
                    id=a.id,
                    name=a.name,
                    url=f"/api/tickets/attachments/{a.id}/download",
                    content_type=a.content_type,
                    size=a.size_bytes,
                )
            )
        return TicketOut(
            **{f: getattr(summary_out(ticket), f) for f in TicketSummaryOut.__struct_fields__},
            messages=[
                TicketMessageOut(
                    id=m.id,
                    text=m.text,
                    sender=m.sender,
                    created_at=format_date(m.created_at),
                    attachments=by_message[m.id],
                )
                for m in messages
            ],
        )

    async def reply(
        self, user: User, ticket_id: int, text: str | None, attachments: list[AttachmentIn]
    ) -> TicketOut:
        await self._owned(user, ticket_id)
        if not (text or "").strip():
            raise ValidationFailed("This field is required", field="text")
        assert text is not None
        await self._add_message(
            ticket_id, Sender.CLIENT, user, text.strip(), self.files(attachments)
        )
        return await self.get(user, ticket_id)

    async def set_resolved(self, user: User, ticket_id: int, resolved: bool) -> None:
        await self._owned(user, ticket_id)
        async with self.db.transaction() as session:
            ticket = await session.get(Ticket, ticket_id)
            assert ticket is not None
            ticket.resolved, ticket.updated_at = resolved, utcnow()

    async def attachment(self, user: User | None, attachment_id: int) -> tuple[str, str]:
        async with self.db.transaction() as session:
            attachment = await session.get(TicketAttachment, attachment_id)
        if attachment is None:
            raise NotFound("Attachment not found")
        try:
            await self._owned(user, attachment.ticket_id)
        except NotFound as exc:
            raise NotFound("Attachment not found") from exc
        content = await self.store.get(attachment.storage_key)
        return attachment.name, Upload(content, attachment.content_type).data_url()

    # -- agent side ---------------------------------------------------------------------
    async def open_tickets(self) -> list[TicketSummaryOut]:
        async with self.db.transaction() as session:
            tickets = (
                await session.scalars(
                    select(Ticket).where(Ticket.resolved.is_(False)).order_by(Ticket.updated_at)
                )
            ).all()
        return [summary_out(t) for t in tickets]

    async def agent_reply(
        self, agent: User, ticket_id: int, text: str | None, attachments: list[AttachmentIn]
    ) -> TicketOut:
        ticket = await self._owned(None, ticket_id)
        if not (text or "").strip():
            raise ValidationFailed("This field is required", field="text")
        assert text is not None
        await self._add_message(
            ticket_id, Sender.AGENT, agent, text.strip(), self.files(attachments)
        )
        async with self.db.transaction() as session:
            customer = await session.get(User, ticket.user_id)
        if customer is not None:
            reply = plain_email(
                customer.email,
                f"Re: {ticket.subject}",
                f"Hello {customer.first_name},\n\nKobo customer service replied to your "
                f'ticket "{ticket.subject}":\n\n{text.strip()}\n\nSign in to Kobo to answer.',
            )
            await self.notifier.send([reply])
        return await self.get(None, ticket_id)
