"""/admin/api/audit-events: the security events, newest first (role ADMIN)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from litestar import Controller, get
from litestar.params import Parameter

from bff.audit.events import Event
from bff.audit.service import events
from bff.db import Database
from bff.schemas import CamelStruct
from bff.users.principal import Principal


class AuditEventOut(CamelStruct):
    id: int
    at: datetime
    event: str
    user_id: int | None
    actor_id: int | None
    identifier: str | None
    client_address: str | None
    request_id: str | None
    detail: str | None


class AdminAuditController(Controller):
    path = "/admin/api/audit-events"
    tags = ["admin"]
    security = [{"bearer": []}]

    @get("/", summary="Security events, newest first, by customer and kind")
    async def list_events(
        self,
        db: Database,
        admin: Principal,
        user_id: Annotated[int | None, Parameter(query="userId", ge=1, le=2_147_483_647)] = None,
        event: Event | None = None,
        limit: Annotated[int, Parameter(ge=1, le=500)] = 100,
    ) -> list[AuditEventOut]:
        found = await events(db, user_id=user_id, event=event, limit=limit)
        return [
            AuditEventOut(
                id=e.id,
                at=e.at,
                event=e.event,
                user_id=e.user_id,
                actor_id=e.actor_id,
                identifier=e.identifier,
                client_address=e.client_address,
                request_id=e.request_id,
                detail=e.detail,
            )
            for e in found
        ]
