"""Liveness (docs/contract.md §16.6): a selfie the core's identity vendor matches to the BVN
photo, at onboarding and for a returning profile; three failed tries go to a person."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import update

from bff.auth.models import Device
from bff.db import utcnow
from bff.liveness.service import NO_MATCH, NOT_LIVE
from bff.tests.helpers import (
    ADA,
    API,
    CHIOMA,
    CHIOMA_PROFILE,
    TUNDE_ACCOUNT,
    admin_token,
    auth,
    data_url,
    initiate,
    png_bytes,
)
from bff.users.freeze import SELFIE_REQUIRED

LIVENESS = f"{API}/liveness"
FAIL = {"X-Sim-Scenario": "identity.liveness.fail"}
SPOOF = {"X-Sim-Scenario": "identity.liveness.spoof"}


async def applicant(bff) -> str:  # type: ignore[no-untyped-def]
    token = await bff.sign_in(CHIOMA)
    saved = await bff.client.post(f"{API}/basic-profile", headers=auth(token), json=CHIOMA_PROFILE)
    assert saved.status_code == 200, saved.text
    return str(token)


async def selfie(bff, token: str, headers: dict[str, str] | None = None, n: int = 1):  # type: ignore[no-untyped-def]
    return await bff.client.post(
        LIVENESS,
        headers={**auth(token), **(headers or {})},
        json={"image": data_url(png_bytes(n))},
    )


async def test_a_failed_selfie_can_be_taken_again_and_then_passes(bff_factory):
    bff = await bff_factory(allow_sim_scenarios=True)
    token = await applicant(bff)
    start = (await bff.client.get(LIVENESS, headers=auth(token))).json()
    assert (start["status"], start["attemptsLeft"]) == ("REQUIRED", 3)
    failed = (await selfie(bff, token, FAIL)).json()
    assert failed == {"status": "FAILED", "attemptsLeft": 2, "message": NO_MATCH}
    spoofed = (await selfie(bff, token, SPOOF, 2)).json()
    assert (spoofed["status"], spoofed["attemptsLeft"], spoofed["message"]) == (
        "FAILED",
        1,
        NOT_LIVE,
    )
    passed = (await selfie(bff, token, n=3)).json()
    assert passed["status"] == "PASSED"
    assert passed["message"] == "Thank you. Your selfie matches your BVN photo."
    statuses = (await bff.client.get("/api/onboarding-statuses", headers=auth(token))).json()
    assert statuses["livenessStatus"] == "PASSED"
    again = await selfie(bff, token, n=4)
    assert again.status_code == 409 and again.json()["detail"] == "Your selfie is already checked"


async def test_three_failed_tries_go_to_a_person_who_decides(bff_factory):
    bff = await bff_factory(allow_sim_scenarios=True)
    token = await applicant(bff)
    for n in range(1, 4):
        answer = (await selfie(bff, token, FAIL, n)).json()
    assert answer["status"] == "REFERRED" and "a member of our team" in answer["message"]
    assert (await selfie(bff, token, n=9)).status_code == 409
    admin = await admin_token(bff)
    [referred] = (await bff.client.get("/admin/api/liveness/referred", headers=auth(admin))).json()
    user_id = referred["userId"]
    photo = (
        await bff.client.get(f"/admin/api/liveness/{user_id}/selfie", headers=auth(admin))
    ).json()["message"]
    # The last try (re-encoded as every upload is, metadata stripped), sealed for the person.
    assert photo.startswith("data:image/png;base64,")
    unexplained = await bff.client.post(
        f"/admin/api/liveness/{user_id}/decline", headers=auth(admin), json={}
    )
    assert unexplained.status_code == 400
    declined = await bff.client.post(
        f"/admin/api/liveness/{user_id}/decline",
        headers=auth(admin),
        json={"reason": "The photo is too dark."},
    )
    assert declined.status_code == 200
    state = (await bff.client.get(LIVENESS, headers=auth(token))).json()
    assert (state["status"], state["attemptsLeft"]) == ("REQUIRED", 3)
    for n in range(4, 7):
        await selfie(bff, token, FAIL, n)
    approved = await bff.client.post(f"/admin/api/liveness/{user_id}/approve", headers=auth(admin))
    assert approved.status_code == 200
    assert (await bff.client.get(LIVENESS, headers=auth(token))).json()["status"] == "PASSED"
    forgotten = await bff.client.get(f"/admin/api/liveness/{user_id}/selfie", headers=auth(admin))
    assert forgotten.status_code == 404  # decided: the selfie is not kept
    mail = (await bff.sim.get("/sim/messages", params={"recipient": CHIOMA})).json()[0]
    assert "it is you" in mail["body"]


async def test_a_selfie_must_be_a_photo(bff):
    token = await applicant(bff)
    for body in ({}, {"image": "data:text/plain;base64,aGVsbG8="}):
        refused = await bff.client.post(LIVENESS, headers=auth(token), json=body)
        assert refused.status_code == 400
        assert refused.json()["errors"][0] == {
            "field": "image",
            "message": "Upload a JPEG or PNG photo",
        }


async def test_a_dormant_profile_owes_a_selfie_before_money_leaves(bff):
    token = await bff.sign_in(ADA)
    liveness = bff.app.state.jobs.liveness
    assert await liveness.require_dormant() == 0  # used just now
    async with bff.db.transaction() as session:
        await session.execute(update(Device).values(last_used_at=utcnow() - timedelta(days=181)))
    assert await liveness.require_dormant() >= 1
    async with bff.db.transaction() as session:
        await session.execute(update(Device).values(last_used_at=utcnow()))
    owed = await initiate(bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT)
    assert owed.status_code == 409 and owed.json()["detail"] == SELFIE_REQUIRED
    personal = "/api/ibanking/personal/liveness/"
    passed = await bff.client.post(
        personal, headers=auth(token), json={"image": data_url(png_bytes())}
    )
    assert passed.json()["status"] == "PASSED", passed.text
    sent = await initiate(bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT)
    assert sent.status_code == 201, sent.text
