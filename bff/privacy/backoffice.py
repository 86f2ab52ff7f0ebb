"""The back office's side of correction and erasure requests (/admin/api/privacy): the queue
by answer-by time, and each request's outcome, told to the customer by e-mail and SMS and
written into the request's conversation."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bff.audit.events import Event
from bff.audit.service import record
from bff.core_client import CoreClient
from bff.dates import DATE, format_date
from bff.errors import Conflict, ValidationFailed
from bff.privacy.erasure import REMOVED, erase_in
from bff.privacy.models import DataRequest, RequestKind, RequestStatus
from bff.privacy.record import FINANCIAL_RETENTION
from bff.privacy.retention import retention_ends
from bff.privacy.schemas import AdminDataRequestOut
from bff.privacy.service import PrivacyService, request_out, told
from bff.tickets.models import Sender, Ticket
from bff.users.models import User

CLOSED = "This request is already closed"
NOT_THIS_KIND = "This is not an erasure request"
ANSWER_REQUIRED = "Give the customer an answer"
MONEY_LEFT = (
    "The customer still has money in an account. Pay it out to them before closing the profile."
)


def erasure_answer(now: datetime) -> str:
    until = format_date(retention_ends(now), DATE)
    return (
        f"We closed your profile and erased {REMOVED}. The law requires us to keep the record "
        f"of your accounts, payments and identity for {FINANCIAL_RETENTION}, that is until "
        f"{until}; then we delete it."
    )


class PrivacyBackOffice:
    def __init__(self, privacy: PrivacyService, core: CoreClient) -> None:
        self.privacy = privacy
        self.core = core
        self.db = privacy.db

    async def queue(
        self, open_only: bool = True, now: datetime | None = None
    ) -> list[AdminDataRequestOut]:
        now = now or self.privacy.clock()
        query = select(DataRequest, User).join(User, User.id == DataRequest.user_id)
        if open_only:
            query = query.where(DataRequest.status == RequestStatus.RECEIVED)
        async with self.db.autocommit() as session:
            rows = (await session.execute(query.order_by(DataRequest.due_at, DataRequest.id))).all()
        return [_admin_out(row, user, now) for row, user in rows]

    async def get(self, tracking_number: str, now: datetime | None = None) -> AdminDataRequestOut:
        async with self.db.autocommit() as session:
            row = await self.privacy.request_in(session, tracking_number)
            user = await session.get(User, row.user_id)
            assert user is not None
        return _admin_out(row, user, now or self.privacy.clock())

    async def correct(
        self, admin: User, tracking_number: str, answer: str | None, now: datetime | None = None
    ) -> AdminDataRequestOut:
        """Done: staff corrected the data (in the tool that keeps it) and say what changed."""
        text = (answer or "").strip()
        if not text:
            raise ValidationFailed(ANSWER_REQUIRED, field="answer")
        return await self._close(admin, tracking_number, RequestStatus.DONE, text, now)

    async def reject(
        self, admin: User, tracking_number: str, reason: str | None, now: datetime | None = None
    ) -> AdminDataRequestOut:
        text = (reason or "").strip()
        if not text:
            raise ValidationFailed(ANSWER_REQUIRED, field="answer")
        return await self._close(admin, tracking_number, RequestStatus.REJECTED, text, now)

    async def erase(
        self, admin: User, tracking_number: str, now: datetime | None = None
    ) -> AdminDataRequestOut:
        """Closes the profile and removes what no retention rule keeps (bff/privacy/erasure.py);
        refused while an account holds money (the core is asked first)."""
        now = now or self.privacy.clock()
        async with self.db.autocommit() as session:
            row = await self.privacy.request_in(session, tracking_number)
            user = await session.get(User, row.user_id)
            assert user is not None
        if row.kind != RequestKind.ERASURE:
            raise Conflict(NOT_THIS_KIND)
        if row.status != RequestStatus.RECEIVED:
            raise Conflict(CLOSED)
        if user.customer_id:
            accounts = await self.core.customer_accounts(user.customer_id)
            if any(a.ledger_balance_kobo != 0 for a in accounts):
                raise Conflict(MONEY_LEFT)
        forget: list[str] = []

        async def then(session: AsyncSession, user: User) -> None:
            forget.extend(await erase_in(session, user, now))
            record(session, Event.PROFILE_ERASED, user_id=user.id, actor_id=admin.id)

        out = await self._close(
            admin, tracking_number, RequestStatus.DONE, erasure_answer(now), now, then
        )
        for key in forget:
            await self.privacy.store.forget(key)
        return out

    async def _close(
        self,
        admin: User,
        tracking_number: str,
        status: str,
        answer: str,
        now: datetime | None,
        then: Callable[[AsyncSession, User], Awaitable[None]] | None = None,
    ) -> AdminDataRequestOut:
        now = now or self.privacy.clock()
        async with self.db.transaction() as session:
            row = await self.privacy.request_in(session, tracking_number)
            if row.status != RequestStatus.RECEIVED:
                raise Conflict(CLOSED)
            user = await session.get(User, row.user_id)
            assert user is not None
            row.status, row.answer, row.closed_at = status, answer, now
            ticket = await session.get(Ticket, row.ticket_id)
            assert ticket is not None
            await self.privacy.tickets.add_message_in(
                session, ticket, Sender.AGENT, admin.id, answer
            )
            ticket.resolved = True
            if then is not None:
                await then(session, user)
            else:
                record(session, Event.DATA_REQUEST_ANSWERED, user_id=user.id, actor_id=admin.id)
            subject = f"Your request {row.tracking_number} is answered"
            recorded = await self.privacy.notifier.record(session, told(user, subject, answer))
        await self.privacy.notifier.deliver(recorded)
        return _admin_out(row, user, now)


def _admin_out(row: DataRequest, user: User, now: datetime) -> AdminDataRequestOut:
    base = request_out(row, now)
    return AdminDataRequestOut(
        **{f: getattr(base, f) for f in base.__struct_fields__},
        user_id=user.id,
        customer_name=f"{user.first_name} {user.last_name}",
        customer_email=user.email,
    )
