"""The outbox: nothing lost while a transport is down, each message delivered once by two
processes, and the credit alert of a Kobo-to-Kobo transfer reaching its recipient."""

from __future__ import annotations

import asyncio
import collections
import re
from collections.abc import Sequence

from sqlalchemy import func, select, update

from bff.db import Database, utcnow
from bff.history.presentation import internal_codes
from bff.notifications import outbox as outbox_rows
from bff.notifications.message import Message
from bff.notifications.models import OutboxMessage, OutboxStatus
from bff.notifications.outbox import Outbox
from bff.notifications.templates import sms
from bff.notifications.transports import DeliveryFailed, OneAtATime, Transports
from bff.tests.helpers import (
    ADA,
    ADA_CURRENT,
    ADA_SAVINGS,
    TUNDE,
    TUNDE_ACCOUNT,
    Bff,
    buy,
    confirm,
    initiate,
)


class SwitchableTransport(OneAtATime):
    """Records what it delivers; while `down`, refuses like an unreachable server."""

    def __init__(self, down_after: int | None = None) -> None:
        self.down = False
        self.down_after = down_after  # goes down by itself after this many deliveries
        self.delivered: list[str] = []
        self.refused = 0

    async def send(self, message: Message) -> None:
        await asyncio.sleep(0.002)  # let the two "processes" interleave
        if self.down_after is not None and len(self.delivered) >= self.down_after:
            self.down, self.down_after = True, None
        if self.down:
            self.refused += 1
            raise DeliveryFailed("connection refused")
        self.delivered.append(message.text)


async def backlog(db: Database) -> int:
    async with db.transaction() as session:
        return int(
            await session.scalar(
                select(func.count())
                .select_from(OutboxMessage)
                .where(OutboxMessage.status == OutboxStatus.PENDING)
            )
            or 0
        )


async def test_transport_down_mid_run_delays_and_loses_nothing_two_processes_send_once(bff: Bff):
    url = bff.app.state.settings.database_url
    # Two BFF processes of one deployment: each its own engine (and, on SQLite, write lock).
    first_db, second_db = Database(url), Database(url)
    transport = SwitchableTransport(down_after=15)
    transports = Transports(transport, transport)
    first, second = Outbox(first_db, transports), Outbox(second_db, transports)
    try:
        async with first_db.transaction() as session:
            await outbox_rows.add(session, [sms("08030000000", f"message {n}") for n in range(60)])

        # Both deliver; the transport goes down part-way through the run.
        await asyncio.gather(first.deliver_due(), second.deliver_due())
        assert transport.refused > 0
        delivered_while_up = len(transport.delivered)
        assert 15 <= delivered_while_up < 60
        assert await backlog(first_db) == 60 - delivered_while_up  # waiting, not dropped

        # The transport comes back; the backoff has passed (moved on instead of waited).
        transport.down = False
        async with first_db.transaction() as session:
            await session.execute(update(OutboxMessage).values(next_attempt_at=utcnow()))
        await asyncio.gather(first.deliver_due(), second.deliver_due())

        counts = collections.Counter(transport.delivered)
        assert sorted(counts) == sorted(f"message {n}" for n in range(60))
        assert set(counts.values()) == {1}, [m for m, c in counts.items() if c > 1]
        assert await backlog(first_db) == 0
        async with first_db.transaction() as session:
            retried = await session.scalar(
                select(func.count()).select_from(OutboxMessage).where(OutboxMessage.attempts > 0)
            )
        assert retried == 60 - delivered_while_up
    finally:
        await first_db.dispose()
        await second_db.dispose()


class RecordingGateway:
    """Takes several messages per call, as the simulator's gateway does; refuses those
    whose text says so."""

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    async def send_all(self, messages: Sequence[Message]) -> list[BaseException | None]:
        self.calls.append([m.text for m in messages])
        return [DeliveryFailed("refused") if "refuse" in m.text else None for m in messages]


async def test_a_pass_sends_its_messages_in_one_call_and_retries_only_the_refused_one(bff: Bff):
    gateway = RecordingGateway()
    outbox = Outbox(bff.db, Transports(gateway, gateway))
    async with bff.db.transaction() as session:
        await outbox_rows.add(session, [sms("08030000000", f"message {n}") for n in range(54)])
        await outbox_rows.add(session, [sms("08030000000", "refuse me")])
    assert await outbox.deliver_due() == 54
    assert [len(call) for call in gateway.calls] == [50, 5]  # one call per pass of 50 rows
    assert await backlog(bff.db) == 1  # the refused one waits for its retry
    async with bff.db.transaction() as session:
        waiting = await session.scalar(
            select(OutboxMessage).where(OutboxMessage.status == OutboxStatus.PENDING)
        )
    assert waiting is not None and waiting.text == "refuse me" and waiting.attempts == 1
    assert waiting.claim_token is None and waiting.next_attempt_at > utcnow()


async def test_an_alert_goes_out_without_rows_of_its_own_and_a_refused_message_waits(bff: Bff):
    """An alert's messages are sent by the pass that writes them, and the alert row is marked
    sent with the pass's others: no message rows on the way. A message the transport refuses
    becomes a row that waits for its retry; an alert of which nothing went out is retried
    whole, and is not lost."""
    gateway = RecordingGateway()
    rendered: list[dict[str, object]] = []

    async def render(payload: dict[str, object]) -> list[Message]:
        rendered.append(payload)
        return [sms("08030000000", f"alert {payload['id']}"), sms("08030000001", "refuse me")]

    outbox = Outbox(bff.db, Transports(gateway, gateway), render)
    async with bff.db.transaction() as session:
        await outbox_rows.add_posting_alert(session, "transfer", "first")
        await outbox_rows.add(session, [sms("08030000000", "plain")])
    assert await outbox.deliver_due() == 3  # the alert, its first message, the plain one
    assert gateway.calls == [["plain", "alert first", "refuse me"]]
    async with bff.db.transaction() as session:
        rows = (await session.scalars(select(OutboxMessage).order_by(OutboxMessage.id))).all()
    assert [(r.kind, r.text, r.status) for r in rows] == [
        ("POSTING_ALERT", "", OutboxStatus.SENT),
        ("SMS", "plain", OutboxStatus.SENT),
        ("SMS", "refuse me", OutboxStatus.PENDING),
    ]
    assert rows[2].attempts == 1 and rows[2].next_attempt_at > utcnow()

    # Nothing of this one goes out: the alert row itself waits, and is written again later.
    gateway.calls.clear()

    async def refuse_all(payload: dict[str, object]) -> list[Message]:
        return [sms("08030000000", "refuse this too")]

    outbox.render_alert = refuse_all
    async with bff.db.transaction() as session:
        await outbox_rows.add_posting_alert(session, "transfer", "second")
    assert await outbox.deliver_due() == 0
    async with bff.db.transaction() as session:
        waiting = await session.scalar(
            select(OutboxMessage).where(
                OutboxMessage.kind == "POSTING_ALERT", OutboxMessage.status == OutboxStatus.PENDING
            )
        )
    assert waiting is not None and waiting.attempts == 1 and waiting.claim_token is None


async def inbox(bff: Bff, recipient: str) -> list[dict]:  # type: ignore[type-arg]
    return (await bff.sim.get("/sim/messages", params={"recipient": recipient})).json()


async def test_kobo_to_kobo_transfer_alerts_the_sender_and_the_recipient(bff: Bff):
    token = await bff.sign_in()
    started = await initiate(
        bff,
        token,
        "intrabank",
        destinationAccountNumber=TUNDE_ACCOUNT,
        amount=2345.5,
        description="Rent for June",
    )
    assert started.status_code == 201, started.text
    transfer_id = started.json()["id"]
    done = await confirm(bff, token, transfer_id)
    assert done.json()["status"] == "COMPLETED", done.text

    # The completion recorded exactly one alert row, in its own transaction.
    async with bff.db.transaction() as session:
        alerts = await session.scalar(
            select(func.count())
            .select_from(OutboxMessage)
            .where(
                OutboxMessage.kind == "POSTING_ALERT", OutboxMessage.payload.contains(transfer_id)
            )
        )
    assert alerts == 1
    await bff.app.state.jobs.run_once()  # the worker renders it and sends the messages

    tunde = (await bff.sim.get(f"/core/accounts/{TUNDE_ACCOUNT}")).json()
    ada = (await bff.sim.get(f"/core/accounts/{ADA_SAVINGS}")).json()

    def about_it(messages: list[dict], what: str) -> list[dict]:  # type: ignore[type-arg]
        return [
            m for m in messages if what in (m["subject"] or m["body"]) and transfer_id in m["body"]
        ]

    credit = about_it(await inbox(bff, TUNDE), "Credit Alert")
    assert len(credit) == 1, credit
    body = credit[0]["body"]
    assert "₦2,345.50" in body
    assert "From: Ada Okafor" in body
    assert "Narration: Rent for June" in body
    assert f"Reference: {transfer_id}" in body
    balance = tunde["availableBalanceKobo"]
    assert f"Available balance: ₦{balance // 100:,}.{balance % 100:02d}" in body
    assert re.search(r"Date: \d\d-\d\d-\d{4} \d\d:\d\d WAT", body)

    credit_sms = about_it(await inbox(bff, "08031234502"), "Credit Alert")
    assert len(credit_sms) == 1 and "Amount: ₦2,345.50" in credit_sms[0]["body"]
    debit = about_it(await inbox(bff, ADA), "Debit Alert")
    assert len(debit) == 1
    # Named with their bank, as history names them.
    assert "To: Tunde Bakare, Kobo Microfinance Bank\n" in debit[0]["body"]
    ada_balance = ada["availableBalanceKobo"]
    assert f"Available balance: ₦{ada_balance // 100:,}.{ada_balance % 100:02d}" in debit[0]["body"]
    texts = [body, debit[0]["body"], credit_sms[0]["body"]]
    assert internal_codes(texts) == []
    assert not any("GL-" in text or "TRF-" in text for text in texts)

    # Delivered once: another pass sends nothing again.
    await bff.app.state.jobs.run_once()
    assert len(about_it(await inbox(bff, TUNDE), "Credit Alert")) == 1


async def test_a_bill_payment_sends_a_debit_alert_naming_the_biller(bff: Bff):
    token = await bff.sign_in()
    done = await buy(
        bff,
        token,
        "airtime",
        utilityProductType="AIRTIME",
        phoneNumber="08099990001",
        amount=750,
        airtimeProviderCode="MTN",
    )
    assert done.status_code == 200, done.text
    vend_id = done.json()["bill"]["reference"]
    await bff.app.state.jobs.run_once()
    alerts = [
        m
        for m in await inbox(bff, ADA)
        if "Debit Alert" in (m["subject"] or "") and vend_id in m["body"]
    ]
    assert len(alerts) == 1, alerts
    body = alerts[0]["body"]
    assert "Amount: ₦750.00" in body and "To: MTN" in body
    assert "Narration: MTN airtime, 08099990001" in body
    # What was left to spend right after it: the account's available balance now.
    current = (await bff.sim.get(f"/core/accounts/{ADA_CURRENT}")).json()["availableBalanceKobo"]
    assert f"Available balance: ₦{current // 100:,}.{current % 100:02d}" in body
    assert internal_codes([body]) == [] and "GL-" not in body and "HOLD-" not in body
