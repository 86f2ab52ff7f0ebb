"""Accounts (open, disable) and Settings (password, limits, two-factor)."""

from __future__ import annotations

import time

import pyotp

from bff.security.password_policy import TOO_WEAK
from bff.tests.helpers import (
    ADA,
    PASSWORD,
    TUNDE,
    TUNDE_TOTP_SECRET,
    Bff,
    P,
    another_code,
    auth,
    change_password,
    new_user_body,
    png_bytes,
    take_selfie,
    upload,
)


async def sign_in_tunde(bff: Bff) -> str:
    login = await bff.login(TUNDE)
    verified = await bff.verify(login.json(), pyotp.TOTP(TUNDE_TOTP_SECRET).now())
    assert verified.status_code == 200, verified.text
    return str(verified.json()["tokenDTO"]["accessToken"])


async def core_status(bff: Bff, number: str) -> str:
    return str((await bff.sim.get(f"/core/accounts/{number}")).json()["status"])


# -- accounts ---------------------------------------------------------------------------


async def test_open_an_account_and_see_it_listed(bff):
    token = await bff.sign_in()
    types = (await bff.client.get("/api/accounts/types", headers=auth(token))).json()
    assert {"id": 4, "name": "Kids Savings Account"} in types
    created = await bff.client.post("/api/accounts", headers=auth(token), json={"accountTypeId": 4})
    assert created.status_code == 201
    assert created.json()["message"] == "Account created successfully"
    number = created.json()["account"]["accountNumber"]
    listed = (await bff.client.get("/api/accounts", headers=auth(token))).json()
    assert number in [a["accountNumber"] for a in listed]


async def test_opening_an_unknown_account_type_is_refused(bff):
    token = await bff.sign_in()
    response = await bff.client.post(
        "/api/accounts", headers=auth(token), json={"accountTypeId": 99}
    )
    assert (
        response.status_code == 400 and response.json()["detail"] == "Choose a valid account type"
    )


async def test_disable_an_empty_account_with_a_code(bff):
    token = await bff.sign_in()
    number = (
        await bff.client.post("/api/accounts", headers=auth(token), json={"accountTypeId": 2})
    ).json()["account"]["accountNumber"]
    step1 = await bff.client.post(f"/api/accounts/{number}/disable", headers=auth(token))
    assert (
        step1.status_code == 200 and step1.json()["twoFactorAuthentication"] == "OTP_AUTHENTICATION"
    )
    code = await bff.latest_code(ADA)
    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    refused = await bff.client.post(
        f"/api/accounts/{number}/disable/confirm", headers=auth(token), json={"otp": wrong}
    )
    assert refused.status_code == 400 and await core_status(bff, number) == "ACTIVE"
    done = await bff.client.post(
        f"/api/accounts/{number}/disable/confirm", headers=auth(token), json={"otp": code}
    )
    assert done.status_code == 200 and done.json()["message"] == "Account disabled successfully"
    assert await core_status(bff, number) == "DISABLED"
    # A disabled account takes no money.
    moved = await bff.sim.post(
        "/core/transfers",
        json={
            "reference": f"to-disabled-{number}",
            "debitAccount": "1020000115",
            "creditAccount": number,
            "amountKobo": 100,
            "narration": "x",
        },
    )
    assert moved.json()["status"] == "FAILED" and moved.json()["responseCode"] == "57"


async def test_an_account_with_money_cannot_be_disabled(bff):
    token = await bff.sign_in()
    response = await bff.client.post("/api/accounts/1020000115/disable", headers=auth(token))
    assert response.status_code == 409
    assert response.json()["detail"].startswith(
        "Move the money out of this account before disabling it"
    )


async def test_the_only_active_account_cannot_be_disabled(bff_factory, prospect):
    bff = await bff_factory(auto_approve_reviews=True)
    body = new_user_body(prospect)
    email = body["email"]
    assert (
        await bff.client.post("/auth/ibanking/personal/registration/new", json=body)
    ).status_code == 201
    await bff.client.post(
        "/auth/ibanking/personal/email/verification",
        json={"email": email, "code": await bff.latest_code(email)},
    )
    token = await bff.sign_in(email)
    await bff.client.post(
        "/api/onboarding/basic-profile",
        headers=auth(token),
        json={
            "firstName": body["firstName"],
            "lastName": body["lastName"],
            "email": email,
            "phoneNumber": body["phoneNumber"],
            "bvn": body["bvn"],
            "nin": prospect["nin"],
        },
    )
    await upload(bff, token, 1, png_bytes())
    await upload(bff, token, 2, png_bytes(), core_type=1)
    await take_selfie(bff, token)
    token = await bff.sign_in(email)  # onboarding complete now
    accounts = (await bff.client.get("/api/accounts", headers=auth(token))).json()
    assert len(accounts) == 1 and accounts[0]["availableBalance"] == 0
    response = await bff.client.post(
        f"/api/accounts/{accounts[0]['accountNumber']}/disable", headers=auth(token)
    )
    assert response.status_code == 409
    assert response.json()["detail"] == "You cannot disable your only active account"


async def test_another_customers_account_is_refused_on_every_account_call(bff):
    token = await bff.sign_in()
    tunde_account = "1020000218"
    calls = [
        bff.client.get(f"/api/accounts/{tunde_account}", headers=auth(token)),
        bff.client.post(f"/api/accounts/{tunde_account}/disable", headers=auth(token)),
        bff.client.post(
            f"/api/accounts/{tunde_account}/disable/confirm",
            headers=auth(token),
            json={"otp": "123456"},
        ),
        bff.client.post(
            f"{P}/transaction-limits",
            headers=auth(token),
            json={
                "dailyTransactionLimit": 1000,
                "singleTransactionLimit": 500,
                "nuban": tunde_account,
            },
        ),
    ]
    for call in calls:
        response = await call
        assert response.status_code == 404, response.text
    assert await core_status(bff, tunde_account) == "ACTIVE"


# -- password ---------------------------------------------------------------------------


async def test_change_password_ends_other_sessions_and_the_old_one_fails(bff):
    other = await bff.sign_in()
    token = await bff.sign_in()
    body = {
        "oldPassword": PASSWORD,
        "newPassword": "Brand#New2026",
        "confirmPassword": "Brand#New2026",
    }
    response = await change_password(bff, token, body)
    assert (
        response.status_code == 200
        and response.json()["message"] == "Password changed successfully"
    )
    assert (await bff.client.get("/api/accounts", headers=auth(token))).status_code == 200
    assert (await bff.client.get("/api/accounts", headers=auth(other))).status_code == 401
    assert (await bff.login(ADA, PASSWORD)).status_code == 401
    assert (await bff.login(ADA, "Brand#New2026")).status_code == 200


async def test_change_password_rules(bff):
    token = await bff.sign_in()
    cases = [
        (
            {"newPassword": "Brand#New2026", "confirmPassword": "Brand#New2026"},
            {"field": "oldPassword", "message": "Password is required"},
        ),
        (
            {"oldPassword": PASSWORD, "newPassword": "Sh0rt!", "confirmPassword": "Sh0rt!"},
            {"field": "newPassword", "message": "Password must be at least 8 characters"},
        ),
        (
            {
                "oldPassword": PASSWORD,
                "newPassword": "nouppercase1!",
                "confirmPassword": "nouppercase1!",
            },
            {
                "field": "newPassword",
                "message": TOO_WEAK,
            },
        ),
        (
            {"oldPassword": PASSWORD, "newPassword": "Brand#New2026"},
            {"field": "confirmPassword", "message": "Confirm Password is required"},
        ),
        (
            {
                "oldPassword": PASSWORD,
                "newPassword": "Brand#New2026",
                "confirmPassword": "Brand#New2027",
            },
            {"field": "confirmPassword", "message": "Passwords do not match"},
        ),
    ]
    for body, error in cases:
        response = await bff.client.patch(f"{P}/password", headers=auth(token), json=body)
        assert response.status_code == 400 and error in response.json()["errors"], (
            body,
            response.text,
        )
    wrong = await bff.client.patch(
        f"{P}/password",
        headers=auth(token),
        json={
            "oldPassword": "Wrong#2026",
            "newPassword": "Brand#New2026",
            "confirmPassword": "Brand#New2026",
        },
    )
    assert wrong.status_code == 400 and wrong.json()["detail"] == "Your old password is incorrect"
    assert (await bff.login(ADA, PASSWORD)).status_code == 200


async def test_changing_the_password_needs_a_fresh_code(bff):
    """Step-up (issue 12): the first call checks and sends a code but changes nothing; a wrong
    code changes nothing; a code cannot be reused; the old password is checked again."""
    token = await bff.sign_in()
    body = {
        "oldPassword": PASSWORD,
        "newPassword": "Brand#New2026",
        "confirmPassword": "Brand#New2026",
    }
    sent = await bff.client.patch(f"{P}/password", headers=auth(token), json=body)
    assert sent.status_code == 202, sent.text
    assert sent.json() == {
        "message": "Enter the OTP sent to your registered email & phone number",
        "twoFactorAuthentication": "OTP_AUTHENTICATION",
    }
    code = await bff.latest_code(ADA)
    assert (await bff.login(ADA, PASSWORD)).status_code == 200  # nothing changed yet

    wrong = await bff.client.patch(
        f"{P}/password", headers=auth(token), json={**body, "otp": another_code(code)}
    )
    assert wrong.status_code == 400 and wrong.json()["errors"][0]["field"] == "otp", wrong.text
    stale_old = await bff.client.patch(
        f"{P}/password",
        headers=auth(token),
        json={**body, "oldPassword": "Wrong#2026x", "otp": code},
    )
    assert stale_old.json()["detail"] == "Your old password is incorrect"
    assert (await bff.login(ADA, PASSWORD)).status_code == 200

    changed = await bff.client.patch(
        f"{P}/password", headers=auth(token), json={**body, "otp": code}
    )
    assert changed.status_code == 200, changed.text
    again = await bff.client.patch(
        f"{P}/password",
        headers=auth(token),
        json={
            "oldPassword": "Brand#New2026",
            "newPassword": "Other#New2026",
            "confirmPassword": "Other#New2026",
            "otp": code,
        },
    )
    assert again.status_code == 400, again.text  # a used code does not work twice
    assert (await bff.login(ADA, "Brand#New2026")).status_code == 200


async def test_a_google_authenticator_customer_confirms_with_the_app(bff):
    token = await sign_in_tunde(bff)
    body = {
        "oldPassword": PASSWORD,
        "newPassword": "Brand#New2026",
        "confirmPassword": "Brand#New2026",
    }
    sent = await bff.client.patch(f"{P}/password", headers=auth(token), json=body)
    assert sent.status_code == 202, sent.text
    assert sent.json()["twoFactorAuthentication"] == "GOOGLE_AUTHENTICATOR"
    # The sign-in just used this 30-second step's code; the next step's is fresh.
    otp = pyotp.TOTP(TUNDE_TOTP_SECRET).at(time.time() + 30)
    changed = await bff.client.patch(
        f"{P}/password", headers=auth(token), json={**body, "otp": otp}
    )
    assert changed.status_code == 200, changed.text


# -- limits -----------------------------------------------------------------------------


async def test_limits_default_to_the_kyc_ceiling(bff):
    token = await bff.sign_in()
    limits = (await bff.client.get(f"{P}/transaction-limits", headers=auth(token))).json()
    # Every active account, each with three transfer types (other tests may open accounts).
    nubans = [row["nuban"] for row in limits]
    assert {"1020000115", "1020000122", "1020000139"} <= set(nubans)
    assert all(nubans.count(n) == 3 for n in set(nubans))
    first = limits[0]
    assert first["productName"] == "Savings Account (1020000115)"
    assert first["dailyLimit"] == first["maximumDailyLimit"] == 5_000_000.0  # Ada is level 3


async def test_set_a_limit_with_a_code(bff):
    token = await bff.sign_in()
    body = {
        "dailyTransactionLimit": 150000,
        "singleTransactionLimit": 50000.5,
        "nuban": "1020000115",
    }
    pending = await bff.client.post(f"{P}/transaction-limits", headers=auth(token), json=body)
    assert pending.status_code == 200
    change = pending.json()
    assert change["nuban"] == "1020000115" and change["transactionLimitUuid"]
    confirm = {
        "otp": await bff.latest_code(ADA),
        "nuban": "1020000115",
        "transactionLimitUuid": change["transactionLimitUuid"],
    }
    done = await bff.client.post(
        f"{P}/transaction-limits/confirm", headers=auth(token), json=confirm
    )
    assert (
        done.status_code == 200
        and done.json()["message"] == "Transaction limit edited successfully"
    )
    limits = (await bff.client.get(f"{P}/transaction-limits", headers=auth(token))).json()
    savings = [row for row in limits if row["nuban"] == "1020000115"]
    assert {(row["dailyLimit"], row["limitPerTransaction"]) for row in savings} == {
        (150000.0, 50000.5)
    }
    again = await bff.client.post(
        f"{P}/transaction-limits/confirm", headers=auth(token), json=confirm
    )
    assert again.status_code == 400


async def test_a_limit_above_the_tier_maximum_is_refused(bff):
    token = await sign_in_tunde(bff)  # level 2: daily ceiling 200,000
    response = await bff.client.post(
        f"{P}/transaction-limits",
        headers=auth(token),
        json={
            "dailyTransactionLimit": 200000.01,
            "singleTransactionLimit": 1000,
            "nuban": "1020000218",
        },
    )
    assert response.status_code == 400
    assert (
        response.json()["detail"]
        == "The daily limit cannot be above ₦200,000.00 for your KYC level"
    )


async def test_limit_rules(bff):
    token = await bff.sign_in()
    cases = [
        ({"singleTransactionLimit": 10, "nuban": "1020000115"}, "This field is required"),
        (
            {"dailyTransactionLimit": 100, "singleTransactionLimit": 200, "nuban": "1020000115"},
            "Maximum amount per transaction cannot exceed the daily limit",
        ),
        (
            {"dailyTransactionLimit": 100.001, "singleTransactionLimit": 2, "nuban": "1020000115"},
            "Amount can have at most 2 decimal places",
        ),
        (
            {"dailyTransactionLimit": 0, "singleTransactionLimit": 0, "nuban": "1020000115"},
            "Amount must be greater than zero",
        ),
    ]
    for body, message in cases:
        response = await bff.client.post(f"{P}/transaction-limits", headers=auth(token), json=body)
        assert response.status_code == 400 and response.json()["detail"] == message, body


# -- two-factor -------------------------------------------------------------------------


async def test_switch_to_google_authenticator_then_sign_in_with_a_totp(bff):
    token = await bff.sign_in()
    assert (await bff.client.get(f"{P}/2fa/type", headers=auth(token))).json() == {
        "twoFactorAuthenticationType": "OTP_AUTHENTICATION"
    }
    credentials = (
        await bff.client.get(f"{P}/2fa/google-authenticator/generate", headers=auth(token))
    ).json()
    assert credentials["image"].startswith("data:image/png;base64,")
    secret = credentials["secretCode"]
    current = await bff.latest_code(ADA)  # proof of the current factor, sent by generate
    missing = await bff.client.post(
        f"{P}/2fa/google-authenticator/confirm",
        headers=auth(token),
        json={"code": pyotp.TOTP(secret).now()},
    )
    assert missing.status_code == 400
    done = await bff.client.post(
        f"{P}/2fa/google-authenticator/confirm",
        headers=auth(token),
        json={"code": pyotp.TOTP(secret).now(), "currentCode": current},
    )
    assert done.status_code == 200
    assert done.json()["message"] == "Google Authenticator set as 2fa successfully"

    login = await bff.login(ADA)
    assert login.json()["twoFactorAuthentication"] == "GOOGLE_AUTHENTICATOR"
    # The code that confirmed the setup was used within this time step: it cannot be replayed.
    replay = await bff.verify(login.json(), pyotp.TOTP(secret).now())
    if replay.status_code == 200:  # the 30-second step rolled over in between
        return
    assert replay.status_code == 400
    next_step = pyotp.TOTP(secret).at(time.time() + 30)
    # One step of clock drift is accepted, so the next step's code signs in.
    assert (await bff.verify(login.json(), next_step)).status_code == 200


async def test_a_wrong_authenticator_code_does_not_switch(bff):
    token = await bff.sign_in()
    credentials = (
        await bff.client.get(f"{P}/2fa/google-authenticator/generate", headers=auth(token))
    ).json()
    current = await bff.latest_code(ADA)
    wrong = f"{(int(pyotp.TOTP(credentials['secretCode']).now()) + 7) % 1_000_000:06d}"
    response = await bff.client.post(
        f"{P}/2fa/google-authenticator/confirm",
        headers=auth(token),
        json={"code": wrong, "currentCode": current},
    )
    assert response.status_code == 400
    assert (await bff.client.get(f"{P}/2fa/type", headers=auth(token))).json()[
        "twoFactorAuthenticationType"
    ] == "OTP_AUTHENTICATION"


async def test_switch_from_authenticator_back_to_otp_needs_the_current_totp(bff):
    token = await sign_in_tunde(bff)
    generated = await bff.client.get(f"{P}/2fa/otp-authentication/generate", headers=auth(token))
    assert generated.status_code == 200
    sent = await bff.latest_code(TUNDE)
    # Tunde's sign-in used this step's TOTP, so prove the current factor with the next step's.
    current = pyotp.TOTP(TUNDE_TOTP_SECRET).at(time.time() + 30)
    done = await bff.client.post(
        f"{P}/2fa/otp-authentication/confirm",
        headers=auth(token),
        json={"code": sent, "currentCode": current},
    )
    assert done.status_code == 200 and done.json()["message"] == "Otp set as 2fa successfully"
    login = await bff.login(TUNDE)
    assert login.json()["twoFactorAuthentication"] == "OTP_AUTHENTICATION"
    assert (await bff.verify(login.json(), await bff.latest_code(TUNDE))).status_code == 200
