"""The customer's data rights (issue 59; docs/contract.md §14.6): the archive walks the schema
and holds every row of the customer's and nothing of anyone else's; its link works once and
for its hours only; the sealed file goes after the keep days; consents are off by default and
logged; correction and erasure are tracked requests; erasure leaves the ledger whole and the
customer unable to sign in. Every time the rules read is pinned (`PrivacyService.clock`)."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import Column, ForeignKey, Integer, MetaData, String, Table, select

from bff.auth.models import Device, UserSession
from bff.db import Base
from bff.passkeys.models import Passkey
from bff.privacy import archive
from bff.privacy.backoffice import MONEY_LEFT, PrivacyBackOffice
from bff.privacy.breach import BreachDrill, customer_message, report
from bff.privacy.marketing import EMAIL_STOP, SMS_LIMIT, SUBJECT_REQUIRED, TEXT_REQUIRED
from bff.privacy.models import ConsentEvent, DataExport, ExportStatus
from bff.privacy.retention import retention_ends
from bff.privacy.service import (
    ALERTS_NOTE,
    ALREADY_PREPARING,
    LINK_EXPIRED,
    LINK_NOT_FOUND,
    LINK_USED,
    PrivacyService,
)
from bff.storage.envelope import MAGIC
from bff.tests.helpers import (
    ADA,
    ADA_PHONE,
    ADA_SAVINGS,
    ADA_TARGET,
    TUNDE,
    Bff,
    admin_token,
    auth,
    balance,
    ledger_is_balanced,
    register,
    send,
    ticket_with_card_photo,
    tunde_token,
)
from bff.tests.soft_authenticator import SoftAuthenticator
from bff.tickets.models import Ticket, TicketAttachment
from bff.transfers.models import Transfer
from bff.users.models import User

R = "/api/privacy"
OFFERS = "/admin/api/privacy/offers"
NOW = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)
LINK = re.compile(r"export=(\d+)&token=([A-Za-z0-9_-]+)")


def privacy_of(bff: Bff) -> PrivacyService:
    service = bff.app.state.jobs.privacy
    assert isinstance(service, PrivacyService)
    return service


def pin(bff: Bff, at: datetime) -> None:
    privacy_of(bff).clock = lambda: at


async def ask_for_export(bff: Bff, token: str) -> dict[str, Any]:
    sent = await bff.client.post(f"{R}/exports", headers=auth(token), json={})
    assert sent.status_code == 202, sent.text
    code = await bff.latest_code(ADA)
    done = await bff.client.post(f"{R}/exports", headers=auth(token), json={"otp": code})
    assert done.status_code == 201, done.text
    return dict(done.json())


async def ready_link(bff: Bff) -> tuple[int, str]:
    inbox = (await bff.sim.get("/sim/messages", params={"recipient": ADA})).json()
    mail = next(m for m in inbox if "Your data is ready" in m["body"])
    found = LINK.search(mail["body"])
    assert found, mail["body"]
    return int(found.group(1)), found.group(2)


async def user_row(bff: Bff, email: str) -> User:
    async with bff.db.transaction() as session:
        user = await session.scalar(select(User).where(User.email == email))
    assert user is not None
    return user


# -- the schema walk -----------------------------------------------------------------------
def test_every_table_leads_to_a_customer_or_is_said_to_hold_no_ones_data():
    assert archive.unclaimed_tables(Base.metadata) == []


def test_a_new_table_with_a_customer_column_is_caught():
    metadata = MetaData()
    for table in Base.metadata.sorted_tables:
        table.to_metadata(metadata)
    Table(
        "loyalty_points",
        metadata,
        Column("id", Integer, primary_key=True),
        Column("user_id", ForeignKey("users.id")),
    )
    Table(
        "loyalty_redemptions",
        metadata,
        Column("id", Integer, primary_key=True),
        Column("points_id", ForeignKey("loyalty_points.id")),
    )
    Table(
        "marketing_list",
        metadata,
        Column("id", Integer, primary_key=True),
        Column("customer_id", String(20)),
    )
    paths = archive.ownership(metadata)
    # Foreign keys bring a new table into the archive without anyone listing it ...
    assert [h.parent for h in paths["loyalty_points"]] == ["users"]
    assert [h.parent for h in paths["loyalty_redemptions"]] == ["loyalty_points", "users"]
    # ... and a table that names a customer some other way fails the first test until someone
    # says how it leads to a customer, or why it holds no one's data.
    assert archive.unclaimed_tables(metadata) == ["marketing_list"]


async def owners_of_every_row(bff: Bff) -> dict[tuple[str, str], int | None]:
    """Independently of the archive's SQL: each row's owner, found in Python from every row of
    every table (the rule of bff/privacy/archive.py's docstring)."""
    users: dict[str, Mapping[str, Any]] = {}
    owner: dict[tuple[str, str], int | None] = {}
    by_key: dict[tuple[str, str, Any], int | None] = {}  # (table, column, value) -> owner
    async with bff.db.transaction() as session:
        everything = {
            t.name: (await session.execute(select(t))).mappings().all()
            for t in Base.metadata.sorted_tables
        }
    for row in everything["users"]:
        users[str(row["id"])] = row
    for table in Base.metadata.sorted_tables:
        keys = [k for c in table.columns for k in c.foreign_keys]
        direct = [k for k in keys if k.column.table.name == "users" and k.parent.name == "user_id"]
        through = [k for k in keys if k.column.table.name not in ("users",)]
        other = [k for k in keys if k.column.table.name == "users"]
        for row in everything[table.name]:
            pk = archive._row_name(table, row)
            who: int | None = None
            if table.name == "users":
                who = row["id"]
            elif direct:
                who = row[direct[0].parent.name]
            elif through:
                k = through[0]
                who = by_key.get((k.column.table.name, k.column.name, row[k.parent.name]))
            elif other:
                who = row[other[0].parent.name]
            elif table.name in archive.LINKS:
                column, names = archive.LINKS[table.name]
                matches = [
                    int(u["id"]) for u in users.values() if row[column] in [u[n] for n in names]
                ]
                who = matches[0] if matches else None
            owner[(table.name, pk)] = who
            for column in table.columns:
                by_key[(table.name, column.name, row[column.name])] = who
    return owner


async def a_mornings_use(bff: Bff) -> str:
    """Rows in as many tables as a morning's use makes, for Ada and Tunde (tickets with a
    photo and an agent's reply, a marketing choice, a correction request, a payment, a failed
    sign-in); answers Ada's token."""
    ada_token = await bff.sign_in()
    tunde = await tunde_token(bff)
    admin = await admin_token(bff)
    for token in (ada_token, tunde):
        created = await bff.client.post(
            "/api/tickets", headers=auth(token), json=ticket_with_card_photo()
        )
        assert created.status_code == 201, created.text
        ticket_id = created.json()["ticket"]["id"]
        reply = await bff.client.post(
            f"/admin/api/tickets/{ticket_id}/messages",
            headers=auth(admin),
            json={"text": "We have it.", "attachments": []},
        )
        assert reply.status_code in (200, 201), reply.text
        consent = await bff.client.post(
            f"{R}/consents", headers=auth(token), json={"channel": "SMS", "given": True}
        )
        assert consent.status_code == 200, consent.text
        asked = await bff.client.post(
            f"{R}/requests",
            headers=auth(token),
            json={"kind": "CORRECTION", "details": "My middle name is missing."},
        )
        assert asked.status_code == 201, asked.text
    paid = await send(
        bff, ada_token, "own-account", "intrabank", destinationAccountNumber=ADA_TARGET, amount=10
    )
    assert paid.status_code == 200, paid.text
    await bff.login(ADA, "a wrong password")  # a failed sign-in that names Ada
    return ada_token


async def test_the_archive_holds_every_row_of_the_customers_and_nothing_of_anyone_elses(bff):
    ada_token = await a_mornings_use(bff)
    ada, tunde_user = await user_row(bff, ADA), await user_row(bff, TUNDE)
    content = await privacy_of(bff).archive_of(ada, NOW)
    files = dict(archive.unpack(content))
    data = json.loads(files["data.json"])
    assert files["summary.pdf"].startswith(b"%PDF")
    assert set(json.loads(files["schema.json"])["tables"]) >= set(data["tables"])

    owners = await owners_of_every_row(bff)
    expected = {key for key, who in owners.items() if who == ada.id}
    held = set()
    for name, rows in data["tables"].items():
        table = Base.metadata.tables[name]
        for row in rows:
            held.add((name, archive._row_name(table, row)))
    assert held == expected
    # Ada's own rows reach into the tables a morning's use touches, and no further.
    assert {name for name, _ in held} >= {
        "users",
        "user_sessions",
        "devices",
        "otp_challenges",
        "audit_events",
        "tickets",
        "ticket_messages",
        "ticket_attachments",
        "consent_events",
        "data_requests",
        "transfers",
        "notification_outbox",
        "login_failures",
    }
    text = files["data.json"].decode()
    assert tunde_user.email not in text and (tunde_user.phone_number or "~") not in text
    for withheld in archive.WITHHELD:
        assert all(withheld not in row for rows in data["tables"].values() for row in rows)
    assert "sealed1:" not in text
    # The photo she attached, decrypted for her: the very bytes the ticket serves.
    attachment = data["tables"]["ticket_attachments"][0]
    served = await bff.client.get(
        f"/api/tickets/attachments/{attachment['id']}/download", headers=auth(ada_token)
    )
    photo = files[attachment["storage_key"]]
    assert photo.startswith(b"\xff\xd8\xff")
    assert base64.b64decode(served.json()["content"].split(",", 1)[1]) == photo
    # What the core keeps of her: her accounts and their lines.
    assert {a["accountNumber"] for a in data["core"]["accounts"]} >= {ADA_SAVINGS, ADA_TARGET}
    assert data["core"]["lines"][ADA_SAVINGS]


# -- asking, building, the link ------------------------------------------------------------
async def test_the_link_works_once_for_its_hours_and_the_file_is_sealed_then_deleted(bff):
    token = await bff.sign_in()
    pin(bff, NOW)
    asked = await ask_for_export(bff, token)
    assert asked["export"]["status"] == "PREPARING"
    assert asked["message"].startswith("We are preparing a copy of your data.")
    second = await bff.client.post(f"{R}/exports", headers=auth(token), json={})
    assert second.status_code == 409 and second.json()["detail"] == ALREADY_PREPARING

    assert await bff.app.state.jobs.prepare_data_exports() == 1
    export_id, secret = await ready_link(bff)
    listed = (await bff.client.get(f"{R}/exports", headers=auth(token))).json()
    assert listed[0]["status"] == "READY" and listed[0]["statusLabel"] == "Ready to download"
    assert listed[0]["linkExpiresAt"] == (NOW + timedelta(hours=24)).isoformat()
    assert listed[0]["deleteAfter"] == (NOW + timedelta(days=7)).isoformat()

    # At rest the archive is sealed like any document: not a zip, the envelope's header.
    async with bff.db.transaction() as session:
        row = await session.get(DataExport, export_id)
    assert row is not None and row.storage_key and row.token_hash != secret
    raw = await privacy_of(bff).store.objects.read(row.storage_key)
    assert raw.startswith(MAGIC) and b"data.json" not in raw

    # Another customer holding the link gets nothing; a wrong secret neither.
    tunde = await tunde_token(bff)
    url = f"{R}/exports/{export_id}/download"
    stolen = await bff.client.post(url, headers=auth(tunde), json={"token": secret})
    assert stolen.status_code == 404 and stolen.json()["detail"] == LINK_NOT_FOUND
    wrong = await bff.client.post(url, headers=auth(token), json={"token": "x" + secret[1:]})
    assert wrong.status_code == 404

    pin(bff, NOW + timedelta(hours=23))
    got = await bff.client.post(url, headers=auth(token), json={"token": secret})
    assert got.status_code == 200, got.text
    assert got.headers["content-type"] == "application/zip"
    assert "data.json" in dict(archive.unpack(got.content))
    again = await bff.client.post(url, headers=auth(token), json={"token": secret})
    assert again.status_code == 409 and again.json()["detail"] == LINK_USED

    # A second copy whose link is not used within its hours.
    pin(bff, NOW)
    await ask_for_export(bff, token)
    await bff.app.state.jobs.prepare_data_exports()
    late_id, late_secret = await ready_link(bff)
    assert late_id != export_id
    pin(bff, NOW + timedelta(hours=24, seconds=1))
    late = await bff.client.post(
        f"{R}/exports/{late_id}/download", headers=auth(token), json={"token": late_secret}
    )
    assert late.status_code == 409 and late.json()["detail"] == LINK_EXPIRED

    # After the keep days both files are gone from the store; the rows say when.
    assert await privacy_of(bff).delete_expired(NOW + timedelta(days=6)) == 0
    assert await privacy_of(bff).delete_expired(NOW + timedelta(days=7)) == 2
    with pytest.raises(FileNotFoundError):
        await privacy_of(bff).store.objects.read(row.storage_key)
    listed = (await bff.client.get(f"{R}/exports", headers=auth(token))).json()
    assert {e["status"] for e in listed} == {"DELETED"}


async def test_a_passkey_approves_the_request_instead_of_a_code(bff):
    token = await bff.sign_in()
    authenticator = SoftAuthenticator()
    assert (await register(bff, token, authenticator))["status"] == 201
    sent = await bff.client.post(f"{R}/exports", headers=auth(token), json={})
    assert sent.status_code == 202 and sent.json()["passkeyApproval"] is True
    options = await bff.client.post(f"{R}/exports/passkey-options", headers=auth(token))
    assert options.status_code == 200, options.text
    assertion = authenticator.get(options.json()["options"])
    both = await bff.client.post(
        f"{R}/exports", headers=auth(token), json={"passkey": assertion, "otp": "123456"}
    )
    assert both.status_code == 400
    done = await bff.client.post(f"{R}/exports", headers=auth(token), json={"passkey": assertion})
    assert done.status_code == 201, done.text
    wrong = await bff.client.post(f"{R}/exports", headers=auth(token), json={"otp": "000000"})
    assert wrong.status_code == 409  # one copy at a time, whatever the proof


async def test_a_copy_that_cannot_be_built_is_tried_again_for_a_day_then_failed(bff, monkeypatch):
    token = await bff.sign_in()
    pin(bff, NOW)
    await ask_for_export(bff, token)
    privacy = privacy_of(bff)

    async def broken(user: User, now: datetime) -> bytes:
        raise RuntimeError("the core is away")

    monkeypatch.setattr(privacy, "archive_of", broken)
    async with bff.db.transaction() as session:
        row = await session.scalar(select(DataExport))
        assert row is not None
        row.requested_at = NOW
    assert await privacy.prepare_due(NOW + timedelta(hours=1)) == 0
    listed = (await bff.client.get(f"{R}/exports", headers=auth(token))).json()
    assert listed[0]["status"] == "PREPARING"
    # Under its lease nobody tries; after it, the next pass does, and after a day gives up.
    assert await privacy.prepare_due(NOW + timedelta(hours=1, minutes=5)) == 0
    assert await privacy.prepare_due(NOW + timedelta(days=1, minutes=1)) == 0
    listed = (await bff.client.get(f"{R}/exports", headers=auth(token))).json()
    assert (listed[0]["status"], listed[0]["statusLabel"]) == ("FAILED", "Could not be prepared")
    again = await bff.client.post(f"{R}/exports", headers=auth(token), json={})
    assert again.status_code == 202


# -- the record and consents ---------------------------------------------------------------
async def test_the_record_of_processing_names_every_recipient_and_the_retention(bff):
    token = await bff.sign_in()
    record = (await bff.client.get(f"{R}/record", headers=auth(token))).json()
    assert "5 years after our relationship ends" in record["retention"]
    recipients = " ".join(r for p in record["processing"] for r in p["recipients"])
    for who in ("core-banking", "interbank switch", "biller", "SMS gateway", "e-mail provider"):
        assert who in recipients
    assert all(p["legalBasis"] and p["keptFor"] for p in record["processing"])


async def test_marketing_is_off_until_given_and_every_change_is_logged(bff):
    token = await bff.sign_in()
    pin(bff, NOW)
    state = (await bff.client.get(f"{R}/consents", headers=auth(token))).json()
    assert state == {
        "marketingSms": False,
        "marketingEmail": False,
        "alertsNote": ALERTS_NOTE,
        "log": [],
    }
    on = {"channel": "EMAIL", "given": True}
    await bff.client.post(f"{R}/consents", headers=auth(token), json=on)
    await bff.client.post(f"{R}/consents", headers=auth(token), json=on)  # changes nothing
    off = await bff.client.post(
        f"{R}/consents", headers=auth(token), json={"channel": "EMAIL", "given": False}
    )
    assert off.json()["marketingEmail"] is False
    assert [(e["channelLabel"], e["given"]) for e in off.json()["log"]] == [
        ("E-mail", False),
        ("E-mail", True),
    ]
    assert off.json()["log"][0]["at"] == NOW.isoformat()
    bad = await bff.client.post(
        f"{R}/consents", headers=auth(token), json={"channel": "PIGEON", "given": True}
    )
    assert bad.status_code == 400


async def test_an_offer_reaches_only_those_whose_consent_is_in_force(bff):
    ada, tunde, admin = await bff.sign_in(), await tunde_token(bff), await admin_token(bff)
    email = {"channel": "EMAIL", "given": True}
    for token, changes in ((ada, [email]), (tunde, [email, {**email, "given": False}])):
        for change in changes:
            changed = await bff.client.post(f"{R}/consents", headers=auth(token), json=change)
            assert changed.status_code == 200, changed.text
    offer = {"channel": "EMAIL", "subject": "Save more in December", "text": "Earn 12% a year."}
    sent = await bff.client.post(OFFERS, headers=auth(admin), json=offer)
    assert sent.status_code == 202, sent.text
    assert sent.json() == {"recipients": 1}
    assert await bff.app.state.jobs.deliver_messages() >= 1
    inbox = {
        who: (await bff.sim.get("/sim/messages", params={"recipient": who})).json()
        for who in (ADA, TUNDE)
    }
    offers = [m for m in inbox[ADA] if "Earn 12% a year." in m["body"]]
    assert len(offers) == 1 and EMAIL_STOP in offers[0]["body"]
    assert not [m for m in inbox[TUNDE] if "Earn 12% a year." in m["body"]]
    # Nobody said yes to text messages: an SMS offer reaches no one.
    by_sms = await bff.client.post(
        OFFERS, headers=auth(admin), json={"channel": "SMS", "text": "Hi"}
    )
    assert by_sms.json() == {"recipients": 0}
    # Staff only; and a bad offer is refused with each field's problem, nothing queued.
    assert (await bff.client.post(OFFERS, headers=auth(ada), json=offer)).status_code == 403
    bad = await bff.client.post(OFFERS, headers=auth(admin), json={"channel": "EMAIL"})
    assert bad.status_code == 400
    assert {(e["field"], e["message"]) for e in bad.json()["errors"]} == {
        ("subject", SUBJECT_REQUIRED),
        ("text", TEXT_REQUIRED),
    }
    long_sms = await bff.client.post(
        OFFERS, headers=auth(admin), json={"channel": "SMS", "text": "x" * (SMS_LIMIT + 1)}
    )
    assert long_sms.status_code == 400
    assert await bff.app.state.jobs.deliver_messages() == 0


# -- correction and erasure ----------------------------------------------------------------
class NoMoneyLeft:
    """The core's answer once the customer's money was paid out (the test's seeded customer
    still has some)."""

    async def customer_accounts(self, customer_id: str) -> list[Any]:
        return []


async def test_a_correction_is_a_tracked_request_the_back_office_answers(bff):
    token = await bff.sign_in()
    admin = await admin_token(bff)
    empty = await bff.client.post(f"{R}/requests", headers=auth(token), json={"kind": "CORRECTION"})
    assert empty.status_code == 400
    opened = await bff.client.post(
        f"{R}/requests",
        headers=auth(token),
        json={"kind": "CORRECTION", "details": "My phone number ends in 02, not 01."},
    )
    assert opened.status_code == 201, opened.text
    request = opened.json()["request"]
    number = request["trackingNumber"]
    assert re.fullmatch(r"KOBO-DRQ-\d{6}-[A-HJ-KMNP-Z2-9]{6}", number)
    assert request["statusLabel"] == "Received" and request["answerBy"].endswith("WAT")
    again = await bff.client.post(
        f"{R}/requests", headers=auth(token), json={"kind": "CORRECTION", "details": "x"}
    )
    assert again.status_code == 409 and number in again.json()["detail"]
    sms = (await bff.sim.get("/sim/messages", params={"recipient": ADA_PHONE})).json()
    assert any(number in m["body"] for m in sms)

    queue = (await bff.client.get("/admin/api/privacy/requests/", headers=auth(admin))).json()
    assert [r["trackingNumber"] for r in queue] == [number]
    customer_refused = await bff.client.get("/admin/api/privacy/requests/", headers=auth(token))
    assert customer_refused.status_code == 403
    no_answer = await bff.client.post(
        f"/admin/api/privacy/requests/{number}/correct", headers=auth(admin), json={}
    )
    assert no_answer.status_code == 400
    done = await bff.client.post(
        f"/admin/api/privacy/requests/{number}/correct",
        headers=auth(admin),
        json={"answer": "We corrected your phone number."},
    )
    assert done.status_code == 200 and done.json()["status"] == "DONE"
    mine = (await bff.client.get(f"{R}/requests", headers=auth(token))).json()
    assert mine[0]["answer"] == "We corrected your phone number."
    ticket = (
        await bff.client.get(f"/api/tickets/{mine[0]['ticketId']}", headers=auth(token))
    ).json()
    assert ticket["messages"][-1]["text"] == "We corrected your phone number."
    closed = await bff.client.post(
        f"/admin/api/privacy/requests/{number}/erase", headers=auth(admin)
    )
    assert closed.status_code == 409


async def test_erasure_closes_the_profile_and_keeps_the_ledger_whole(bff):
    token = await bff.sign_in()
    admin = await admin_token(bff)
    authenticator = SoftAuthenticator()
    assert (await register(bff, token, authenticator))["status"] == 201
    await bff.client.post(
        f"{R}/consents", headers=auth(token), json={"channel": "SMS", "given": True}
    )
    paid = await send(
        bff, token, "own-account", "intrabank", destinationAccountNumber=ADA_TARGET, amount=10
    )
    assert paid.status_code == 200, paid.text
    opened = await bff.client.post(f"{R}/requests", headers=auth(token), json={"kind": "ERASURE"})
    assert opened.status_code == 201, opened.text
    number = opened.json()["request"]["trackingNumber"]
    ada = await user_row(bff, ADA)
    async with bff.db.transaction() as session:
        transfers_before = (
            await session.scalars(select(Transfer.id).where(Transfer.user_id == ada.id))
        ).all()
    balances_before = [await balance(bff, n) for n in (ADA_SAVINGS, ADA_TARGET)]

    # Money still in her accounts (the real core says so): refused, nothing changes.
    refused = await bff.client.post(
        f"/admin/api/privacy/requests/{number}/erase", headers=auth(admin)
    )
    assert refused.status_code == 409 and refused.json()["detail"] == MONEY_LEFT
    assert (await bff.client.get(f"{R}/consents", headers=auth(token))).status_code == 200

    # Once paid out (the core's answer stood in for), the erasure goes through.
    staff = await user_row(bff, "admin@example.com")
    office = PrivacyBackOffice(privacy_of(bff), NoMoneyLeft())  # type: ignore[arg-type]
    done = await office.erase(staff, number, NOW)
    assert done.status == "DONE" and "5 years after our relationship ends" in (done.answer or "")

    # She cannot sign in, and her session is gone.
    assert (await bff.login(ADA)).status_code == 401
    assert (await bff.client.get(f"{R}/consents", headers=auth(token))).status_code == 401
    async with bff.db.transaction() as session:
        for model in (UserSession, Device, Passkey, ConsentEvent):
            left = (await session.scalars(select(model).where(model.user_id == ada.id))).all()
            assert left == [], model.__tablename__
        closed = await session.get(User, ada.id)
        transfers_after = (
            await session.scalars(select(Transfer.id).where(Transfer.user_id == ada.id))
        ).all()
    assert closed is not None and closed.closed_at == NOW and not closed.has_passkey
    # The financial record stays whole: her payments, the ledger, her balances.
    assert transfers_after == transfers_before
    assert await ledger_is_balanced(bff)
    assert [await balance(bff, n) for n in (ADA_SAVINGS, ADA_TARGET)] == balances_before
    # And she was told what was kept, and for how long.
    inbox = (await bff.sim.get("/sim/messages", params={"recipient": ADA})).json()
    told = next(m for m in inbox if number in m["body"] and "closed your profile" in m["body"])
    assert "5 years" in told["body"]
    # The customer-facing words carry no internal names.
    assert not re.search(r"\b[A-Z]{3,}_[A-Z_]+\b|_id\b|user_sessions", told["body"])
    # A closed profile's passkey cannot sign in either (it is gone).
    assert ExportStatus.DELETED == "DELETED"


async def test_what_the_law_kept_is_deleted_when_its_retention_ends(bff):
    await a_mornings_use(bff)
    ada = await user_row(bff, ADA)
    opened = await bff.client.post(
        f"{R}/requests", headers=auth(await bff.sign_in()), json={"kind": "ERASURE"}
    )
    assert opened.status_code == 201, opened.text
    staff = await user_row(bff, "admin@example.com")
    office = PrivacyBackOffice(privacy_of(bff), NoMoneyLeft())  # type: ignore[arg-type]
    await office.erase(staff, opened.json()["request"]["trackingNumber"], NOW)
    before = await owners_of_every_row(bff)
    kept = {key for key, who in before.items() if who == ada.id}
    async with bff.db.transaction() as session:
        photo = await session.scalar(
            select(TicketAttachment.storage_key)
            .join(Ticket, Ticket.id == TicketAttachment.ticket_id)
            .where(Ticket.user_id == ada.id)
        )
    balances = [await balance(bff, n) for n in (ADA_SAVINGS, ADA_TARGET)]
    privacy = privacy_of(bff)

    # A day before the period ends, the record is whole.
    assert await privacy.delete_past_retention(retention_ends(NOW) - timedelta(days=1)) == 0
    assert await owners_of_every_row(bff) == before

    # Once it has ended, nothing of Ada's is left, and everyone else's rows all are.
    assert await privacy.delete_past_retention(retention_ends(NOW) + timedelta(seconds=1)) == 1
    after = await owners_of_every_row(bff)
    assert {"users", "transfers", "tickets", "audit_events"} <= {t for t, _ in kept}
    assert ada.id not in after.values()
    assert set(after) == set(before) - kept
    assert photo is not None
    with pytest.raises(FileNotFoundError):
        await privacy.store.objects.read(photo)
    # The core's books are not the BFF's to delete: whole, and her balances as they were.
    assert await ledger_is_balanced(bff)
    assert [await balance(bff, n) for n in (ADA_SAVINGS, ADA_TARGET)] == balances
    assert await privacy.delete_past_retention(retention_ends(NOW) + timedelta(days=1)) == 0


# -- the breach drill ----------------------------------------------------------------------
async def test_the_breach_drill_finds_whom_a_key_a_prefix_or_a_window_touched(bff):
    token = await bff.sign_in()
    created = await bff.client.post(
        "/api/tickets", headers=auth(token), json=ticket_with_card_photo()
    )
    assert created.status_code == 201
    ada, tunde = await user_row(bff, ADA), await user_row(bff, TUNDE)
    privacy = privacy_of(bff)
    drill = BreachDrill(bff.db, Base.metadata, privacy.store)
    async with bff.db.transaction() as session:
        key = await session.scalar(select(TicketAttachment.storage_key))
    assert key

    by_key = await drill.by_key(privacy.store.ring.current_id)
    assert ada.id in by_key and "Files attached to your tickets" in by_key[ada.id].what
    assert await drill.by_key("a-key-nobody-used") == {}

    by_prefix = await drill.by_prefix(key[:6])
    assert set(by_prefix) == {ada.id}

    # A window in which only Ada did something (a consent given at a pinned time).
    at = datetime(2021, 3, 4, 5, 6, tzinfo=UTC)
    await privacy.set_consent(ada, "SMS", True, now=at)
    window = await drill.in_window(at - timedelta(minutes=1), at + timedelta(minutes=1))
    assert set(window) == {ada.id} and tunde.id not in window
    assert window[ada.id].what == {"Marketing choices you made"}

    text = report("heading", "files may have been read", by_prefix, NOW)
    assert "1 people affected" in text and ada.email in text and "72 hours" in text
    message = customer_message("files may have been read", by_prefix[ada.id].what)
    assert not re.search(r"\b[a-z]+_[a-z_]+\b|\b[A-Z]{3,}_[A-Z_]+\b", message)
