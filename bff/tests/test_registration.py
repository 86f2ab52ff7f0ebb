"""Registration, e-mail verification and password recovery."""

from __future__ import annotations

import base64
import re
from datetime import timedelta

import pytest
from sqlalchemy import func, select, update

from bff.auth.models import PasswordReset
from bff.db import utcnow
from bff.tests.helpers import ADA, PASSWORD, Bff, new_user_body
from bff.users.models import User

BASE = "/auth/ibanking/personal"
PERSONA_USERS = 4  # Ada, Tunde, Chioma and the admin (Musa has no internet banking)


async def register(bff: Bff, body: dict):  # type: ignore[no-untyped-def,type-arg]
    return await bff.client.post(f"{BASE}/registration/new", json=body)


async def user_count(bff: Bff) -> int:
    async with bff.db.transaction() as session:
        return int(await session.scalar(select(func.count()).select_from(User)) or 0)


async def test_reference_data_for_the_form(bff):
    enums = (await bff.client.get(f"{BASE}/registration-enums")).json()
    assert enums["gender"] == ["MALE", "FEMALE"]
    assert enums["requiredRegistrationParameter"] == "accountNumber"
    states = (await bff.client.get(f"{BASE}/states")).json()
    assert len(states) == 37 and {"code": "LA", "name": "Lagos"} in states
    types = (await bff.client.get(f"{BASE}/account-types")).json()
    assert {"id": 1, "name": "Savings Account"} in types


async def test_new_user_registers_verifies_the_email_and_signs_in(bff, prospect):
    body = new_user_body(prospect)
    response = await register(bff, body)
    assert response.status_code == 201, response.text
    assert response.json()["message"] == "Registered successfully"
    email = body["email"]
    # Signing in before verifying: a clear refusal that says what to do.
    refused = await bff.login(email)
    assert refused.status_code == 403
    assert refused.json()["code"] == "EMAIL_NOT_VERIFIED"
    code = await bff.latest_code(email)
    verified = await bff.client.post(
        f"{BASE}/email/verification", json={"email": email, "code": code}
    )
    assert verified.status_code == 200 and verified.json()["message"] == "OTP verified"
    login = await bff.login(email)
    assert login.status_code == 200
    session = (await bff.verify(login.json(), await bff.latest_code(email))).json()
    assert session["onboardingComplete"] is False
    assert session["firstName"] == prospect["firstName"]
    # The core now has the customer with a first savings account.
    async with bff.db.transaction() as db_session:
        customer_id = await db_session.scalar(select(User.customer_id).where(User.email == email))
    accounts = (await bff.sim.get(f"/core/customers/{customer_id}/accounts")).json()
    assert [a["accountTypeName"] for a in accounts] == ["Savings Account"]


async def test_registering_twice_with_one_email_is_refused(bff, prospect):
    body = new_user_body(prospect)
    assert (await register(bff, body)).status_code == 201
    again = await register(bff, {**body, "phoneNumber": "08000000001"})
    assert again.status_code == 409
    assert again.json()["detail"] == "An account with this email already exists"
    assert await user_count(bff) == PERSONA_USERS + 1


async def test_a_bvn_that_already_banks_here_is_sent_to_the_owner_path(bff):
    ada_record = (await bff.sim.get("/core/identity/bvn/22212345601")).json()
    body = new_user_body(
        {**ada_record, "gender": "FEMALE"},
        email="someone.new@example.com",
        phoneNumber="08077777777",
    )
    response = await register(bff, body)
    assert response.status_code == 409
    assert (
        response.json()["detail"]
        == "You already bank with us. Please register as a Bank Account Owner."
    )
    assert await user_count(bff) == PERSONA_USERS


async def test_every_registration_rule_is_checked_on_the_server(bff, prospect):
    cases = {
        "password": ("short1!", "Password must be at least 8 characters"),
        "confirmPassword": ("", "Confirm Password is required"),
        "bvn": ("2221234", "Bvn must be at least 11 characters"),
        "phoneNumber": ("0803123", "Phone number must be 11 digits"),
        "email": ("not-an-email", "Enter a valid email address"),
        "dateOfBirth": ("1990-01-01", "Enter the date of birth as dd/mm/yyyy"),
        "firstName": ("", "This field is required"),
        "gender": ("OTHER", "Choose one of the options"),
    }
    for field, (value, message) in cases.items():
        body = new_user_body(prospect, **{field: value})
        response = await register(bff, body)
        assert response.status_code == 400, field
        assert {"field": field, "message": message} in response.json()["errors"], field
    weak = await register(
        bff, new_user_body(prospect, password="password1", confirmPassword="password1")
    )
    assert weak.json()["detail"] == (
        "Password must contain at least 1 uppercase letter, 1 special character, and 1 number"
    )
    mismatch = await register(bff, new_user_body(prospect, confirmPassword="Other@2026"))
    assert {"field": "confirmPassword", "message": "Passwords do not match"} in mismatch.json()[
        "errors"
    ]
    missing = await register(bff, {})
    assert missing.status_code == 400 and len(missing.json()["errors"]) >= 12
    assert await user_count(bff) == PERSONA_USERS


async def test_a_core_failure_leaves_no_user_and_the_retry_works(bff, prospect):
    # The core is unreachable for customer creation: nothing is written, a retry succeeds.
    body = new_user_body(prospect)
    original = bff.app.state.core.create_customer

    async def down(_: dict) -> None:  # type: ignore[type-arg]
        from bff.core_client import CoreUnavailable

        raise CoreUnavailable("simulated outage")

    bff.app.state.core.create_customer = down
    try:
        failed = await register(bff, body)
    finally:
        bff.app.state.core.create_customer = original
    assert failed.status_code == 503
    assert await user_count(bff) == PERSONA_USERS
    assert (await register(bff, body)).status_code == 201


async def test_account_owner_registers_with_account_number_and_bvn(bff):
    body = {
        "registrationType": "ACCOUNT_OWNER",
        "accountNUBAN": "1020000414",
        "bvn": "22212345604",
        "email": "musa.ibrahim@example.com",
        "password": PASSWORD,
        "confirmPassword": PASSWORD,
    }
    response = await bff.client.post(f"{BASE}/registration/existing", json=body)
    assert response.status_code == 201, response.text
    again = await bff.client.post(
        f"{BASE}/registration/existing", json={**body, "email": "other@example.com"}
    )
    assert again.status_code == 409
    code = await bff.latest_code("musa.ibrahim@example.com")
    await bff.client.post(
        f"{BASE}/email/verification", json={"email": "musa.ibrahim@example.com", "code": code}
    )
    assert (await bff.login("musa.ibrahim@example.com")).status_code == 200


async def test_account_owner_with_details_that_do_not_match_is_refused(bff):
    base = {
        "registrationType": "ACCOUNT_OWNER",
        "accountNUBAN": "1020000414",
        "email": "impostor@example.com",
        "password": PASSWORD,
        "confirmPassword": PASSWORD,
    }
    for proof in ({"bvn": "22212345601"}, {"phoneNumber": "08099999999"}):
        response = await bff.client.post(f"{BASE}/registration/existing", json={**base, **proof})
        assert response.status_code == 400
        assert response.json()["detail"].startswith("We could not match these details")
    unknown = await bff.client.post(
        f"{BASE}/registration/existing",
        json={**base, "accountNUBAN": "1999999999", "bvn": "22212345604"},
    )
    assert unknown.status_code == 400
    no_number = await bff.client.post(
        f"{BASE}/registration/existing", json={**base, "accountNUBAN": ""}
    )
    assert {"field": "accountNUBAN", "message": "This field is required"} in no_number.json()[
        "errors"
    ]
    assert await user_count(bff) == PERSONA_USERS


async def test_wrong_email_code_is_refused_and_resend_gives_a_new_one(bff, prospect):
    body = new_user_body(prospect)
    await register(bff, body)
    email = body["email"]
    first = await bff.latest_code(email)
    wrong = f"{(int(first) + 1) % 1_000_000:06d}"
    refused = await bff.client.post(
        f"{BASE}/email/verification", json={"email": email, "code": wrong}
    )
    assert refused.status_code == 400 and refused.json()["detail"] == "Invalid or expired OTP"
    async with bff.db.transaction() as session:  # let the resend interval pass
        from bff.auth.models import OtpChallenge

        await session.execute(
            update(OtpChallenge).values(created_at=utcnow() - timedelta(minutes=1))
        )
    resent = await bff.client.post(f"{BASE}/email/resend-code", json={"email": email})
    assert resent.json()["message"] == "OTP Resent"
    second = await bff.latest_code(email)
    if second != first:
        old = await bff.client.post(
            f"{BASE}/email/verification", json={"email": email, "code": first}
        )
        assert old.status_code == 400
    ok = await bff.client.post(f"{BASE}/email/verification", json={"email": email, "code": second})
    assert ok.status_code == 200


async def test_resend_for_an_unknown_email_answers_the_same(bff):
    response = await bff.client.post(
        f"{BASE}/email/resend-code", json={"email": "ghost@example.com"}
    )
    assert response.status_code == 200 and response.json()["message"] == "OTP Resent"


# -- password recovery ------------------------------------------------------------------


def b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


async def reset_link(bff: Bff, email: str) -> tuple[str, str]:
    inbox = (await bff.sim.get("/sim/messages", params={"recipient": email})).json()
    match = re.search(r"/reset-password/([^/\s]+)/(\S+)", inbox[0]["body"])
    assert match, inbox[0]["body"]
    from urllib.parse import unquote

    return match.group(1), unquote(match.group(2))


async def test_forgot_password_is_indistinguishable_for_unknown_identifiers(bff):
    known = await bff.client.post(f"{BASE}/password/forgot/{b64(ADA)}")
    unknown = await bff.client.post(f"{BASE}/password/forgot/{b64('nobody@example.com')}")
    by_phone = await bff.client.post(f"{BASE}/password/forgot/{b64('08031234501')}")
    assert known.status_code == unknown.status_code == by_phone.status_code == 200
    assert known.json() == unknown.json() == {"message": "Email sent successfully"}
    assert known.headers.get("content-length") == unknown.headers.get("content-length")
    inbox = (await bff.sim.get("/sim/messages", params={"recipient": "nobody@example.com"})).json()
    assert inbox == []


async def test_reset_link_sets_the_password_once_and_ends_every_session(bff):
    token = await bff.sign_in()
    await bff.client.post(f"{BASE}/password/forgot/{b64(ADA)}")
    code, email = await reset_link(bff, ADA)
    check = await bff.client.get(
        f"{BASE}/password/verify", params={"resetCode": code, "email": email}
    )
    assert check.status_code == 200 and check.json() == {"valid": True}
    new_password = "Gbedu#2027x"
    body = {
        "email": email,
        "passwordResetCode": code,
        "password": new_password,
        "confirmPassword": new_password,
    }
    reset = await bff.client.patch(f"{BASE}/password/reset", json=body)
    assert reset.status_code == 200 and reset.json()["message"] == "Password reset successfully"
    again = await bff.client.patch(f"{BASE}/password/reset", json=body)
    assert again.status_code == 400
    assert again.json()["detail"] == "This link is invalid or has already been used"
    old_session = await bff.client.get(
        "/api/accounts", headers={"Authorization": f"Bearer {token}"}
    )
    assert old_session.status_code == 401
    assert (await bff.login(ADA, PASSWORD)).status_code == 401
    assert (await bff.login(ADA, new_password)).status_code == 200


async def test_reset_password_rules_are_checked(bff):
    await bff.client.post(f"{BASE}/password/forgot/{b64(ADA)}")
    code, email = await reset_link(bff, ADA)
    body = {
        "email": email,
        "passwordResetCode": code,
        "password": "Gbedu#2027x",
        "confirmPassword": "Other#2027",
    }
    response = await bff.client.patch(f"{BASE}/password/reset", json=body)
    assert response.status_code == 400
    assert {"field": "confirmPassword", "message": "Passwords do not match"} in response.json()[
        "errors"
    ]
    assert (await bff.login(ADA, PASSWORD)).status_code == 200  # unchanged


@pytest.mark.parametrize("common", ["Password@123", "P@ssw0rd!2026", "Welcome1!", "Nigeria@2024"])
async def test_common_passwords_are_refused_even_when_they_meet_the_rules(bff, prospect, common):
    """Checked against 20,000 passwords from breaches, also with the digits and symbols
    people add at the ends taken off and look-alike symbols read as letters."""
    response = await register(bff, new_user_body(prospect, password=common, confirmPassword=common))
    assert response.status_code == 400
    assert {
        "field": "password",
        "message": "This password is too common. Choose one that is harder to guess",
    } in response.json()["errors"]
    assert await user_count(bff) == PERSONA_USERS


async def test_an_expired_link_is_refused_and_a_new_one_is_sent(bff):
    await bff.client.post(f"{BASE}/password/forgot/{b64(ADA)}")
    code, email = await reset_link(bff, ADA)
    async with bff.db.transaction() as session:
        await session.execute(
            update(PasswordReset).values(expires_at=utcnow() - timedelta(seconds=1))
        )
    check = await bff.client.get(
        f"{BASE}/password/verify", params={"resetCode": code, "email": email}
    )
    assert check.status_code == 400
    assert check.json()["detail"] == (
        "This link is invalid or has expired, a new link has been sent to your email"
    )
    new_code, _ = await reset_link(bff, ADA)
    assert new_code != code


async def test_a_link_for_another_email_is_refused(bff):
    await bff.client.post(f"{BASE}/password/forgot/{b64(ADA)}")
    code, _ = await reset_link(bff, ADA)
    check = await bff.client.get(
        f"{BASE}/password/verify", params={"resetCode": code, "email": "tunde.bakare@example.com"}
    )
    assert check.status_code == 400
