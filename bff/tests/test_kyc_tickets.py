"""KYC levels and customer-service tickets."""

from __future__ import annotations

import base64

from sqlalchemy import select, update

from bff.kyc.models import KycSubmission
from bff.tests.helpers import (
    admin_token,
    auth,
    data_url,
    new_user_body,
    png_bytes,
    tunde_token,
)
from bff.users.models import User

# -- KYC --------------------------------------------------------------------------------


async def test_kyc_levels_one_to_three_with_back_office_review(bff_factory):
    bff = await bff_factory()
    token = await bff.sign_in()  # Ada is level 3 already: use a fresh persona state instead
    # Lower Ada to level 0 for this database only.
    async with bff.db.transaction() as session:
        await session.execute(
            update(User).where(User.email == "ada.okafor@example.com").values(kyc_level=0)
        )
    status = (await bff.client.get("/api/kyc/status", headers=auth(token))).json()
    assert status["currentLevel"] == 0 and [lv["status"] for lv in status["levels"]] == [
        None,
        None,
        None,
    ]
    bio = (await bff.client.get("/api/kyc/biodata", headers=auth(token))).json()
    assert bio["bvn"] == "22212345601" and bio["firstName"] == "Ada"
    missing = await bff.client.post("/api/kyc/level-1", headers=auth(token), json={})
    assert missing.json()["detail"] == "Either BVN or NIN is required"
    short = await bff.client.post("/api/kyc/level-1", headers=auth(token), json={"bvn": "123"})
    assert short.json()["detail"] == "BVN must be atleast 11 characters"
    foreign = await bff.client.post(
        "/api/kyc/level-1", headers=auth(token), json={"bvn": "22212345602"}
    )
    assert (
        foreign.status_code == 400
        and foreign.json()["detail"] == "This BVN does not belong to you."
    )
    retry = await bff.client.post(
        "/api/kyc/level-1", headers=auth(token), json={"bvn": "22212345601"}
    )
    assert (
        retry.status_code == 200
        and retry.json()["message"] == "Details has been submitted successfully"
    )
    again = await bff.client.post(
        "/api/kyc/level-1", headers=auth(token), json={"bvn": "22212345601"}
    )
    assert again.status_code == 409
    level2 = await bff.client.post(
        "/api/kyc/level-2", headers=auth(token), json={"bvn": "22212345601", "nin": "70012345601"}
    )
    assert level2.status_code == 200
    images = {
        "bvn": "22212345601",
        "utilityBill": data_url(png_bytes()),
        "validIdentificationCard": data_url(png_bytes(3)),
    }
    exe = await bff.client.post(
        "/api/kyc/level-3",
        headers=auth(token),
        json={**images, "utilityBill": data_url(b"MZ" + b"\x00" * 100)},
    )
    assert exe.status_code == 400
    level3 = await bff.client.post("/api/kyc/level-3", headers=auth(token), json=images)
    assert level3.status_code == 200
    status = (await bff.client.get("/api/kyc/status", headers=auth(token))).json()
    assert status["currentLevel"] == 2 and status["levels"][2]["status"] == "pending"
    admin = await admin_token(bff)
    pending = (await bff.client.get("/admin/api/kyc/reviews", headers=auth(admin))).json()
    await bff.client.post(
        f"/admin/api/kyc/submissions/{pending[0]['id']}/review",
        headers=auth(admin),
        json={"decision": "APPROVE"},
    )
    status = (await bff.client.get("/api/kyc/status", headers=auth(token))).json()
    assert status["currentLevel"] == 3 and status["levels"][2]["status"] == "approved"
    limits = (
        await bff.client.get("/api/ibanking/personal/transaction-limits", headers=auth(token))
    ).json()
    assert limits[0]["maximumDailyLimit"] == 5_000_000.0


# -- tickets ----------------------------------------------------------------------------


async def test_ticket_with_attachment_agent_reply_and_done(bff):
    token = await bff.sign_in()
    created = await bff.client.post(
        "/api/tickets",
        headers=auth(token),
        json={
            "subject": "Card not delivered",
            "body": "I ordered a card two weeks ago.",
            "attachments": [{"name": "receipt.png", "document": data_url(png_bytes())}],
        },
    )
    assert created.status_code == 201 and created.json()["message"] == "Ticket created successfully"
    ticket = created.json()["ticket"]
    attachment = ticket["messages"][0]["attachments"][0]
    content = (await bff.client.get(attachment["url"], headers=auth(token))).json()
    assert content["content"] == data_url(png_bytes())
    grouped = (await bff.client.get("/api/tickets", headers=auth(token))).json()
    assert grouped[0]["tickets"][0]["subject"] == "Card not delivered"
    admin = await admin_token(bff)
    assert ticket["id"] in [
        t["id"] for t in (await bff.client.get("/admin/api/tickets", headers=auth(admin))).json()
    ]
    await bff.client.post(
        f"/admin/api/tickets/{ticket['id']}/messages",
        headers=auth(admin),
        json={"text": "It is on its way."},
    )
    mail = (
        await bff.sim.get(
            "/sim/messages", params={"recipient": "ada.okafor@example.com", "limit": 1}
        )
    ).json()[0]
    assert "It is on its way." in mail["body"]
    reply = await bff.client.post(
        f"/api/tickets/{ticket['id']}/messages", headers=auth(token), json={"text": "Thanks!"}
    )
    assert [m["sender"] for m in reply.json()["messages"]] == ["CLIENT", "AGENT", "CLIENT"]
    done = await bff.client.post(
        f"/api/tickets/{ticket['id']}/status", headers=auth(token), json={"resolved": True}
    )
    assert done.json()["message"] == "Ticket status updated successfully"
    assert (await bff.client.get(f"/api/tickets/{ticket['id']}", headers=auth(token))).json()[
        "resolved"
    ] is True


async def test_another_customers_ticket_and_attachment_are_refused(bff):
    token = await bff.sign_in()
    ticket = (
        await bff.client.post(
            "/api/tickets",
            headers=auth(token),
            json={
                "subject": "Private",
                "body": "Mine only",
                "attachments": [
                    {"name": "a.pdf", "document": data_url(b"%PDF-1.4 test", "application/pdf")}
                ],
            },
        )
    ).json()["ticket"]
    other = await tunde_token(bff)
    assert (
        await bff.client.get(f"/api/tickets/{ticket['id']}", headers=auth(other))
    ).status_code == 404
    url = ticket["messages"][0]["attachments"][0]["url"]
    assert (await bff.client.get(url, headers=auth(other))).status_code == 404
    posted = await bff.client.post(
        f"/api/tickets/{ticket['id']}/messages", headers=auth(other), json={"text": "hi"}
    )
    assert posted.status_code == 404


async def test_attachment_limits(bff):
    token = await bff.sign_in()
    limit = 10 * 1024 * 1024
    over = b"%PDF-1.4\n" + b"0" * (limit - 8)
    assert len(over) == limit + 1
    too_big = await bff.client.post(
        "/api/tickets",
        headers=auth(token),
        json={
            "subject": "x",
            "body": "y",
            "attachments": [{"name": "big.pdf", "document": data_url(over, "application/pdf")}],
        },
    )
    assert too_big.status_code == 400 and too_big.json()["detail"] == "File size exceeds 10MB limit"
    disguised = await bff.client.post(
        "/api/tickets",
        headers=auth(token),
        json={
            "subject": "x",
            "body": "y",
            "attachments": [
                {
                    "name": "invoice.pdf",
                    "document": "data:application/pdf;base64,"
                    + base64.b64encode(b"MZ\x90\x00" * 50).decode(),
                }
            ],
        },
    )
    assert (
        disguised.status_code == 400
        and disguised.json()["detail"] == "This file type is not allowed"
    )
    required = await bff.client.post(
        "/api/tickets", headers=auth(token), json={"subject": "", "body": ""}
    )
    assert {e["field"] for e in required.json()["errors"]} == {"subject", "body"}
    assert (await bff.client.get("/api/tickets", headers=auth(token))).json() == []


async def test_a_nin_proved_at_kyc_shows_in_the_biodata(bff, prospect):
    """Registration asks only for the BVN; the NIN the customer proves at level 1 is shown."""
    body = new_user_body(prospect)
    registered = await bff.client.post("/auth/ibanking/personal/registration/new", json=body)
    assert registered.status_code == 201, registered.text
    email = body["email"]
    await bff.client.post(
        "/auth/ibanking/personal/email/verification",
        json={"email": email, "code": await bff.latest_code(email)},
    )
    async with bff.db.transaction() as session:
        await session.execute(
            update(User).where(User.email == email).values(onboarding_complete=True)
        )
    token = await bff.sign_in(email)
    before = (await bff.client.get("/api/kyc/biodata", headers=auth(token))).json()
    assert before["bvn"] == prospect["bvn"] and before["nin"] is None
    level1 = await bff.client.post(
        "/api/kyc/level-1", headers=auth(token), json={"nin": prospect["nin"]}
    )
    assert level1.status_code == 200, level1.text
    after = (await bff.client.get("/api/kyc/biodata", headers=auth(token))).json()
    assert after["nin"] == prospect["nin"]
    async with bff.db.transaction() as session:  # sealed at rest (bff/storage/fields.py)
        kept = (await session.scalars(select(KycSubmission.nin))).all()
    assert kept and all(v.startswith("sealed1:") and prospect["nin"] not in v for v in kept)
