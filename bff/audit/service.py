"""Recording and reading security events.

`record` adds the event to the caller's session, so it is written in the same transaction
as the change it describes: a password change and its audit line commit together or not at
all. The request id and client address come from the request context (bff/observability.py).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Select, Table, bindparam, insert, literal, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.dml import ReturningUpdate

from bff.audit.events import Event
from bff.audit.models import AuditEvent
from bff.db import Database, utcnow
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


# `record_after`'s line: these columns (the event a literal, the others parameters named
# `audit_<column>`), and the customer's id from the statement it follows.
_AFTER_COLUMNS = ("at", "event", "client_address", "request_id")
_AUDIT: Table = AuditEvent.__table__  # type: ignore[assignment]


def record_after(change: ReturningUpdate, event: Event) -> Select[Any]:
    """PostgreSQL: `change` (an UPDATE … RETURNING the customer's `user_id`) and its audit
    line in one statement, the line written for each row the UPDATE changed, so both commit
    together as `record` in a transaction does. Its parameters: `audit_params()`. (SQLite's
    CTEs cannot write: there `record` follows the UPDATE in a transaction.)"""
    changed = change.cte("changed")
    table = _AUDIT
    line = insert(table).from_select(
        [*_AFTER_COLUMNS, "user_id"],
        select(
            bindparam("audit_at", type_=table.c.at.type),
            literal(event.value, type_=table.c.event.type),
            bindparam("audit_client_address", type_=table.c.client_address.type),
            bindparam("audit_request_id", type_=table.c.request_id.type),
            changed.c.user_id,
        ).select_from(changed),
    )
    return select(changed).add_cte(line.cte("audited"))


def audit_params() -> dict[str, Any]:
    """The parameters of `record_after`'s line, from the request context, as `record`."""
    return {
        "audit_at": utcnow(),
        "audit_client_address": current_client_address.get(),
        "audit_request_id": current_request_id.get(),
    }


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
