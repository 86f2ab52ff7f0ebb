"""Approving with a passkey beyond transfers (issue 40, part 3): each action that asks for
the 6-digit code takes instead a passkey's assertion of that very action. A software
authenticator (bff/tests/soft_authenticator.py) signs; an assertion made for one action
never confirms another, and a confirm takes a code or a passkey, not both."""

from __future__ import annotations

import pyotp

from bff.tests.helpers import (
    ADA,
    ADA_CURRENT,
    ADA_SAVINGS,
    GTB,
    PASSKEY_REFUSED,
    TUNDE_ACCOUNT,
    B,
    Bff,
    S,
    U,
    auth,
    balance,
    initiate,
    ledger_is_balanced,
    register,
    schedule,
    today,
)
from bff.tests.soft_authenticator import SoftAuthenticator

CODE_OR_PASSKEY = "Approve with either a code or a passkey, not both."
AIRTIME = {"utilityProductType": "AIRTIME", "airtimeProviderCode": "MTN"}


# -- bills ------------------------------------------------------------------------------------
async def start_airtime(bff: Bff, token: str, amount: int, phone: str = "08099990001") -> str:
    started = await bff.client.post(
        f"{U}/airtime/vend/initiate",
        headers=auth(token),
        json={"nuban": ADA_CURRENT, **AIRTIME, "phoneNumber": phone, "amount": amount},
    )
    assert started.status_code == 201, started.text
    has_one = (await bff.client.get("/api/ibanking/personal/passkeys", headers=auth(token))).json()
    assert started.json()["passkeyApproval"] is (has_one != [])
    return str(started.json()["utilityVendingRequestId"])


async def bill_approval(bff: Bff, token: str, vend_id: str, device: SoftAuthenticator) -> dict:  # type: ignore[type-arg]
    options = await bff.client.post(
        "/api/utility/passkey-options",
        headers=auth(token),
        json={"utilityVendingRequestId": vend_id},
    )
    assert options.status_code == 200, options.text
    return device.get(options.json()["options"])


async def confirm_bill(bff: Bff, token: str, vend_id: str, **proof: object):  # type: ignore[no-untyped-def]
    return await bff.client.post(
        f"{U}/airtime/vend/confirm",
        headers=auth(token),
        json={"utilityVendingRequestId": vend_id, **proof},
    )


async def bill_status(bff: Bff, token: str, vend_id: str) -> str | None:
    logs = (await bff.client.get("/api/utility/logs", headers=auth(token))).json()
    return next((b["vendingStatus"] for b in logs if b["id"] == vend_id), None)


async def test_approve_a_bill_with_a_passkey(bff):
    token = await bff.sign_in()
    device = SoftAuthenticator()
    assert (await register(bff, token, device))["status"] == 201
    vend_id = await start_airtime(bff, token, 300)
    assertion = await bill_approval(bff, token, vend_id, device)
    done = await confirm_bill(bff, token, vend_id, passkey=assertion)
    assert done.status_code == 200, done.text
    assert done.json()["bill"]["vendingStatus"] == "SUCCESS"
    # The same approval again: the first outcome, paid once.
    again = await confirm_bill(bff, token, vend_id, passkey=assertion)
    assert again.status_code == 200 and again.json()["bill"]["id"] == vend_id
    # Replayed on a new bill of the same amount for the same number: refused.
    second = await start_airtime(bff, token, 300)
    replayed = await confirm_bill(bff, token, second, passkey=assertion)
    assert replayed.status_code == 400 and replayed.json()["detail"] == PASSKEY_REFUSED
    assert (
        await confirm_bill(bff, token, second, otp=await bff.latest_code(ADA))
    ).status_code == 200


async def test_a_bill_approval_cannot_confirm_another_bill_or_a_transfer(bff):
    token = await bff.sign_in()
    device = SoftAuthenticator()
    assert (await register(bff, token, device))["status"] == 201
    mine = await start_airtime(bff, token, 100, "08099990001")
    other = await start_airtime(bff, token, 100, "08099990002")
    for_mine = await bill_approval(bff, token, mine, device)
    await bill_approval(bff, token, other, device)
    refused = await confirm_bill(bff, token, other, passkey=for_mine)
    assert refused.status_code == 400 and refused.json()["detail"] == PASSKEY_REFUSED
    # A transfer's approval does not pay a bill either.
    transfer = await initiate(bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT)
    assert transfer.status_code == 201, transfer.text
    options = await bff.client.post(
        "/api/transfer/passkey-options", headers=auth(token), json={"id": transfer.json()["id"]}
    )
    for_transfer = device.get(options.json()["options"])
    crossed = await confirm_bill(bff, token, other, passkey=for_transfer)
    assert crossed.status_code == 400 and crossed.json()["detail"] == PASSKEY_REFUSED
    # …and a bill's does not move money between accounts.
    moved = await bff.client.post(
        "/api/transfer/intrabank/confirm",
        headers=auth(token),
        json={"id": transfer.json()["id"], "passkey": for_mine},
    )
    assert moved.status_code == 400 and moved.json()["detail"] == PASSKEY_REFUSED
    assert await bill_status(bff, token, other) in (None, "PENDING")
    assert (await confirm_bill(bff, token, mine, passkey=for_mine)).status_code == 200


async def test_a_bill_confirm_takes_a_code_or_a_passkey(bff):
    token = await bff.sign_in()
    vend_id = await start_airtime(bff, token, 100)
    neither = await confirm_bill(bff, token, vend_id)
    assert neither.status_code == 400 and neither.json()["detail"] == "This field is required"
    options = await bff.client.post(
        "/api/utility/passkey-options",
        headers=auth(token),
        json={"utilityVendingRequestId": vend_id},
    )
    assert options.status_code == 400
    assert options.json()["detail"].startswith("You have no passkey yet")
    device = SoftAuthenticator()
    assert (await register(bff, token, device))["status"] == 201
    assertion = await bill_approval(bff, token, vend_id, device)
    both = await confirm_bill(bff, token, vend_id, otp="123456", passkey=assertion)
    assert both.status_code == 400 and both.json()["detail"] == CODE_OR_PASSKEY
    unknown = await bff.client.post(
        "/api/utility/passkey-options",
        headers=auth(token),
        json={"utilityVendingRequestId": "nope"},
    )
    assert unknown.status_code == 404


# -- bulk transfers ---------------------------------------------------------------------------
def bulk_rows(*amounts: int) -> list[dict]:  # type: ignore[type-arg]
    return [
        {
            "sourceAccountNumber": ADA_CURRENT,
            "destinationAccountNumber": TUNDE_ACCOUNT,
            "destinationBankCode": "090605",
            "amount": amount,
            "description": f"row {i}",
        }
        for i, amount in enumerate(amounts)
    ]


async def start_bulk(bff: Bff, token: str, *amounts: int) -> str:
    started = await bff.client.post(
        "/api/transfer/bulk", headers=auth(token), json={"transfers": bulk_rows(*amounts)}
    )
    assert started.status_code == 201, started.text
    has_one = (await bff.client.get("/api/ibanking/personal/passkeys", headers=auth(token))).json()
    assert started.json()["passkeyApproval"] is (has_one != [])
    return str(started.json()["id"])


async def bulk_approval(bff: Bff, token: str, batch_id: str, device: SoftAuthenticator) -> dict:  # type: ignore[type-arg]
    options = await bff.client.post(
        "/api/transfer/bulk/passkey-options", headers=auth(token), json={"id": batch_id}
    )
    assert options.status_code == 200, options.text
    return device.get(options.json()["options"])


async def confirm_bulk(bff: Bff, token: str, batch_id: str, **proof: object):  # type: ignore[no-untyped-def]
    return await bff.client.post(
        "/api/transfer/bulk/confirm", headers=auth(token), json={"id": batch_id, **proof}
    )


async def test_approve_a_bulk_transfer_with_a_passkey(bff):
    token = await bff.sign_in()
    device = SoftAuthenticator()
    assert (await register(bff, token, device))["status"] == 201
    before = await balance(bff, ADA_CURRENT)
    batch = await start_bulk(bff, token, 10, 20)
    assertion = await bulk_approval(bff, token, batch, device)
    done = await confirm_bulk(bff, token, batch, passkey=assertion)
    assert done.status_code == 200, done.text
    assert [t["status"] for t in done.json()["transfers"]] == ["COMPLETED", "COMPLETED"]
    # Again: the first outcome, the money moved once.
    again = await confirm_bulk(bff, token, batch, passkey=assertion)
    assert again.status_code == 200
    assert (await balance(bff, ADA_CURRENT))[0] == before[0] - 3000
    assert await ledger_is_balanced(bff)


async def test_a_bulk_approval_confirms_no_other_batch_nor_one_of_its_rows(bff):
    token = await bff.sign_in()
    device = SoftAuthenticator()
    assert (await register(bff, token, device))["status"] == 201
    first = await start_bulk(bff, token, 10, 20)
    second = await start_bulk(bff, token, 10, 20)
    second_code = await bff.latest_code(ADA)
    for_first = await bulk_approval(bff, token, first, device)
    await bulk_approval(bff, token, second, device)
    refused = await confirm_bulk(bff, token, second, passkey=for_first)
    assert refused.status_code == 400 and refused.json()["detail"] == PASSKEY_REFUSED
    # A single transfer's confirm does not take a batch's approval either.
    single = await initiate(bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT)
    crossed = await bff.client.post(
        "/api/transfer/intrabank/confirm",
        headers=auth(token),
        json={"id": single.json()["id"], "passkey": for_first},
    )
    assert crossed.status_code == 400 and crossed.json()["detail"] == PASSKEY_REFUSED
    # Nothing was used up: the code confirms the second batch, the approval the first.
    assert (await confirm_bulk(bff, token, second, otp=second_code)).status_code == 200
    assert (await confirm_bulk(bff, token, first, passkey=for_first)).status_code == 200


async def test_a_bulk_confirm_takes_a_code_or_a_passkey(bff):
    token = await bff.sign_in()
    batch = await start_bulk(bff, token, 10)
    neither = await confirm_bulk(bff, token, batch)
    assert neither.status_code == 400 and neither.json()["detail"] == "This field is required"
    options = await bff.client.post(
        "/api/transfer/bulk/passkey-options", headers=auth(token), json={"id": batch}
    )
    assert options.status_code == 400
    assert options.json()["detail"].startswith("You have no passkey yet")
    device = SoftAuthenticator()
    assert (await register(bff, token, device))["status"] == 201
    assertion = await bulk_approval(bff, token, batch, device)
    both = await confirm_bulk(bff, token, batch, otp="123456", passkey=assertion)
    assert both.status_code == 400 and both.json()["detail"] == CODE_OR_PASSKEY


# -- beneficiaries ----------------------------------------------------------------------------
ADAEZE = {"beneficiaryName": "Adaeze GTB", "bankCode": GTB, "accountNumber": "9000000014"}
EMEKA = {"beneficiaryName": "Emeka GTB", "bankCode": GTB, "accountNumber": "9000000021"}


async def beneficiary_approval(
    bff: Bff, token: str, details: dict, device: SoftAuthenticator
) -> dict:  # type: ignore[type-arg]
    options = await bff.client.post(
        "/api/beneficiaries/passkey-options", headers=auth(token), json=details
    )
    assert options.status_code == 200, options.text
    return device.get(options.json()["options"])


async def saved(bff: Bff, token: str) -> list[str]:
    listed = (await bff.client.get(B, headers=auth(token))).json()
    return [b["accountNumber"] for b in listed]


async def test_save_a_beneficiary_with_a_passkey(bff):
    token = await bff.sign_in()
    device = SoftAuthenticator()
    assert (await register(bff, token, device))["status"] == 201
    step_one = await bff.client.post(B, headers=auth(token), json=ADAEZE)
    assert step_one.status_code == 202 and step_one.json()["passkeyApproval"] is True
    assertion = await beneficiary_approval(bff, token, ADAEZE, device)
    done = await bff.client.post(B, headers=auth(token), json={**ADAEZE, "passkey": assertion})
    assert done.status_code == 201, done.text
    assert await saved(bff, token) == ["9000000014"]
    # Used up: once deleted, the same approval cannot save it again.
    await bff.client.delete(f"{B}/{done.json()['beneficiary']['id']}", headers=auth(token))
    again = await bff.client.post(B, headers=auth(token), json={**ADAEZE, "passkey": assertion})
    assert again.status_code == 400 and again.json()["detail"] == PASSKEY_REFUSED
    assert await saved(bff, token) == []


async def test_a_beneficiary_approval_saves_no_other_account_nor_another_name(bff):
    token = await bff.sign_in()
    device = SoftAuthenticator()
    assert (await register(bff, token, device))["status"] == 201
    for_adaeze = await beneficiary_approval(bff, token, ADAEZE, device)
    await beneficiary_approval(bff, token, EMEKA, device)
    other = await bff.client.post(B, headers=auth(token), json={**EMEKA, "passkey": for_adaeze})
    assert other.status_code == 400 and other.json()["detail"] == PASSKEY_REFUSED
    renamed = {**ADAEZE, "beneficiaryName": "Someone else", "passkey": for_adaeze}
    refused = await bff.client.post(B, headers=auth(token), json=renamed)
    assert refused.status_code == 400 and refused.json()["detail"] == PASSKEY_REFUSED
    assert await saved(bff, token) == []
    both = await bff.client.post(
        B, headers=auth(token), json={**ADAEZE, "otp": "123456", "passkey": for_adaeze}
    )
    assert both.status_code == 400 and both.json()["detail"] == CODE_OR_PASSKEY
    assert (
        await bff.client.post(B, headers=auth(token), json={**ADAEZE, "passkey": for_adaeze})
    ).status_code == 201


async def test_beneficiary_passkey_options_need_a_passkey(bff):
    token = await bff.sign_in()
    step_one = await bff.client.post(B, headers=auth(token), json=ADAEZE)
    assert step_one.status_code == 202 and step_one.json()["passkeyApproval"] is False
    options = await bff.client.post(
        "/api/beneficiaries/passkey-options", headers=auth(token), json=ADAEZE
    )
    assert options.status_code == 400
    assert options.json()["detail"].startswith("You have no passkey yet")


# -- transaction limits -----------------------------------------------------------------------
LIMITS = "/api/ibanking/personal/transaction-limits"


async def ask_for_limits(bff: Bff, token: str, daily: int, single: int) -> str:
    body = {"dailyTransactionLimit": daily, "singleTransactionLimit": single, "nuban": ADA_SAVINGS}
    pending = await bff.client.post(LIMITS, headers=auth(token), json=body)
    assert pending.status_code == 200, pending.text
    has_one = (await bff.client.get("/api/ibanking/personal/passkeys", headers=auth(token))).json()
    assert pending.json()["passkeyApproval"] is (has_one != [])
    return str(pending.json()["transactionLimitUuid"])


async def limits_approval(bff: Bff, token: str, change: str, device: SoftAuthenticator) -> dict:  # type: ignore[type-arg]
    options = await bff.client.post(
        f"{LIMITS}/passkey-options",
        headers=auth(token),
        json={"nuban": ADA_SAVINGS, "transactionLimitUuid": change},
    )
    assert options.status_code == 200, options.text
    return device.get(options.json()["options"])


async def confirm_limits(bff: Bff, token: str, change: str, **proof: object):  # type: ignore[no-untyped-def]
    return await bff.client.post(
        f"{LIMITS}/confirm",
        headers=auth(token),
        json={"nuban": ADA_SAVINGS, "transactionLimitUuid": change, **proof},
    )


async def savings_limits(bff: Bff, token: str) -> set[tuple[float, float]]:
    rows = (await bff.client.get(LIMITS, headers=auth(token))).json()
    return {(r["dailyLimit"], r["limitPerTransaction"]) for r in rows if r["nuban"] == ADA_SAVINGS}


async def test_change_limits_with_a_passkey(bff):
    token = await bff.sign_in()
    device = SoftAuthenticator()
    assert (await register(bff, token, device))["status"] == 201
    change = await ask_for_limits(bff, token, 150_000, 50_000)
    assertion = await limits_approval(bff, token, change, device)
    done = await confirm_limits(bff, token, change, passkey=assertion)
    assert done.status_code == 200, done.text
    assert done.json()["message"] == "Transaction limit edited successfully"
    assert await savings_limits(bff, token) == {(150_000.0, 50_000.0)}


async def test_a_limits_approval_confirms_no_other_values(bff):
    token = await bff.sign_in()
    device = SoftAuthenticator()
    assert (await register(bff, token, device))["status"] == 201
    before = await savings_limits(bff, token)
    low = await ask_for_limits(bff, token, 10_000, 5_000)
    high = await ask_for_limits(bff, token, 900_000, 100_000)
    high_code = await bff.latest_code(ADA)
    for_low = await limits_approval(bff, token, low, device)
    await limits_approval(bff, token, high, device)
    refused = await confirm_limits(bff, token, high, passkey=for_low)
    assert refused.status_code == 400 and refused.json()["detail"] == PASSKEY_REFUSED
    assert await savings_limits(bff, token) == before
    both = await confirm_limits(bff, token, high, otp=high_code, passkey=for_low)
    assert both.status_code == 400 and both.json()["detail"] == CODE_OR_PASSKEY
    neither = await confirm_limits(bff, token, high)
    assert neither.status_code == 400 and neither.json()["detail"] == "This field is required"
    # Nothing was used up: the code confirms the high one.
    assert (await confirm_limits(bff, token, high, otp=high_code)).status_code == 200
    assert await savings_limits(bff, token) == {(900_000.0, 100_000.0)}


# -- second-factor changes --------------------------------------------------------------------
TWO_FA = "/api/ibanking/personal/2fa"


async def two_factor_approval(bff: Bff, token: str, method: str, device: SoftAuthenticator) -> dict:  # type: ignore[type-arg]
    options = await bff.client.post(
        f"{TWO_FA}/change/passkey-options", headers=auth(token), json={"method": method}
    )
    assert options.status_code == 200, options.text
    return device.get(options.json()["options"])


async def two_factor(bff: Bff, token: str) -> str:
    answer = await bff.client.get(f"{TWO_FA}/type", headers=auth(token))
    return str(answer.json()["twoFactorAuthenticationType"])


async def test_switch_to_google_authenticator_with_a_passkey_instead_of_the_current_code(bff):
    token = await bff.sign_in()
    device = SoftAuthenticator()
    assert (await register(bff, token, device))["status"] == 201
    secret = (
        await bff.client.get(f"{TWO_FA}/google-authenticator/generate", headers=auth(token))
    ).json()["secretCode"]
    # An approval of the switch to OTP does not switch to Google Authenticator.
    for_otp = await two_factor_approval(bff, token, "OTP_AUTHENTICATION", device)
    body = {"code": pyotp.TOTP(secret).now()}
    crossed = await bff.client.post(
        f"{TWO_FA}/google-authenticator/confirm",
        headers=auth(token),
        json={**body, "passkey": for_otp},
    )
    assert crossed.status_code == 400 and crossed.json()["detail"] == PASSKEY_REFUSED
    assertion = await two_factor_approval(bff, token, "GOOGLE_AUTHENTICATOR", device)
    both = await bff.client.post(
        f"{TWO_FA}/google-authenticator/confirm",
        headers=auth(token),
        json={**body, "currentCode": "123456", "passkey": assertion},
    )
    assert both.status_code == 400 and both.json()["detail"] == CODE_OR_PASSKEY
    assert await two_factor(bff, token) == "OTP_AUTHENTICATION"
    done = await bff.client.post(
        f"{TWO_FA}/google-authenticator/confirm",
        headers=auth(token),
        json={**body, "passkey": assertion},
    )
    assert done.status_code == 200, done.text
    assert await two_factor(bff, token) == "GOOGLE_AUTHENTICATOR"


async def test_an_approval_for_one_authenticator_set_up_does_not_approve_another(bff):
    token = await bff.sign_in()
    device = SoftAuthenticator()
    assert (await register(bff, token, device))["status"] == 201
    await bff.client.get(f"{TWO_FA}/google-authenticator/generate", headers=auth(token))
    for_first = await two_factor_approval(bff, token, "GOOGLE_AUTHENTICATOR", device)
    # A new QR code (someone else's phone, say): the first approval does not cover it.
    second = (
        await bff.client.get(f"{TWO_FA}/google-authenticator/generate", headers=auth(token))
    ).json()["secretCode"]
    refused = await bff.client.post(
        f"{TWO_FA}/google-authenticator/confirm",
        headers=auth(token),
        json={"code": pyotp.TOTP(second).now(), "passkey": for_first},
    )
    assert refused.status_code == 400 and refused.json()["detail"] == PASSKEY_REFUSED
    assert await two_factor(bff, token) == "OTP_AUTHENTICATION"


# -- scheduled payments -----------------------------------------------------------------------
async def schedule_approval(
    bff: Bff, token: str, reference: str, device: SoftAuthenticator
) -> dict:  # type: ignore[type-arg]
    options = await bff.client.post(
        f"{S}/passkey-options", headers=auth(token), json={"referenceNumber": reference}
    )
    assert options.status_code == 200, options.text
    return device.get(options.json()["options"])


async def approve_schedule(bff: Bff, token: str, reference: str, **proof: object):  # type: ignore[no-untyped-def]
    return await bff.client.patch(
        f"{S}/approve", headers=auth(token), json={"referenceNumber": reference, **proof}
    )


async def test_approve_a_scheduled_payment_with_a_passkey(bff):
    token = await bff.sign_in()
    device = SoftAuthenticator()
    assert (await register(bff, token, device))["status"] == 201
    item = (await schedule(bff, token)).json()[0]
    before = await balance(bff, ADA_SAVINGS)
    assertion = await schedule_approval(bff, token, item["referenceNumber"], device)
    done = await approve_schedule(bff, token, item["referenceNumber"], passkey=assertion)
    assert done.status_code == 200 and done.json()["message"] == "Scheduled Payment Approved"
    assert (await bff.app.state.jobs.run_due_schedules()) == 1
    assert (await balance(bff, ADA_SAVINGS))[0] == before[0] - 10_000


async def test_a_schedule_approval_covers_neither_another_schedule_nor_an_edit(bff):
    token = await bff.sign_in()
    device = SoftAuthenticator()
    assert (await register(bff, token, device))["status"] == 201
    first = (await schedule(bff, token)).json()[0]
    second = (await schedule(bff, token)).json()[0]
    for_first = await schedule_approval(bff, token, first["referenceNumber"], device)
    await schedule_approval(bff, token, second["referenceNumber"], device)
    crossed = await approve_schedule(bff, token, second["referenceNumber"], passkey=for_first)
    assert crossed.status_code == 400 and crossed.json()["detail"] == PASSKEY_REFUSED
    # Edited after the approval was made: the approval is for the old details.
    edit = {
        "uuid": first["uuid"],
        "sourceAccountNumber": ADA_SAVINGS,
        "destinationAccountNumber": TUNDE_ACCOUNT,
        "amount": 250,
        "description": "rent (new)",
        "scheduleDate": today().isoformat(),
    }
    edited = await bff.client.put(f"{S}/edit", headers=auth(token), json=edit)
    assert edited.status_code == 200
    # An edit is approved under a new reference: the old approval is for neither.
    reference = edited.json()["scheduledPayment"]["referenceNumber"]
    stale = await approve_schedule(bff, token, reference, passkey=for_first)
    assert stale.status_code == 400 and stale.json()["detail"] == PASSKEY_REFUSED
    both = await approve_schedule(bff, token, reference, otp="123456", passkey=for_first)
    assert both.status_code == 400 and both.json()["detail"] == CODE_OR_PASSKEY
    assert (await bff.app.state.jobs.run_due_schedules()) == 0
