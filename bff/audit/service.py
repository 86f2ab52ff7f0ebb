"""Recording and reading security events.

`record` adds the event to the caller's session, so it is written in the same transaction
as the change it describes: a password change and its audit line commit together or not at
all. The request id and client address come from the request context (bff/observability.py).
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bff.audit.events import Event
from bff.audit.models import AuditEvent
from bff.db import Database
from bff.observability import current_client_address, current_request_id


def record(
    session: AsyncSession,
    event: Event,
    *,
    user_id: int | None = None,
    actor_id: int | None = None,
    identifier: str | None = None,
    detail: str | None = None,
) -> None:
    session.add(
        AuditEvent(
            event=event.value,
            user_id=user_id,
            actor_id=actor_id,
            identifier=identifier[:120] if identifier else None,
            client_address=current_client_address.get(),
            request_id=current_request_id.get(),
            detail=detail[:300] if detail else None,
        )
    )


async def events(
    db: Database, *, user_id: int | None, event: str | None, limit: int
) -> list[AuditEvent]:
    query = select(AuditEvent).order_by(AuditEvent.id.desc()).limit(limit)
    if user_id is not None:
        query = query.where(AuditEvent.user_id == user_id)
    if event is not None:
        query = query.where(AuditEvent.event == event)
    async with db.transaction() as session:
        return list((await session.scalars(query)).all())
