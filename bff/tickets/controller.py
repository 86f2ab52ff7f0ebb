"""/api/tickets…: the customer's tickets; /admin/api/tickets…: the agent's side."""

from __future__ import annotations

from litestar import Controller, get, post

from bff.openapi_errors import refuses
from bff.schemas import MessageOut, RowId
from bff.tickets.schemas import (
    AttachmentContentOut,
    MessageIn,
    StatusIn,
    TicketCreatedOut,
    TicketDayOut,
    TicketIn,
    TicketOut,
    TicketSummaryOut,
)
from bff.tickets.service import TicketService
from bff.users.principal import Principal


class TicketsController(Controller):
    path = "/api/tickets"
    tags = ["tickets"]
    security = [{"bearer": []}]

    @get("/", summary="The customer's tickets, grouped by day, newest first")
    async def list_tickets(self, tickets: TicketService, customer: Principal) -> list[TicketDayOut]:
        return await tickets.grouped(customer.user)

    @post("/", status_code=201, summary="Open a ticket (attachments up to 10 MB each)")
    async def create(
        self, tickets: TicketService, customer: Principal, data: TicketIn
    ) -> TicketCreatedOut:
        ticket = await tickets.create(customer.user, data.subject, data.body, data.attachments)
        return TicketCreatedOut(message="Ticket created successfully", ticket=ticket)

    @get("/{ticket_id:int}", summary="A ticket with its conversation", opt=refuses(404))
    async def detail(
        self, tickets: TicketService, customer: Principal, ticket_id: RowId
    ) -> TicketOut:
        return await tickets.get(customer.user, ticket_id)

    @post(
        "/{ticket_id:int}/messages", status_code=201, summary="Reply to a ticket", opt=refuses(404)
    )
    async def reply(
        self, tickets: TicketService, customer: Principal, ticket_id: RowId, data: MessageIn
    ) -> TicketOut:
        return await tickets.reply(customer.user, ticket_id, data.text, data.attachments)

    @post(
        "/{ticket_id:int}/status",
        status_code=200,
        summary="Mark as done or unresolved",
        opt=refuses(404),
    )
    async def status(
        self, tickets: TicketService, customer: Principal, ticket_id: RowId, data: StatusIn
    ) -> MessageOut:
        await tickets.set_resolved(customer.user, ticket_id, data.resolved)
        return MessageOut(message="Ticket status updated successfully")

    @get(
        "/attachments/{attachment_id:int}/download",
        summary="An attachment's content",
        opt=refuses(404),
    )
    async def download(
        self, tickets: TicketService, customer: Principal, attachment_id: RowId
    ) -> AttachmentContentOut:
        name, content = await tickets.attachment(customer.user, attachment_id)
        return AttachmentContentOut(name=name, content=content)


class AdminTicketsController(Controller):
    path = "/admin/api/tickets"
    tags = ["admin"]
    security = [{"bearer": []}]

    @get("/", summary="Open tickets, oldest activity first")
    async def open_tickets(
        self, tickets: TicketService, admin: Principal
    ) -> list[TicketSummaryOut]:
        return await tickets.open_tickets()

    @get("/{ticket_id:int}", summary="Any ticket with its conversation", opt=refuses(404))
    async def detail(self, tickets: TicketService, admin: Principal, ticket_id: RowId) -> TicketOut:
        return await tickets.get(None, ticket_id)

    @post(
        "/{ticket_id:int}/messages",
        status_code=201,
        summary="Reply as customer service",
        opt=refuses(404),
    )
    async def reply(
        self, tickets: TicketService, admin: Principal, ticket_id: RowId, data: MessageIn
    ) -> TicketOut:
        return await tickets.agent_reply(admin.user, ticket_id, data.text, data.attachments)

    @get(
        "/attachments/{attachment_id:int}/download",
        summary="An attachment's content",
        opt=refuses(404),
    )
    async def download(
        self, tickets: TicketService, admin: Principal, attachment_id: RowId
    ) -> AttachmentContentOut:
        name, content = await tickets.attachment(None, attachment_id)
        return AttachmentContentOut(name=name, content=content)
