"""Transfers and beneficiaries: money moves exactly once, and bad input moves nothing."""

from __future__ import annotations

import asyncio

import pytest

from bff.tests.helpers import (
    ADA,
    ADA_CURRENT,
    ADA_SAVINGS,
    ADA_TARGET,
    GTB,
    TUNDE_ACCOUNT,
    TUNDE_TOTP_SECRET,
    B,
    Bff,
    T,
    add_beneficiary,
    another_code,
    auth,
    balance,
    confirm,
    follow_up,
    initiate,
    ledger_is_balanced,
    send,
    set_limits,
    tunde_token,
)


async def test_banks_and_name_lookups(bff):
    token = await bff.sign_in()
    banks = (await bff.client.get(f"{T}/banks", headers=auth(token))).json()
    assert {"institutionName": "Guaranty Trust Bank", "institutionCode": GTB} in banks
    kobo = await bff.client.post(
        f"{T}/intrabank-name-inquiry", headers=auth(token), json={"accountNumber": TUNDE_ACCOUNT}
    )
    assert kobo.json()["accountName"] == "Tunde Bakare"
    other = await bff.client.post(
        f"{T}/name-inquiry",
        headers=auth(token),
        json={"accountNumber": "9000000014", "bankCode": GTB},
    )
    # The reference is the BFF's signed record of this answer (bff/payees/reference.py),
    # carrying the switch's 30-digit session for the transfer to hand to NIP.
    assert other.json()["accountName"] == "Adaeze Nwosu"
    assert other.json()["nameInquiryReference"].split(".")[1].isdigit()
    assert len(other.json()["nameInquiryReference"].split(".")[1]) == 30
    for body in (
        {"accountNumber": "9000000069", "bankCode": GTB},
        {"accountNumber": "1999999999", "bankCode": "090605"},
    ):
        bad = await bff.client.post(f"{T}/name-inquiry", headers=auth(token), json=body)
        assert bad.status_code == 400 and bad.json()["detail"] == "Invalid account details"
    short = await bff.client.post(
        f"{T}/name-inquiry", headers=auth(token), json={"accountNumber": "12345", "bankCode": GTB}
    )
    assert short.json()["detail"] == "Account Number must be 10 characters"


async def test_balance_panel(bff):
    token = await bff.sign_in()
    answer = (await bff.client.get(f"{T}/balance", headers=auth(token))).json()
    assert set(answer) == {
        "accounts",
        "totalCurrentBalance",
        "totalAvailableBalance",
        "thisWeekInwards",
        "thisWeekOutwards",
    }


async def test_intra_bank_transfer_moves_money_once(bff):
    token = await bff.sign_in()
    before_ada, before_tunde = await balance(bff, ADA_SAVINGS), await balance(bff, TUNDE_ACCOUNT)
    started = await initiate(
        bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT, amount=1500.25
    )
    assert started.status_code == 201, started.text
    assert started.json()["status"] == "AWAITING_OTP"
    assert started.json()["transfer"]["destinationAccountName"] == "Tunde Bakare"
    code = await bff.latest_code(ADA)
    done = await confirm(bff, token, started.json()["id"], otp=code)
    assert done.status_code == 200 and done.json()["status"] == "COMPLETED"
    assert done.json()["message"] == "Transferred Successfully"
    again = await confirm(bff, token, started.json()["id"], otp=code)
    assert again.status_code == 200 and again.json()["id"] == done.json()["id"]
    assert (await balance(bff, ADA_SAVINGS))[0] == before_ada[0] - 150_025
    assert (await balance(bff, TUNDE_ACCOUNT))[0] == before_tunde[0] + 150_025
    assert await ledger_is_balanced(bff)


async def test_own_account_transfer(bff):
    token = await bff.sign_in()
    before = await balance(bff, ADA_TARGET)
    done = await send(
        bff, token, "own-account", "intrabank", destinationAccountNumber=ADA_TARGET, amount=10
    )
    assert done.status_code == 200
    assert (await balance(bff, ADA_TARGET))[0] == before[0] + 1000
    tunde = await initiate(bff, token, "own-account", destinationAccountNumber=TUNDE_ACCOUNT)
    assert (
        tunde.status_code == 400 and tunde.json()["detail"] == "Choose one of your active accounts"
    )


async def test_concurrent_confirms_execute_once(bff):
    token = await bff.sign_in()
    before = await balance(bff, ADA_SAVINGS)
    started = await initiate(
        bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT, amount=7
    )
    code = await bff.latest_code(ADA)
    answers = await asyncio.gather(
        *(confirm(bff, token, started.json()["id"], otp=code) for _ in range(4))
    )
    assert {a.json()["status"] for a in answers if a.status_code == 200} == {"COMPLETED"}
    assert (await balance(bff, ADA_SAVINGS))[0] == before[0] - 700


async def test_wrong_code_moves_nothing(bff):
    token = await bff.sign_in()
    before = await balance(bff, ADA_SAVINGS)
    started = await initiate(bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT)
    code = await bff.latest_code(ADA)
    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    refused = await confirm(bff, token, started.json()["id"], otp=wrong)
    assert refused.status_code == 400 and refused.json()["detail"] == "Invalid or expired OTP"
    assert await balance(bff, ADA_SAVINGS) == before


async def test_wrong_tries_count_although_the_code_step_is_one_transaction(bff):
    """Reading the transfer, using the code and starting the transfer are one transaction;
    a wrong try is still committed (counted) before it is refused."""
    token = await bff.sign_in()
    before = await balance(bff, ADA_SAVINGS)
    first = await initiate(bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT)
    code = await bff.latest_code(ADA)
    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    assert (await confirm(bff, token, first.json()["id"], otp=wrong)).status_code == 400
    done = await confirm(bff, token, first.json()["id"], otp=code)
    assert done.status_code == 200 and done.json()["status"] == "COMPLETED"
    second = await initiate(bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT)
    code = await bff.latest_code(ADA)
    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    for _ in range(5):
        refused = await confirm(bff, token, second.json()["id"], otp=wrong)
        assert refused.json()["detail"] == "Invalid or expired OTP"
    too_many = await confirm(bff, token, second.json()["id"], otp=code)
    assert too_many.status_code == 400
    assert too_many.json()["detail"] == "Too many wrong codes. Please log in again."
    assert (await balance(bff, ADA_SAVINGS))[0] == before[0] - 10_000


@pytest.mark.parametrize(
    ("body", "status", "detail"),
    [
        ({"amount": -5}, 400, "Amount must be greater than zero"),
        ({"amount": 10.001}, 400, "Amount can have at most 2 decimal places"),
        ({"amount": "abc"}, 400, "Enter a valid amount"),
        ({"amount": 0}, 400, "Amount must be greater than zero"),
        ({"sourceAccountNumber": TUNDE_ACCOUNT}, 404, "Account not found"),
        (
            {"destinationAccountNumber": ADA_SAVINGS},
            400,
            "You cannot send money to the same account",
        ),
        ({"destinationAccountNumber": "123"}, 400, "Account Number must be 10 characters"),
        (
            {"amount": 2_000_000},
            400,
            "This amount is above your limit of ₦1,000,000.00 per transaction",
        ),
    ],
)
async def test_bad_transfers_are_refused_and_move_nothing(bff, body, status, detail):
    token = await bff.sign_in()
    before = await balance(bff, ADA_SAVINGS)
    response = await initiate(
        bff, token, "intrabank", **{"destinationAccountNumber": TUNDE_ACCOUNT, **body}
    )
    assert response.status_code == status, response.text
    assert response.json()["detail"] == detail
    assert await balance(bff, ADA_SAVINGS) == before


async def test_more_than_the_balance_is_refused(bff):
    token = await bff.sign_in()
    opened = await bff.client.post("/api/accounts", headers=auth(token), json={"accountTypeId": 4})
    empty = opened.json()["account"]["accountNumber"]
    response = await initiate(
        bff,
        token,
        "intrabank",
        sourceAccountNumber=empty,
        destinationAccountNumber=TUNDE_ACCOUNT,
        amount=1,
    )
    assert response.status_code == 400 and response.json()["detail"] == "Insufficient funds"


async def test_a_lower_daily_limit_from_settings_is_enforced(bff):
    token = await bff.sign_in()
    await set_limits(bff, token, daily=300, single=200)
    assert (
        await send(
            bff, token, "intrabank", "intrabank", destinationAccountNumber=TUNDE_ACCOUNT, amount=200
        )
    ).status_code == 200
    over = await initiate(
        bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT, amount=150
    )
    assert over.status_code == 400
    assert (
        over.json()["detail"]
        == "This would take you over your daily limit of ₦300.00 (₦100.00 left today)"
    )


async def test_limits_are_checked_again_at_confirmation(bff):
    """Both fit the daily limit when initiated; the second one confirmed does not."""
    token = await bff.sign_in()
    await set_limits(bff, token, daily=300, single=200)
    before = await balance(bff, ADA_SAVINGS)
    first = await initiate(
        bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT, amount=200
    )
    first_code = await bff.latest_code(ADA)
    second = await initiate(
        bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT, amount=150
    )
    second_code = await bff.latest_code(ADA)
    done = await confirm(bff, token, first.json()["id"], otp=first_code)
    assert done.status_code == 200 and done.json()["status"] == "COMPLETED"
    over = await confirm(bff, token, second.json()["id"], otp=second_code)
    assert over.status_code == 422
    # The same sentence as at initiation, with what is left after the first one.
    assert (
        over.json()["detail"]
        == "This would take you over your daily limit of ₦300.00 (₦100.00 left today)"
    )
    assert over.json()["transferStatus"] == "FAILED" and over.json()["responseCode"] == "61"
    again = await bff.client.get(f"{T}/{second.json()['id']}", headers=auth(token))
    assert again.json()["status"] == "FAILED"
    assert (await balance(bff, ADA_SAVINGS))[0] == before[0] - 20_000


async def test_concurrent_confirms_cannot_both_pass_the_daily_limit(bff):
    token = await bff.sign_in()
    await set_limits(bff, token, daily=300, single=200)
    before = await balance(bff, ADA_SAVINGS)
    started = []
    for amount in (200, 150):
        transfer = await initiate(
            bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT, amount=amount
        )
        started.append((transfer.json()["id"], await bff.latest_code(ADA)))
    answers = await asyncio.gather(
        *(confirm(bff, token, transfer_id, otp=code) for transfer_id, code in started)
    )
    completed = [a for a in answers if a.status_code == 200]
    assert len(completed) <= 1
    assert all(
        a.status_code == 422 and a.json()["responseCode"] == "61"
        for a in answers
        if a not in completed
    )
    moved = sum(round(a.json()["amount"] * 100) for a in completed)
    assert (await balance(bff, ADA_SAVINGS))[0] == before[0] - moved


async def test_other_bank_success_holds_then_settles(bff):
    token = await bff.sign_in()
    before = await balance(bff, ADA_SAVINGS)
    done = await send(
        bff,
        token,
        "other-banks",
        "other-banks",
        destinationAccountNumber="9000000014",
        destinationBankCode=GTB,
        amount=250,
    )
    assert done.status_code == 200 and done.json()["status"] == "COMPLETED"
    assert len(done.json()["sessionId"]) == 30
    assert await balance(bff, ADA_SAVINGS) == (before[0] - 25_000, before[1] - 25_000)
    assert await ledger_is_balanced(bff)


async def test_other_bank_decline_reverses_the_hold_with_a_clear_message(bff):
    token = await bff.sign_in()
    before = await balance(bff, ADA_SAVINGS)
    done = await send(
        bff,
        token,
        "other-banks",
        "other-banks",
        destinationAccountNumber="9000000021",
        destinationBankCode=GTB,
        amount=250,
    )
    assert done.status_code == 422
    assert done.json()["detail"] == "Insufficient funds. Your account was not debited."
    assert done.json()["transferStatus"] == "FAILED"
    assert await balance(bff, ADA_SAVINGS) == before


async def test_other_bank_timeout_goes_pending_and_the_status_query_completes_it_once(bff):
    token = await bff.sign_in()
    before = await balance(bff, ADA_SAVINGS)
    done = await send(
        bff,
        token,
        "other-banks",
        "other-banks",
        destinationAccountNumber="9000000038",
        destinationBankCode=GTB,
        amount=300,
    )
    assert done.status_code == 202 and done.json()["status"] == "PENDING"
    held = await balance(bff, ADA_SAVINGS)
    assert held == (before[0], before[1] - 30_000)  # reserved, not yet debited
    assert await follow_up(bff) >= 1
    after = (await bff.client.get(f"{T}/{done.json()['id']}", headers=auth(token))).json()
    assert after["status"] == "COMPLETED"
    assert await balance(bff, ADA_SAVINGS) == (before[0] - 30_000, before[1] - 30_000)
    await follow_up(bff)  # nothing more happens
    assert await balance(bff, ADA_SAVINGS) == (before[0] - 30_000, before[1] - 30_000)
    sms = (await bff.sim.get("/sim/messages", params={"recipient": "08031234501"})).json()[0]
    assert "was successful" in sms["body"]
    assert await ledger_is_balanced(bff)


async def test_pending_that_fails_releases_the_money(bff):
    token = await bff.sign_in()
    await bff.sim.post(
        "/sim/faults/",
        json={
            "operation": "nip.transfer",
            "effect": "pending",
            "pendingOutcome": "91",
            "resolveAfterMs": 0,
            "uses": 1,
        },
    )
    before = await balance(bff, ADA_SAVINGS)
    done = await send(
        bff,
        token,
        "other-banks",
        "other-banks",
        destinationAccountNumber="9000000014",
        destinationBankCode=GTB,
        amount=120,
    )
    assert done.status_code == 202
    await follow_up(bff)
    after = (await bff.client.get(f"{T}/{done.json()['id']}", headers=auth(token))).json()
    assert after["status"] == "FAILED"
    assert after["message"].startswith("The beneficiary bank is not available right now.")
    assert await balance(bff, ADA_SAVINGS) == before


async def test_core_unreachable_at_confirm_is_finished_by_the_worker(bff):
    token = await bff.sign_in()
    before = await balance(bff, ADA_SAVINGS)
    await bff.sim.post(
        "/sim/faults/",
        json={"operation": "ledger.transfer", "effect": "timeout", "delayMs": 3000, "uses": 1},
    )
    done = await send(
        bff, token, "intrabank", "intrabank", destinationAccountNumber=TUNDE_ACCOUNT, amount=3
    )
    assert done.status_code == 202
    await follow_up(bff)
    after = (await bff.client.get(f"{T}/{done.json()['id']}", headers=auth(token))).json()
    assert after["status"] == "COMPLETED"
    assert (await balance(bff, ADA_SAVINGS))[0] == before[0] - 300


async def test_bulk_of_three_with_one_failure_reports_each_row(bff):
    token = await bff.sign_in()
    before = await balance(bff, ADA_CURRENT)
    rows = [
        {
            "sourceAccountNumber": ADA_CURRENT,
            "destinationAccountNumber": TUNDE_ACCOUNT,
            "destinationBankCode": "090605",
            "amount": 10,
            "description": "one",
        },
        {
            "sourceAccountNumber": ADA_CURRENT,
            "destinationAccountNumber": "9000000014",
            "destinationBankCode": GTB,
            "amount": 20,
            "description": "two",
        },
        {
            "sourceAccountNumber": ADA_CURRENT,
            "destinationAccountNumber": "9000000021",
            "destinationBankCode": GTB,
            "amount": 30,
            "description": "three",
        },
    ]
    started = await bff.client.post(f"{T}/bulk", headers=auth(token), json={"transfers": rows})
    assert started.status_code == 201 and started.json()["totalAmount"] == 60
    done = await bff.client.post(
        f"{T}/bulk/confirm",
        headers=auth(token),
        json={"otp": await bff.latest_code(ADA), "id": started.json()["id"]},
    )
    assert done.status_code == 200
    result = done.json()
    assert [t["status"] for t in result["transfers"]] == ["COMPLETED", "COMPLETED", "FAILED"], (
        result
    )
    assert (result["completed"], result["failed"]) == (2, 1)
    assert (await balance(bff, ADA_CURRENT))[0] == before[0] - 3000


async def test_bulk_row_errors_name_the_row(bff):
    token = await bff.sign_in()
    rows = [
        {
            "sourceAccountNumber": ADA_CURRENT,
            "destinationAccountNumber": "9000000069",
            "destinationBankCode": GTB,
            "amount": 10,
        }
    ]
    response = await bff.client.post(f"{T}/bulk", headers=auth(token), json={"transfers": rows})
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "transfers[0].accountNumber"


async def test_disabled_account_cannot_send(bff):
    token = await bff.sign_in()
    number = (
        await bff.client.post("/api/accounts", headers=auth(token), json={"accountTypeId": 2})
    ).json()["account"]["accountNumber"]
    await bff.client.post(f"/api/accounts/{number}/disable", headers=auth(token))
    await bff.client.post(
        f"/api/accounts/{number}/disable/confirm",
        headers=auth(token),
        json={"otp": await bff.latest_code(ADA)},
    )
    response = await initiate(
        bff, token, "intrabank", sourceAccountNumber=number, destinationAccountNumber=TUNDE_ACCOUNT
    )
    assert response.status_code == 400
    assert response.json()["detail"] == "This account is disabled and cannot send money"


async def test_someone_elses_transfer_is_not_found(bff):
    token = await bff.sign_in()
    started = await initiate(bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT)
    login = await bff.login("tunde.bakare@example.com")
    import pyotp

    tunde = (await bff.verify(login.json(), pyotp.TOTP(TUNDE_TOTP_SECRET).now())).json()[
        "tokenDTO"
    ]["accessToken"]
    assert (
        await bff.client.get(f"{T}/{started.json()['id']}", headers=auth(tunde))
    ).status_code == 404
    stolen = await bff.client.post(
        f"{T}/intrabank/confirm",
        headers=auth(tunde),
        json={"otp": "123456", "id": started.json()["id"]},
    )
    assert stolen.status_code == 404


# -- beneficiaries ----------------------------------------------------------------------

ADAEZE_GTB = {
    "beneficiaryName": "Adaeze GTB",
    "bankCode": GTB,
    "accountNumber": "9000000014",
    "accountName": "typed by the client",
    "bankName": "GTBank",
}
EMEKA_GTB = {"beneficiaryName": "Emeka GTB", "bankCode": GTB, "accountNumber": "9000000021"}


async def saved_beneficiaries(bff: Bff, token: str) -> list[str]:
    listed = (await bff.client.get(B, headers=auth(token))).json()
    return [b["accountNumber"] for b in listed]


async def test_beneficiary_create_use_and_delete(bff):
    token = await bff.sign_in()
    created = await add_beneficiary(bff, token, ADAEZE_GTB)
    assert (
        created.status_code == 201
        and created.json()["message"] == "Beneficiary created successfully"
    )
    beneficiary = created.json()["beneficiary"]
    assert beneficiary["accountName"] == "Adaeze Nwosu"  # from the look-up, not the client
    # A duplicate is refused at the first step, before any code is sent.
    duplicate = await bff.client.post(B, headers=auth(token), json=ADAEZE_GTB)
    assert (
        duplicate.status_code == 409
        and duplicate.json()["detail"] == "This beneficiary already exists"
    )
    listed = (await bff.client.get(B, headers=auth(token))).json()
    assert [b["id"] for b in listed] == [beneficiary["id"]]
    one = (await bff.client.get(f"{B}/{beneficiary['id']}", headers=auth(token))).json()
    assert one == beneficiary
    deleted = await bff.client.delete(f"{B}/{beneficiary['id']}", headers=auth(token))
    assert deleted.json()["message"] == "Deleted successfully"
    assert (await bff.client.get(B, headers=auth(token))).json() == []


async def test_beneficiary_rules(bff):
    token = await bff.sign_in()
    # The same refusals at either step: with a code nothing is checked less.
    for otp in ({}, {"otp": "123456"}):
        short = await bff.client.post(
            B,
            headers=auth(token),
            json={"beneficiaryName": "X", "bankCode": GTB, "accountNumber": "123", **otp},
        )
        assert short.json()["detail"] == "Account Number must be 10 characters"
        unknown = await bff.client.post(
            B,
            headers=auth(token),
            json={"beneficiaryName": "X", "bankCode": GTB, "accountNumber": "9000000069", **otp},
        )
        assert unknown.json()["detail"] == "Invalid account details"
        missing = await bff.client.post(
            B, headers=auth(token), json={"accountNumber": "9000000014", **otp}
        )
        assert {e["field"] for e in missing.json()["errors"]} == {"beneficiaryName", "bankCode"}
    assert await saved_beneficiaries(bff, token) == []


async def test_a_beneficiary_is_saved_only_with_its_own_fresh_code(bff):
    token = await bff.sign_in()
    asked = await bff.client.post(B, headers=auth(token), json=ADAEZE_GTB)
    assert asked.status_code == 202, asked.text
    assert asked.json() == {
        "message": "Enter the OTP sent to your registered email & phone number",
        "twoFactorAuthentication": "OTP_AUTHENTICATION",
        "passkeyApproval": False,  # no passkey yet (issue 40)
    }
    assert await saved_beneficiaries(bff, token) == []
    code = await bff.latest_code(ADA)

    wrong = await bff.client.post(
        B, headers=auth(token), json={**ADAEZE_GTB, "otp": another_code(code)}
    )
    assert wrong.status_code == 400 and wrong.json()["detail"] == "Invalid or expired OTP"
    # Adaeze's code does not save Emeka, even for the same customer.
    elsewhere = await bff.client.post(B, headers=auth(token), json={**EMEKA_GTB, "otp": code})
    assert elsewhere.status_code == 400 and elsewhere.json()["detail"] == "Invalid or expired OTP"
    assert await saved_beneficiaries(bff, token) == []

    saved = await bff.client.post(B, headers=auth(token), json={**ADAEZE_GTB, "otp": code})
    assert saved.status_code == 201, saved.text
    assert await saved_beneficiaries(bff, token) == ["9000000014"]

    # Used up: once deleted, the same code cannot save it again.
    await bff.client.delete(f"{B}/{saved.json()['beneficiary']['id']}", headers=auth(token))
    again = await bff.client.post(B, headers=auth(token), json={**ADAEZE_GTB, "otp": code})
    assert again.status_code == 400 and again.json()["detail"] == "Invalid or expired OTP"
    assert await saved_beneficiaries(bff, token) == []


async def test_another_customer_cannot_use_my_beneficiary_code(bff):

    ada = await bff.sign_in()
    assert (await bff.client.post(B, headers=auth(ada), json=ADAEZE_GTB)).status_code == 202
    code = await bff.latest_code(ADA)
    tunde = await tunde_token(bff)
    # Tunde confirms with Google Authenticator: his own first step says so.
    asked = await bff.client.post(B, headers=auth(tunde), json=ADAEZE_GTB)
    assert asked.json() == {
        "message": "Enter the verification code in your google authenticator app",
        "twoFactorAuthentication": "GOOGLE_AUTHENTICATOR",
        "passkeyApproval": False,
    }
    stolen = await bff.client.post(B, headers=auth(tunde), json={**ADAEZE_GTB, "otp": code})
    assert stolen.status_code == 400 and stolen.json()["detail"] == "Invalid or expired OTP"
    assert await saved_beneficiaries(bff, tunde) == []
    # Tunde's try did not spend Ada's code.
    mine = await bff.client.post(B, headers=auth(ada), json={**ADAEZE_GTB, "otp": code})
    assert mine.status_code == 201, mine.text


async def test_save_as_beneficiary_after_a_completed_transfer(bff):
    token = await bff.sign_in()
    await send(
        bff,
        token,
        "intrabank",
        "intrabank",
        destinationAccountNumber=TUNDE_ACCOUNT,
        amount=1,
        saveAsBeneficiary=True,
    )
    listed = (await bff.client.get("/api/beneficiaries", headers=auth(token))).json()
    assert [b["accountNumber"] for b in listed] == [TUNDE_ACCOUNT]


async def test_the_core_refuses_a_payment_from_someone_elses_account(bff):
    """Behind the BFF's own ownership check (the kept accounts), the core's: the posting names
    the paying customer, and a debit account that is not theirs moves nothing. Here the
    stored transfer is made to point at Tunde's account after Ada's initiate passed."""
    from sqlalchemy import update

    from bff.transfers.models import Transfer

    token = await bff.sign_in()
    started = await initiate(bff, token, "intrabank", destinationAccountNumber=ADA_CURRENT)
    assert started.status_code == 201, started.text
    async with bff.db.transaction() as session:
        await session.execute(
            update(Transfer)
            .where(Transfer.id == started.json()["id"])
            .values(source_account=TUNDE_ACCOUNT)
        )
    tunde_before = await balance(bff, TUNDE_ACCOUNT)
    done = await confirm(bff, token, started.json()["id"])
    assert done.json()["transferStatus"] == "FAILED", done.text
    assert done.json()["detail"].startswith("This transaction is not permitted on this account.")
    assert await balance(bff, TUNDE_ACCOUNT) == tunde_before
    assert await ledger_is_balanced(bff)
