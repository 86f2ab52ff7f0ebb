"""Passkeys end to end through the HTTP contract, with a software authenticator
(bff/tests/soft_authenticator.py): register after a code, sign in without a code, approve a
transfer bound to its details, and the refusals — a replayed assertion, one made for another
payment, a wrong origin, no user verification, a removed passkey."""

from __future__ import annotations

import dataclasses
from datetime import timedelta

import pytest
from sqlalchemy import select, update

from bff.config import Settings, webauthn_problems
from bff.db import utcnow
from bff.passkeys.models import Passkey, WebAuthnChallenge
from bff.tests.census import counting
from bff.tests.helpers import (
    ADA,
    ADA_PHONE,
    ADA_SAVINGS,
    PASSKEY_REFUSED,
    PASSKEY_SIGN_IN,
    TUNDE_ACCOUNT,
    Bff,
    P,
    auth,
    balance,
    initiate,
    ledger_is_balanced,
    make_settings,
    register,
    sign_in_with,
)
from bff.tests.soft_authenticator import SoftAuthenticator
from kobo_serving.env import SettingError

SIGN_IN_REFUSED = "We could not sign you in with this passkey. Please sign in with your password."


async def approval_for(bff: Bff, token: str, transfer_id: str, device: SoftAuthenticator) -> dict:  # type: ignore[type-arg]
    options = await bff.client.post(
        "/api/transfer/passkey-options", headers=auth(token), json={"id": transfer_id}
    )
    assert options.status_code == 200, options.text
    return device.get(options.json()["options"])


async def confirm_with(bff: Bff, token: str, transfer_id: str, assertion: dict):  # type: ignore[no-untyped-def,type-arg]
    return await bff.client.post(
        "/api/transfer/intrabank/confirm",
        headers=auth(token),
        json={"id": transfer_id, "passkey": assertion},
    )


async def to_tunde(bff: Bff, token: str, amount: float) -> str:
    started = await initiate(
        bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT, amount=amount
    )
    assert started.status_code == 201, started.text
    # The dialog offers the passkey exactly when the customer has one.
    has_one = (await bff.client.get(f"{P}/passkeys", headers=auth(token))).json() != []
    assert started.json()["passkeyApproval"] is has_one
    return str(started.json()["id"])


async def test_register_sign_in_and_remove(bff):
    token = await bff.sign_in()
    device = SoftAuthenticator()
    registered = await register(bff, token, device)
    assert registered["status"] == 201, registered
    passkey = registered["body"]["passkey"]
    assert passkey["name"] == "Chrome on Android" and passkey["lastUsedAt"] is None
    listed = (await bff.client.get(f"{P}/passkeys", headers=auth(token))).json()
    assert [p["id"] for p in listed] == [passkey["id"]]
    # The customer is told by e-mail and by SMS (through the outbox).
    mails = (await bff.sim.get("/sim/messages", params={"recipient": ADA})).json()
    assert any("passkey" in m["body"] and "Chrome on Android" in m["body"] for m in mails)
    texts = (await bff.sim.get("/sim/messages", params={"recipient": ADA_PHONE})).json()
    assert any('a passkey named "Chrome on Android" was added' in m["body"] for m in texts)

    # Signing in asks for no code: the inbox's latest message stays what it was.
    inbox_before = (await bff.sim.get("/sim/messages", params={"recipient": ADA})).json()
    _, signed_in = await sign_in_with(bff, device)
    assert signed_in.status_code == 200, signed_in.text
    session = signed_in.json()
    assert session["email"] == ADA and session["onboardingComplete"] is True
    inbox_after = (await bff.sim.get("/sim/messages", params={"recipient": ADA})).json()
    assert not any("verification code" in m["body"] for m in inbox_after[: -len(inbox_before)])
    new_token = session["tokenDTO"]["accessToken"]
    listed = (await bff.client.get(f"{P}/passkeys", headers=auth(new_token))).json()
    assert listed[0]["lastUsedAt"] is not None

    # Removing takes a code; afterwards the passkey signs nobody in.
    removal = f"{P}/passkeys/{passkey['id']}/remove"
    sent = await bff.client.post(removal, headers=auth(new_token), json={})
    assert sent.status_code == 202, sent.text
    wrong = await bff.client.post(removal, headers=auth(new_token), json={"otp": "000000"})
    assert wrong.status_code == 400
    removed = await bff.client.post(
        removal, headers=auth(new_token), json={"otp": await bff.latest_code(ADA)}
    )
    assert removed.status_code == 200, removed.text
    assert (await bff.client.get(f"{P}/passkeys", headers=auth(new_token))).json() == []
    _, refused = await sign_in_with(bff, device)
    assert refused.status_code == 401 and refused.json()["detail"] == SIGN_IN_REFUSED


async def test_a_passkey_is_removed_with_another_passkey_and_only_that_one(bff):
    """Settings lets a customer remove a passkey with a code or another passkey; the
    approval names the passkey removed, so it removes no other, and is used once."""
    token = await bff.sign_in()
    phone, laptop, tablet = SoftAuthenticator(), SoftAuthenticator(), SoftAuthenticator()
    ids = []
    for device in (phone, laptop, tablet):
        added = await register(bff, token, device)
        assert added["status"] == 201, added
        ids.append(added["body"]["passkey"]["id"])
    phone_id, laptop_id, _ = ids

    async def approval(passkey_id: int, device: SoftAuthenticator) -> dict:  # type: ignore[type-arg]
        options = await bff.client.post(
            f"{P}/passkeys/{passkey_id}/passkey-options", headers=auth(token)
        )
        assert options.status_code == 200, options.text
        return device.get(options.json()["options"])

    def remove(passkey_id: int, **body: object):  # type: ignore[no-untyped-def]
        return bff.client.post(f"{P}/passkeys/{passkey_id}/remove", headers=auth(token), json=body)

    for_phone = await approval(phone_id, tablet)
    other = await remove(laptop_id, passkey=for_phone)  # made for the phone's removal
    assert other.status_code == 400 and other.json()["detail"] == PASSKEY_REFUSED
    both = await remove(phone_id, passkey=for_phone, otp="123456")
    assert both.status_code == 400, both.text
    removed = await remove(phone_id, passkey=for_phone)
    assert (
        removed.status_code == 200 and removed.json()["message"] == "Passkey removed successfully"
    )
    again = await remove(laptop_id, passkey=for_phone)  # used up
    assert again.status_code in (400, 404)
    listed = (await bff.client.get(f"{P}/passkeys", headers=auth(token))).json()
    assert sorted(p["id"] for p in listed) == sorted(ids[1:])
    _, refused = await sign_in_with(bff, phone)
    assert refused.status_code == 401


async def test_registration_needs_the_code_and_user_verification(bff):
    token = await bff.sign_in()
    await bff.client.get(f"{P}/2fa/passkey/generate", headers=auth(token))
    wrong = await bff.client.post(
        f"{P}/2fa/passkey/options", headers=auth(token), json={"code": "000000"}
    )
    assert wrong.status_code == 400
    unverified = await register(bff, token, SoftAuthenticator(), verified=False)
    assert unverified["status"] == 400
    elsewhere = await register(bff, token, SoftAuthenticator(), origin="https://kobo.example")
    assert elsewhere["status"] == 400
    assert (await bff.client.get(f"{P}/passkeys", headers=auth(token))).json() == []


async def test_sign_in_refuses_replay_wrong_origin_and_no_user_verification(bff):
    token = await bff.sign_in()
    device = SoftAuthenticator()
    assert (await register(bff, token, device))["status"] == 201
    credential, first = await sign_in_with(bff, device)
    assert first.status_code == 200
    replayed = await bff.client.post(f"{PASSKEY_SIGN_IN}/sign-in", json={"credential": credential})
    assert replayed.status_code == 401 and replayed.json()["detail"] == SIGN_IN_REFUSED
    _, phished = await sign_in_with(bff, device, origin="https://kobo-login.example")
    assert phished.status_code == 401
    _, unverified = await sign_in_with(bff, device, verified=False)
    assert unverified.status_code == 401
    _, unknown = await sign_in_with(bff, SoftAuthenticator())
    assert unknown.status_code == 401
    # The counter: a cloned key that signs with an old count is refused.
    device.sign_count = 0
    _, cloned = await sign_in_with(bff, device)
    assert cloned.status_code == 401
    device.sign_count = 50
    _, still_good = await sign_in_with(bff, device)
    assert still_good.status_code == 200


async def test_approve_a_transfer_with_a_passkey(bff):
    token = await bff.sign_in()
    device = SoftAuthenticator()
    assert (await register(bff, token, device))["status"] == 201
    before_ada, before_tunde = await balance(bff, ADA_SAVINGS), await balance(bff, TUNDE_ACCOUNT)
    transfer_id = await to_tunde(bff, token, 1500.25)
    assertion = await approval_for(bff, token, transfer_id, device)
    done = await confirm_with(bff, token, transfer_id, assertion)
    assert done.status_code == 200, done.text
    assert done.json()["status"] == "COMPLETED"
    # The same approval again: the first outcome, and the money moved once.
    again = await confirm_with(bff, token, transfer_id, assertion)
    assert again.status_code == 200 and again.json()["id"] == transfer_id
    assert (await balance(bff, ADA_SAVINGS))[0] == before_ada[0] - 150_025
    assert (await balance(bff, TUNDE_ACCOUNT))[0] == before_tunde[0] + 150_025
    assert await ledger_is_balanced(bff)
    # Replayed on a new transfer of the same amount to the same payee: refused.
    second = await to_tunde(bff, token, 1500.25)
    replayed = await confirm_with(bff, token, second, assertion)
    assert replayed.status_code == 400 and replayed.json()["detail"] == PASSKEY_REFUSED
    assert (await bff.client.get(f"/api/transfer/{second}", headers=auth(token))).json()[
        "status"
    ] == "AWAITING_OTP"


async def test_an_approval_for_one_payment_cannot_confirm_another(bff):
    token = await bff.sign_in()
    device = SoftAuthenticator()
    assert (await register(bff, token, device))["status"] == 201
    small = await to_tunde(bff, token, 10)
    large = await to_tunde(bff, token, 900)
    large_code = await bff.latest_code(ADA)
    for_small = await approval_for(bff, token, small, device)
    # The large one's options were asked for too: the small one's signature still fails.
    await approval_for(bff, token, large, device)
    refused = await confirm_with(bff, token, large, for_small)
    assert refused.status_code == 400 and refused.json()["detail"] == PASSKEY_REFUSED
    answer = await bff.client.get(f"/api/transfer/{large}", headers=auth(token))
    assert answer.json()["status"] == "AWAITING_OTP"
    # The small one's approval still confirms the small one; the code, the large one.
    assert (await confirm_with(bff, token, small, for_small)).status_code == 200
    by_code = await bff.client.post(
        "/api/transfer/intrabank/confirm",
        headers=auth(token),
        json={"id": large, "otp": large_code},
    )
    assert by_code.status_code == 200, by_code.text


async def test_an_approval_made_at_another_origin_is_refused(bff):
    token = await bff.sign_in()
    device = SoftAuthenticator()
    assert (await register(bff, token, device))["status"] == 201
    transfer_id = await to_tunde(bff, token, 10)
    options = await bff.client.post(
        "/api/transfer/passkey-options", headers=auth(token), json={"id": transfer_id}
    )
    phished = device.get(options.json()["options"], origin="https://kobo-pay.example")
    refused = await confirm_with(bff, token, transfer_id, phished)
    assert refused.status_code == 400 and refused.json()["detail"] == PASSKEY_REFUSED
    # Nothing was used up by the refusal: the code still confirms the transfer.
    code = await bff.latest_code(ADA)
    done = await bff.client.post(
        "/api/transfer/intrabank/confirm",
        headers=auth(token),
        json={"id": transfer_id, "otp": code},
    )
    assert done.status_code == 200, done.text


async def test_confirm_takes_a_code_or_a_passkey(bff):
    token = await bff.sign_in()
    transfer_id = await to_tunde(bff, token, 10)
    neither = await bff.client.post(
        "/api/transfer/intrabank/confirm", headers=auth(token), json={"id": transfer_id}
    )
    assert neither.status_code == 400 and neither.json()["detail"] == "This field is required"
    # No passkey yet: approval options are refused with the reason.
    options = await bff.client.post(
        "/api/transfer/passkey-options", headers=auth(token), json={"id": transfer_id}
    )
    assert options.status_code == 400
    assert options.json()["detail"].startswith("You have no passkey yet")


async def test_a_ceremony_started_on_one_process_finishes_on_another(bff_factory):
    first = await bff_factory()
    second = await bff_factory(database_url=first.app.state.settings.database_url)
    token = await first.sign_in()
    device = SoftAuthenticator()
    assert (await register(first, token, device))["status"] == 201
    options = (await first.client.post(f"{PASSKEY_SIGN_IN}/options")).json()["options"]
    answer = await second.client.post(
        f"{PASSKEY_SIGN_IN}/sign-in", json={"credential": device.get(options)}
    )
    assert answer.status_code == 200, answer.text


async def test_an_expired_challenge_is_refused(bff):
    token = await bff.sign_in()
    device = SoftAuthenticator()
    assert (await register(bff, token, device))["status"] == 201
    options = (await bff.client.post(f"{PASSKEY_SIGN_IN}/options")).json()["options"]
    async with bff.db.transaction() as session:
        await session.execute(
            update(WebAuthnChallenge)
            .where(WebAuthnChallenge.challenge == options["challenge"])
            .values(expires_at=utcnow() - timedelta(seconds=1))
        )
    late = await bff.client.post(
        f"{PASSKEY_SIGN_IN}/sign-in", json={"credential": device.get(options)}
    )
    assert late.status_code == 401
    async with bff.db.transaction() as session:
        stored = await session.scalar(select(Passkey.sign_count))
    assert stored == 0  # the refused assertion moved nothing
    # The background pass deletes what can no longer be answered, and only that.
    fresh = (await bff.client.post(f"{PASSKEY_SIGN_IN}/options")).json()["options"]
    assert await bff.app.state.jobs.forget_expired_challenges() >= 1
    async with bff.db.transaction() as session:
        left = set((await session.scalars(select(WebAuthnChallenge.challenge))).all())
    assert options["challenge"] not in left and fresh["challenge"] in left


def test_relying_party_settings_are_checked_at_start(tmp_path):
    assert webauthn_problems("localhost", ("http://localhost:8000",), False) == []
    assert webauthn_problems("kobo.ng", ("https://app.kobo.ng",), True) == []
    assert webauthn_problems("127.0.0.1", ("http://127.0.0.1:8000",), False)
    assert webauthn_problems("kobo.ng", ("https://kobo.evil",), False)
    assert webauthn_problems("kobo.ng", ("http://kobo.ng",), False)
    assert webauthn_problems("localhost", ("http://localhost:8000",), True)
    settings = make_settings(f"sqlite+aiosqlite:///{tmp_path}/x.sqlite3")
    wrong = dataclasses.replace(settings, webauthn_origins=("https://elsewhere.example",))
    with pytest.raises(SettingError, match="relying party"):
        wrong.check_webauthn()
    from bff.services import build

    with pytest.raises(SettingError):
        build(wrong)
    assert isinstance(settings, Settings)


# A passkey sign-in on a device Kobo knows: the challenge stored; the credential with its
# customer, the challenge used up, the count moved on, the device seen, the session, the
# audit line. The morning rush signs in this way (issue 57, docs/benchmarks.md).
PASSKEY_SIGN_IN_STATEMENTS = 8


async def test_a_passkey_sign_in_stays_within_its_statements(bff):
    token = await bff.sign_in()
    device = SoftAuthenticator()
    assert (await register(bff, token, device))["status"] == 201
    _, first = await sign_in_with(bff, device)  # the device is known from here on
    assert first.status_code == 200, first.text
    with counting(bff.app.state.db.engine.url.database) as census:
        _, signed = await sign_in_with(bff, device)
    assert signed.status_code == 200, signed.text
    assert census.statements["bff"] <= PASSKEY_SIGN_IN_STATEMENTS, "\n".join(census.texts)
    assert census.calls == []  # nothing asked of the core
