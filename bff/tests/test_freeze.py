"""Freezing one's own account: at once and without a code; while frozen no money leaves it
(transfers, bills, scheduled runs), other sessions are signed out, money still arrives;
unfreezing takes a code and a new password, or the back office."""

from __future__ import annotations

import pytest

from bff.tests.helpers import (
    ADA,
    ADA_SAVINGS,
    PASSWORD,
    TUNDE_ACCOUNT,
    Bff,
    P,
    S,
    T,
    U,
    admin_token,
    approve,
    auth,
    balance,
    data_url,
    initiate,
    png_bytes,
    schedule,
)
from bff.users.freeze import FROZEN, SELFIE_REQUIRED

NEW_PASSWORD = "Fresh#Kobo2027"
AIRTIME = {
    "nuban": ADA_SAVINGS,
    "utilityProductType": "AIRTIME",
    "phoneNumber": "08099990001",
    "amount": 100,
    "airtimeProviderCode": "MTN",
}


async def freeze(bff: Bff, token: str):  # type: ignore[no-untyped-def]
    return await bff.client.post(f"{P}/freeze", headers=auth(token))


async def ada_user_id(bff: Bff, admin: str) -> int:
    frozen = (await bff.client.get("/admin/api/customers/frozen", headers=auth(admin))).json()
    return int(next(c["userId"] for c in frozen if c["email"] == ADA))


async def test_freezing_stops_money_leaving_and_signs_out_other_sessions(bff):
    other = await bff.sign_in()
    token = await bff.sign_in()
    state = (await bff.client.get(f"{P}/freeze", headers=auth(token))).json()
    assert state["frozen"] is False and state["frozenAt"] is None
    frozen = await freeze(bff, token)
    assert frozen.status_code == 200 and frozen.json()["frozen"] is True
    assert frozen.json()["message"].startswith("Your account is frozen. No money can leave it")
    # This session stays; the other one is signed out.
    assert (await bff.client.get(f"{P}/freeze", headers=auth(token))).json()["frozen"] is True
    assert (await bff.client.get(f"{P}/freeze", headers=auth(other))).status_code == 401
    # Every way out is refused with the reason, before any code is sent.
    transfer = await initiate(bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT)
    assert transfer.status_code == 409 and transfer.json()["detail"] == FROZEN
    other_bank = await initiate(
        bff,
        token,
        "other-banks",
        destinationAccountNumber="9000000014",
        destinationBankCode="000013",
    )
    assert other_bank.status_code == 409 and other_bank.json()["detail"] == FROZEN
    bill = await bff.client.post(f"{U}/airtime/vend/initiate", headers=auth(token), json=AIRTIME)
    assert bill.status_code == 409 and bill.json()["detail"] == FROZEN
    row = {
        "sourceAccountNumber": ADA_SAVINGS,
        "destinationAccountNumber": TUNDE_ACCOUNT,
        "amount": 10,
        "description": "bulk while frozen",
    }
    bulk = await bff.client.post(f"{T}/bulk", headers=auth(token), json={"transfers": [row]})
    assert bulk.status_code == 409 and bulk.json()["detail"] == FROZEN
    # Money sent to the customer still arrives (the core is never told to stop credits).
    before = await balance(bff, ADA_SAVINGS)
    credited = await bff.sim.post(
        "/core/transfers",
        json={
            "reference": f"freeze-credit-{before[0]}",
            "debitAccount": TUNDE_ACCOUNT,
            "creditAccount": ADA_SAVINGS,
            "amountKobo": 1_000,
            "narration": "still arrives",
        },
    )
    assert credited.json()["status"] == "SUCCESS"
    assert (await balance(bff, ADA_SAVINGS))[0] == before[0] + 1_000
    # Freezing again changes nothing.
    assert (await freeze(bff, token)).json()["frozen"] is True


async def test_a_freeze_after_the_code_was_sent_still_stops_the_payment(bff):
    token = await bff.sign_in()
    started = await initiate(bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT)
    assert started.status_code == 201
    code = await bff.latest_code(ADA)
    before = await balance(bff, ADA_SAVINGS)
    await freeze(bff, token)
    confirmed = await bff.client.post(
        f"{T}/intrabank/confirm",
        headers=auth(token),
        json={"otp": code, "id": started.json()["id"]},
    )
    assert confirmed.status_code == 409 and confirmed.json()["detail"] == FROZEN
    assert await balance(bff, ADA_SAVINGS) == before


async def test_a_scheduled_run_is_skipped_and_the_customer_told(bff):
    token = await bff.sign_in()
    item = (await schedule(bff, token)).json()[0]
    await approve(bff, token, item["referenceNumber"])
    await freeze(bff, token)
    before = await balance(bff, ADA_SAVINGS)
    await bff.app.state.jobs.run_due_schedules()
    assert await balance(bff, ADA_SAVINGS) == before
    row = (await bff.client.get(f"{S}/{item['uuid']}", headers=auth(token))).json()
    assert row["failureReason"] == FROZEN
    sms = (await bff.sim.get("/sim/messages", params={"recipient": "08031234501"})).json()[0]
    assert item["referenceNumber"] in sms["body"] and "frozen" in sms["body"]


async def test_unfreezing_needs_a_code_and_a_new_password(bff):
    token = await bff.sign_in()
    body = {"newPassword": NEW_PASSWORD, "confirmPassword": NEW_PASSWORD}
    not_frozen = await bff.client.post(f"{P}/unfreeze", headers=auth(token), json=body)
    assert (
        not_frozen.status_code == 409
        and not_frozen.json()["detail"] == "Your account is not frozen"
    )
    await freeze(bff, token)
    weak = await bff.client.post(
        f"{P}/unfreeze", headers=auth(token), json={"newPassword": "x", "confirmPassword": "x"}
    )
    assert weak.status_code == 400
    sent = await bff.client.post(f"{P}/unfreeze", headers=auth(token), json=body)
    assert sent.status_code == 202
    wrong = await bff.client.post(
        f"{P}/unfreeze", headers=auth(token), json={**body, "otp": "000000"}
    )
    assert wrong.status_code == 400
    assert (await bff.client.get(f"{P}/freeze", headers=auth(token))).json()["frozen"] is True
    done = await bff.client.post(
        f"{P}/unfreeze", headers=auth(token), json={**body, "otp": await bff.latest_code(ADA)}
    )
    assert done.status_code == 200
    assert done.json()["message"] == "Your account is unfrozen and your password is changed"
    assert (await bff.client.get(f"{P}/freeze", headers=auth(token))).json()["frozen"] is False
    assert (await bff.login(ADA, PASSWORD)).status_code != 200
    assert (await bff.login(ADA, NEW_PASSWORD)).status_code == 200
    # Back by themselves: a selfie before money leaves again (docs/contract.md §16.6).
    owed = await initiate(bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT)
    assert owed.status_code == 409 and owed.json()["detail"] == SELFIE_REQUIRED
    state = (await bff.client.get(f"{P}/liveness/", headers=auth(token))).json()
    assert state["status"] == "REQUIRED"
    selfie = {"image": data_url(png_bytes())}
    passed = await bff.client.post(f"{P}/liveness/", headers=auth(token), json=selfie)
    assert passed.status_code == 200 and passed.json()["status"] == "PASSED", passed.text
    again = await initiate(bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT)
    assert again.status_code == 201


async def test_the_back_office_unfreezes_and_the_customer_is_told(bff):
    token = await bff.sign_in()
    admin = await admin_token(bff)
    await freeze(bff, token)
    user_id = await ada_user_id(bff, admin)
    refused = await bff.client.post(f"/admin/api/customers/{user_id}/unfreeze", headers=auth(token))
    assert refused.status_code == 403  # a customer is not the back office
    done = await bff.client.post(f"/admin/api/customers/{user_id}/unfreeze", headers=auth(admin))
    assert done.status_code == 200
    mail = (await bff.sim.get("/sim/messages", params={"recipient": ADA})).json()[0]
    assert "unfroze your account" in mail["body"]
    assert (await bff.client.get(f"{P}/freeze", headers=auth(token))).json()["frozen"] is False
    twice = await bff.client.post(f"/admin/api/customers/{user_id}/unfreeze", headers=auth(admin))
    assert twice.status_code == 409
    missing = await bff.client.post("/admin/api/customers/999999/unfreeze", headers=auth(admin))
    assert missing.status_code == 404


@pytest.mark.parametrize("path", ["/freeze", "/unfreeze"])
async def test_freeze_routes_need_a_signed_in_customer(bff, path):
    assert (await bff.client.post(f"{P}{path}", json={})).status_code == 401
