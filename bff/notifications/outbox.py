"""The transactional outbox: `add` in the event's transaction, `Outbox.deliver_due` later.

Delivery claims rows with a lease and a claim token in one UPDATE (its subquery takes the
rows `FOR UPDATE SKIP LOCKED` on PostgreSQL; on SQLite the single statement is atomic and
writers queue), sends each, and marks it sent only under its own token. A transport that is
down leaves the row PENDING with a backoff (2 s … 10 min), so it is delayed, never lost;
two processes never hold the same row. A process that dies between sending and marking
leaves the lease to expire and the row is sent again: at least once, and exactly once
unless the process dies inside that window (docs/operations.md).
"""

from __future__ import annotations

import asyncio
import base64
import functools
import json
import logging
import uuid
from collections.abc import Awaitable, Callable, Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Select, Table, Update, bindparam, func, insert, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.dml import ReturningUpdate

from bff.db import Database, utcnow
from bff.notifications.message import Attachment, Message
from bff.notifications.models import OutboxKind, OutboxMessage, OutboxStatus
from bff.notifications.transports import DeliveryFailed, Transports
from kobo_serving.database import insert_detached

log = logging.getLogger(__name__)

LEASE = timedelta(seconds=60)
BACKOFF_S = (2, 5, 10, 20, 30, 60, 120, 300, 600)
BATCH = 50

# Turns a POSTING_ALERT's payload into the messages it stands for.
AlertRenderer = Callable[[dict[str, Any]], Awaitable[Sequence[Message]]]


def row_for(message: Message, claim_token: str | None = None) -> OutboxMessage:
    """`claim_token`: the row is born claimed by that delivery pass (see `Outbox`)."""
    payload = None
    if message.attachments:
        payload = json.dumps(
            {
                "attachments": [
                    {"name": a.name, "contentType": a.content_type, "content": a.base64}
                    for a in message.attachments
                ]
            }
        )
    now = utcnow()
    return OutboxMessage(
        kind=message.channel,
        recipient=message.recipient,
        subject=message.subject,
        text=message.text,
        html=message.html,
        payload=payload,
        status=OutboxStatus.PENDING,
        attempts=0,
        next_attempt_at=now,
        claim_token=claim_token,
        lease_until=now + LEASE if claim_token else None,
        created_at=now,
    )


async def add(
    session: AsyncSession, messages: Iterable[Message], claim_token: str | None = None
) -> list[OutboxMessage]:
    """Record messages in the caller's transaction: they exist exactly if it commits."""
    rows = [row_for(message, claim_token) for message in messages]
    await insert_detached(session, rows)
    return rows


async def add_posting_alert(
    session: AsyncSession, payment: str, payment_id: str, posting: Any = None
) -> None:
    """One row per completed payment: the worker writes its debit and credit alerts.
    `posting`: the core's posting as the payment's answer carried it (JSON-ready), kept in
    the row so the worker need not read it back from the core."""
    await session.execute(insert(_OUTBOX).values(_posting_alert(payment, payment_id, posting)))


def with_posting_alert(completion: ReturningUpdate) -> Select[Any]:
    """PostgreSQL: `completion` (an UPDATE … RETURNING that completes the payment) and
    `add_posting_alert`'s row in one statement, the row written only if the UPDATE matched.
    It answers the UPDATE's rows. The row's values are parameters named `alert_<column>`
    (`posting_alert_params`), so the statement can be built once and run for every payment.
    (SQLite's CTEs cannot write: there it is two statements.)"""
    completed = completion.cte("completed")
    names = list(_posting_alert("", "", None))
    alert = insert(_OUTBOX).from_select(
        names,
        select(
            *(bindparam(f"alert_{name}", type_=_OUTBOX.c[name].type) for name in names)
        ).select_from(completed),
    )
    return select(completed).add_cte(alert.cte("alert"))


def posting_alert_params(payment: str, payment_id: str, posting: Any = None) -> dict[str, Any]:
    """The parameters of `with_posting_alert`'s row."""
    row = _posting_alert(payment, payment_id, posting)
    return {f"alert_{name}": value for name, value in row.items()}


def _posting_alert(payment: str, payment_id: str, posting: Any) -> dict[str, Any]:
    now = utcnow()
    payload: dict[str, Any] = {"payment": payment, "id": payment_id}
    if posting is not None:
        payload["posting"] = posting
    return {
        "kind": OutboxKind.POSTING_ALERT,
        "text": "",
        "payload": json.dumps(payload),
        "status": OutboxStatus.PENDING,
        "attempts": 0,
        "next_attempt_at": now,
        "created_at": now,
    }


# Rows are written (`insert_detached`) and claimed with Core statements on the table, and the
# models they are made into never join a session: the unit of work's flush and the ORM's
# loading of RETURNING rows cost more CPU than the statements themselves.
_OUTBOX: Table = OutboxMessage.__table__  # type: ignore[assignment]


def message_of(row: OutboxMessage) -> Message:
    attachments: tuple[Attachment, ...] = ()
    if row.payload:
        attachments = tuple(
            Attachment(a["name"], a["contentType"], a["content"])
            for a in json.loads(row.payload).get("attachments", [])
        )
    assert row.recipient is not None
    return Message(
        channel=row.kind,
        recipient=row.recipient,
        text=row.text,
        subject=row.subject,
        html=row.html,
        attachments=attachments,
    )


class Outbox:
    def __init__(
        self, db: Database, transports: Transports, render_alert: AlertRenderer | None = None
    ) -> None:
        self.db = db
        self.transports = transports
        self.render_alert = render_alert
        # Set after a commit that added rows: the delivery loop starts at once.
        self.wake = asyncio.Event()

    def poke(self) -> None:
        self.wake.set()

    async def _claim(self, now: datetime, ids: Sequence[int] | None) -> list[OutboxMessage]:
        params: dict[str, Any] = {"now": now, "token": uuid.uuid4().hex}
        if self.db.is_sqlite:  # PostgreSQL takes the lease by its own clock (_claim_statement)
            params["lease_until"] = now + LEASE
        if ids is not None:
            params["ids"] = list(ids)
        claim = _claim_statement(ids is not None, self.render_alert is not None, self.db.is_sqlite)
        async with self.db.transaction() as session:
            claimed = await session.execute(claim, params)
            rows = [OutboxMessage(**row._mapping) for row in claimed]
            return sorted(rows, key=lambda row: row.id)

    async def deliver_due(self, ids: Sequence[int] | None = None) -> int:
        """Deliver what is due (only `ids`, if given); returns how many rows were sent.

        Each pass claims up to BATCH rows. A posting alert is written by the pass that
        claimed it and its messages go out with the pass's other messages: all of them in
        one `send_all` (one call to the simulator's gateway), and every row that went out,
        the alerts included, is marked sent in one UPDATE. An alert's messages become rows
        of their own only if the transport refused some of them (those wait for their retry
        as any message does); an alert none of whose messages went out is retried whole."""
        sent = 0
        while True:
            rows = await self._claim(utcnow(), ids)
            if not rows:
                return sent
            messages = [row for row in rows if row.kind != OutboxKind.POSTING_ALERT]
            alerts = []
            for alert in (row for row in rows if row.kind == OutboxKind.POSTING_ALERT):
                written = await self._write_alert(alert)
                if written is not None:
                    alerts.append((alert, written))
            sent += await self._send(messages, alerts)
            if ids is not None or len(rows) < BATCH:
                # Rows committed since this claim poked the outbox: the loop comes back.
                return sent

    async def _write_alert(self, row: OutboxMessage) -> list[Message] | None:
        """The alert's messages (None if they could not be written now: retried later)."""
        assert self.render_alert is not None  # _claim takes alerts only with a renderer
        try:
            return list(await self.render_alert(json.loads(row.payload or "{}")))
        except Exception as exc:  # try again later, never drop the alert
            log.exception("posting alert %s could not be written", row.id)
            await self._retry_later(row, exc)
            return None

    async def _send(
        self,
        rows: list[OutboxMessage],
        alerts: Sequence[tuple[OutboxMessage, list[Message]]] = (),
    ) -> int:
        """Send claimed message rows and the messages of claimed alerts; returns how many
        rows the transports took (an alert counts once, with the messages that went out)."""
        outgoing = [message_of(row) for row in rows]
        for _, written in alerts:
            outgoing += written
        if not outgoing and not alerts:
            return 0
        try:
            outcomes: list[BaseException | None] = list(await self.transports.send_all(outgoing))
        except Exception as exc:  # any failure: try again later, never drop a row
            outcomes = [exc] * len(outgoing)
        taken: list[OutboxMessage] = []
        for row, outcome in zip(rows, outcomes, strict=False):
            if outcome is None:
                taken.append(row)
                continue
            if not isinstance(outcome, DeliveryFailed):
                log.error("outbox row %s could not be delivered", row.id, exc_info=outcome)
            await self._retry_later(row, outcome)
        refused: list[tuple[Message, BaseException]] = []
        went_out = 0
        position = len(rows)
        for alert, written in alerts:
            own = outcomes[position : position + len(written)]
            position += len(written)
            if written and all(outcome is not None for outcome in own):
                await self._retry_later(alert, next(o for o in own if o is not None))
                continue
            taken.append(alert)
            went_out += sum(1 for outcome in own if outcome is None)
            refused += [(m, o) for m, o in zip(written, own, strict=True) if o is not None]
        if taken:
            async with self.db.transaction() as session:
                await self._mark_sent(session, taken)
                if refused:
                    await _add_refused(session, refused)
        return len(taken) + went_out

    async def _mark_sent(self, session: AsyncSession, rows: Sequence[OutboxMessage]) -> None:
        """Mark `rows` sent, each only while its claim is still the one it was sent under."""
        await session.execute(
            _SENT,
            {
                "ids": [row.id for row in rows],
                "tokens": sorted({row.claim_token for row in rows if row.claim_token}),
                "now": utcnow(),
            },
        )

    async def _retry_later(self, row: OutboxMessage, exc: BaseException) -> None:
        delay = BACKOFF_S[min(row.attempts, len(BACKOFF_S) - 1)]
        log.warning(
            "outbox row %s (%s) not delivered, attempt %s, next in %s s: %s",
            row.id,
            row.kind,
            row.attempts + 1,
            delay,
            exc,
        )
        async with self.db.autocommit() as session:
            await session.execute(
                update(OutboxMessage)
                .where(OutboxMessage.id == row.id, OutboxMessage.claim_token == row.claim_token)
                .values(
                    attempts=OutboxMessage.attempts + 1,
                    next_attempt_at=utcnow() + timedelta(seconds=delay),
                    lease_until=None,
                    claim_token=None,
                    last_error=str(exc)[:500],
                )
            )


@functools.cache
def _claim_statement(only_ids: bool, with_alerts: bool, sqlite: bool) -> Update:
    """The claim, built once per shape (each pass ran it; building it and its cache key per
    call was a visible share of the alert pass's SQLAlchemy time, py-spy, session 20):
    up to BATCH due rows, free of any lease, leased to this pass under its token.

    Due-ness is by this process's clock (`now`: a skewed clock only moves a retry); the lease
    is taken and checked by the database's, as Database.lease_now explains: on PostgreSQL
    `now()` in the statement, so a host whose clock runs ahead cannot take rows another
    holds; on SQLite (one machine, one clock) the process's, bound as `lease_until`."""
    now = bindparam("now", type_=_OUTBOX.c.next_attempt_at.type)
    lease_now: Any = now if sqlite else func.now()
    lease_until: Any = bindparam("lease_until") if sqlite else func.now() + LEASE
    free = or_(_OUTBOX.c.lease_until.is_(None), _OUTBOX.c.lease_until < lease_now)
    due = select(_OUTBOX.c.id).where(
        _OUTBOX.c.status == OutboxStatus.PENDING, _OUTBOX.c.next_attempt_at <= now, free
    )
    if only_ids:
        due = due.where(_OUTBOX.c.id.in_(bindparam("ids", expanding=True)))
    if not with_alerts:  # an outbox that cannot write alerts leaves them be
        due = due.where(_OUTBOX.c.kind != OutboxKind.POSTING_ALERT)
    due = due.order_by(_OUTBOX.c.next_attempt_at, _OUTBOX.c.id).limit(BATCH)
    if not sqlite:
        due = due.with_for_update(skip_locked=True)
    # Evaluated once, as a materialized CTE: as a plain IN (subquery), PostgreSQL may rescan
    # the subquery while updating, skip the rows this statement already updated and so
    # claim more than BATCH rows.
    chosen = due.cte("due").prefix_with("MATERIALIZED", dialect="postgresql")
    return (
        update(_OUTBOX)
        .where(
            _OUTBOX.c.id.in_(select(chosen.c.id)),
            _OUTBOX.c.status == OutboxStatus.PENDING,
            free,
        )
        .values(lease_until=lease_until, claim_token=bindparam("token"))
        .returning(*_OUTBOX.columns)
    )


_SENT = (
    update(_OUTBOX)
    .where(
        _OUTBOX.c.id.in_(bindparam("ids", expanding=True)),
        _OUTBOX.c.claim_token.in_(bindparam("tokens", expanding=True)),
    )
    .values(
        status=OutboxStatus.SENT,
        sent_at=bindparam("now"),
        lease_until=None,
        claim_token=None,
        last_error=None,
    )
)


async def _add_refused(
    session: AsyncSession, refused: Sequence[tuple[Message, BaseException]]
) -> None:
    """An alert's messages the transport refused, as rows of their own that wait for their
    retry (the alert itself is done: the others went out)."""
    rows = []
    for message, exc in refused:
        row = row_for(message)
        row.attempts = 1
        row.next_attempt_at = utcnow() + timedelta(seconds=BACKOFF_S[0])
        row.last_error = str(exc)[:500]
        rows.append(row)
    await insert_detached(session, rows)


def encode_attachment(name: str, content_type: str, content: bytes) -> Attachment:
    return Attachment(name, content_type, base64.b64encode(content).decode())
