"""Leases are taken and checked by the database's clock (Database.lease_now), so a process
whose clock runs ahead cannot take a lease another process holds: a payment's follow-up, a
scheduled payment's run, an outbox row's delivery.

Two BFFs on one database; the second one's clock (the `utcnow` the lease code reads) is
pinned ten minutes ahead of the database's. Before, it read every lease as expired and
took it: the payment followed up twice at once, the schedule run twice, the message sent
twice. PostgreSQL only (directly, and through PgBouncer in transaction pooling mode):
SQLite is one file on one machine, whose processes share a clock.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import func, select

from bff.notifications.message import Message
from bff.notifications.models import OutboxMessage
from bff.notifications.outbox import add
from bff.tests.helpers import ADA_SAVINGS, TUNDE_ACCOUNT, Bff, approve, auth, schedule

pytestmark = pytest.mark.postgres

SKEW = timedelta(minutes=10)


async def database_now(bff: Bff) -> datetime:
    async with bff.db.autocommit() as session:
        now = await session.scalar(select(func.now()))
    assert now is not None
    return now


@pytest.fixture(params=["direct", "pgbouncer"])
def connect(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Callable[[str], str]:
    """How the BFFs reach the database: directly, or through PgBouncer in transaction
    pooling mode, where each statement may run on another server connection."""
    if request.param == "direct":
        return lambda url: url
    pooler = request.getfixturevalue("pgbouncer_server")
    monkeypatch.setenv("KOBO_DB_PGBOUNCER", "1")
    return pooler.through  # type: ignore[no-any-return]


@pytest.fixture
async def two_processes(
    bff_factory: Any, databases: Any, bff_template: str, connect: Callable[[str], str]
) -> tuple[Bff, Bff]:
    url = connect(databases.new("bff", bff_template))
    return await bff_factory(database_url=url), await bff_factory(database_url=url)


def run_ahead(monkeypatch: pytest.MonkeyPatch, module: str, at: datetime) -> None:
    """The process clock `module` reads, pinned at `at`."""
    clock: Callable[[], datetime] = lambda: at  # noqa: E731
    monkeypatch.setattr(f"{module}.utcnow", clock)


async def test_a_payments_lease_cannot_be_taken_by_a_clock_ahead(
    two_processes: tuple[Bff, Bff], monkeypatch: pytest.MonkeyPatch
) -> None:
    holder, skewed = two_processes
    token = await holder.sign_in()
    started = await holder.client.post(
        "/api/transfer/intrabank",
        headers=auth(token),
        json={
            "sourceAccountNumber": ADA_SAVINGS,
            "destinationAccountNumber": TUNDE_ACCOUNT,
            "amount": 10,
            "description": "lease",
        },
    )
    assert started.status_code == 201, started.text
    transfer_id = started.json()["id"]
    # The holder starts it (AWAITING_OTP → PROCESSING, leased for a minute) and is still at it.
    assert await holder.app.state.jobs.transfers.life.start(transfer_id)

    run_ahead(monkeypatch, "bff.payments.lifecycle", await database_now(holder) + SKEW)
    life = skewed.app.state.jobs.transfers.life
    assert transfer_id not in await life.due()  # its follow-up time has come, its lease not
    assert not await life.claim(transfer_id)


async def test_a_schedules_lease_cannot_be_taken_by_a_clock_ahead(
    two_processes: tuple[Bff, Bff], monkeypatch: pytest.MonkeyPatch
) -> None:
    holder, skewed = two_processes
    token = await holder.sign_in()
    created = await schedule(holder, token)
    assert created.status_code == 201, created.text
    item = created.json()[0]
    assert (await approve(holder, token, item["referenceNumber"])).status_code == 200
    # The holder claims today's run (a two-minute lease) and has not finished it.
    assert await holder.app.state.jobs.schedules.due() == [item["uuid"]]

    run_ahead(monkeypatch, "bff.schedules.service", await database_now(holder) + SKEW)
    assert await skewed.app.state.jobs.schedules.due() == []


async def test_an_outbox_rows_lease_cannot_be_taken_by_a_clock_ahead(
    two_processes: tuple[Bff, Bff], monkeypatch: pytest.MonkeyPatch
) -> None:
    holder, skewed = two_processes
    async with holder.db.transaction() as session:
        [row] = await add(session, [Message("EMAIL", "lease@example.com", "hi", subject="Hi")])
    # The holder claims it (a minute's lease) and is sending it.
    [claimed] = await holder.app.state.outbox._claim(await database_now(holder), [row.id])
    assert claimed.claim_token

    run_ahead(monkeypatch, "bff.notifications.outbox", await database_now(holder) + SKEW)
    assert await skewed.app.state.outbox.deliver_due([row.id]) == 0
    async with holder.db.autocommit() as session:
        still = await session.get(OutboxMessage, row.id)
    assert still is not None and still.claim_token == claimed.claim_token
