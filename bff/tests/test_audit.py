"""The audit log of security events (issue 12): who, what, when and from where, readable by
the back office through the admin API and by no one else."""

from __future__ import annotations

from bff.tests.census import counting
from bff.tests.helpers import (
    ADA,
    GTB,
    PASSWORD,
    Bff,
    add_beneficiary,
    admin_token,
    auth,
    change_password,
)

AUDIT = "/admin/api/audit-events"


async def ada_id(bff: Bff) -> int:
    from sqlalchemy import select

    from bff.users.models import User

    async with bff.db.transaction() as session:
        return int(await session.scalar(select(User.id).where(User.email == ADA)) or 0)


async def test_security_events_are_recorded_with_who_what_when_and_where(bff):
    token = await bff.sign_in()
    headers = {**auth(token), "X-Request-ID": "audit-test-0001"}
    # Both steps carry the request id; asking for the code records no event of its own.
    added = await add_beneficiary(
        bff,
        token,
        {"beneficiaryName": "Adaeze GTB", "bankCode": GTB, "accountNumber": "9000000014"},
        headers=headers,
    )
    assert added.status_code == 201, added.text
    beneficiary = added.json()["beneficiary"]["id"]
    await bff.client.delete(f"/api/beneficiaries/{beneficiary}", headers=headers)
    changed = await change_password(
        bff,
        token,
        {"oldPassword": PASSWORD, "newPassword": "Gbedu#2027x", "confirmPassword": "Gbedu#2027x"},
        headers=headers,
    )
    assert changed.status_code == 200, changed.text

    admin = await admin_token(bff)
    user_id = await ada_id(bff)
    answer = await bff.client.get(AUDIT, headers=auth(admin), params={"userId": user_id})
    assert answer.status_code == 200, answer.text
    events = answer.json()
    kinds = [e["event"] for e in events]
    # newest first
    assert kinds[:3] == ["PASSWORD_CHANGED", "BENEFICIARY_DELETED", "BENEFICIARY_ADDED"]
    for event in events[:3]:
        assert event["userId"] == user_id and event["at"]
        assert event["requestId"] == "audit-test-0001"
        assert event["clientAddress"]  # where from
    assert "Adaeze Nwosu" in events[2]["detail"]
    only = await bff.client.get(
        AUDIT, headers=auth(admin), params={"userId": user_id, "event": "BENEFICIARY_ADDED"}
    )
    assert [e["event"] for e in only.json()] == ["BENEFICIARY_ADDED"]


async def test_a_refused_change_leaves_no_event(bff):
    """The event is written in the same transaction as the change: no change, no event."""
    token = await bff.sign_in()
    refused = await bff.client.patch(
        "/api/ibanking/personal/password",
        headers=auth(token),
        json={
            "oldPassword": "Wrong@2026x",
            "newPassword": "Gbedu#2027x",
            "confirmPassword": "Gbedu#2027x",
        },
    )
    assert refused.status_code == 400
    admin = await admin_token(bff)
    answer = await bff.client.get(
        AUDIT,
        headers=auth(admin),
        params={"userId": await ada_id(bff), "event": "PASSWORD_CHANGED"},
    )
    assert answer.json() == []


async def test_customers_cannot_read_the_audit_log(bff):
    token = await bff.sign_in()
    assert (await bff.client.get(AUDIT, headers=auth(token))).status_code == 403
    assert (await bff.client.get(AUDIT)).status_code == 401


async def test_sign_ins_failures_lockouts_and_wrong_codes_are_recorded(bff):
    for _ in range(5):
        assert (await bff.login(ADA, "Wrong@2026x")).status_code == 401
    assert (await bff.login(ADA, PASSWORD)).status_code == 429  # paused, even when right
    assert (await bff.login("nobody@example.com", "Wrong@2026x")).status_code == 401
    admin = await admin_token(bff)  # the back-office user signs in: SIGN_IN for them
    events = (await bff.client.get(AUDIT, headers=auth(admin), params={"limit": 20})).json()
    ada = await ada_id(bff)
    mine = [e for e in events if e["identifier"] in (ADA, "nobody@example.com")]
    assert [e["event"] for e in mine] == ["SIGN_IN_FAILED"] + ["SIGN_IN_LOCKED"] + [
        "SIGN_IN_FAILED"
    ] * 5
    assert mine[0]["userId"] is None  # an unknown identifier matches nobody
    assert all(e["userId"] == ada for e in mine[1:])
    assert events[0]["event"] == "SIGN_IN"


async def test_wrong_codes_and_sign_out_are_recorded(bff):
    login = await bff.login(ADA)
    assert (await bff.verify(login.json(), "000000")).status_code == 400
    token = await bff.sign_in()
    with counting(bff.app.state.db.engine.url.database) as census:
        signed_out = await bff.client.post(
            "/auth/ibanking/personal/logout",
            headers={**auth(token), "X-Request-ID": "sign-out-request"},
        )
    assert signed_out.status_code < 300
    # After the session check, the session's end and its audit line: on PostgreSQL one
    # statement (issue 57); SQLite's CTEs cannot write, there they are two.
    postgres = bff.app.state.db.engine.url.get_backend_name() == "postgresql"
    writes = [t for t in census.texts if not t.startswith("bff: SELECT")]
    assert len(writes) == (1 if postgres else 2), census.texts
    assert (await bff.client.get(AUDIT, headers=auth(token))).status_code == 401  # ended
    admin = await admin_token(bff)
    events = (
        await bff.client.get(AUDIT, headers=auth(admin), params={"userId": await ada_id(bff)})
    ).json()
    kinds = [e["event"] for e in events]
    assert kinds[:3] == ["SIGN_OUT", "SIGN_IN", "CODE_FAILED"]
    assert events[0]["userId"] == await ada_id(bff)
    assert events[0]["requestId"] == "sign-out-request" and events[0]["clientAddress"]
    assert events[2]["detail"].startswith("LOGIN, wrong try 1")


async def latest_mail(bff: Bff) -> dict[str, str]:
    inbox = (await bff.sim.get("/sim/messages", params={"recipient": ADA, "limit": 1})).json()
    return dict(inbox[0])


async def test_the_customer_is_told_of_each_security_change(bff):
    token = await bff.sign_in()
    added = await add_beneficiary(
        bff,
        token,
        {"beneficiaryName": "Adaeze GTB", "bankCode": GTB, "accountNumber": "9000000014"},
    )
    assert added.status_code == 201, added.text
    mail = await latest_mail(bff)
    assert mail["subject"] == "A beneficiary was added to your Kobo profile"
    assert "Adaeze Nwosu" in mail["body"] and "If you did not make this change" in mail["body"]
    await change_password(
        bff,
        token,
        {"oldPassword": PASSWORD, "newPassword": "Gbedu#2027x", "confirmPassword": "Gbedu#2027x"},
    )
    assert (await latest_mail(bff))["subject"] == "Your Kobo password was changed"
