"""Onboarding: basic profile with identity checks, documents, back-office review, completion."""

from __future__ import annotations

from bff.onboarding.service import ONBOARDING_COMPLETE, UNDER_REVIEW
from bff.tests.helpers import (
    ADA,
    API,
    CHIOMA,
    CHIOMA_PROFILE,
    Bff,
    admin_token,
    auth,
    data_url,
    png_bytes,
    take_selfie,
    upload,
)


async def status(bff: Bff, token: str) -> dict:  # type: ignore[type-arg]
    return (await bff.client.get("/api/onboarding-statuses", headers=auth(token))).json()


async def test_unfinished_customer_is_kept_out_of_accounts(bff):
    token = await bff.sign_in(CHIOMA)
    response = await bff.client.get("/api/accounts", headers=auth(token))
    assert response.status_code == 403
    assert response.json()["detail"] == "Complete your onboarding to use this feature."


async def test_basic_profile_is_prefilled_from_the_bank(bff):
    token = await bff.sign_in(CHIOMA)
    profile = (await bff.client.get(f"{API}/basic-profile", headers=auth(token))).json()
    assert profile == CHIOMA_PROFILE


async def test_all_three_status_paths_answer_the_same(bff):
    token = await bff.sign_in(CHIOMA)
    answers = [
        (await bff.client.get(path, headers=auth(token))).json()
        for path in ("/api/onboarding-statuses", "/api/onboarding/status", "/api/onboarding-status")
    ]
    assert answers[0] == answers[1] == answers[2]
    assert answers[0]["basicProfileStatus"] is None and answers[0]["onboardingComplete"] is False


async def test_matching_bvn_and_nin_are_approved_and_the_profile_waits_for_review(bff):
    token = await bff.sign_in(CHIOMA)
    saved = await bff.client.post(f"{API}/basic-profile", headers=auth(token), json=CHIOMA_PROFILE)
    assert saved.status_code == 200
    assert saved.json()["message"] == "Basic Profile updated successfully"
    now = await status(bff, token)
    assert (now["basicProfileStatus"], now["bvnStatus"], now["ninStatus"]) == (
        "SUBMITTED",
        "APPROVED",
        "APPROVED",
    )


async def test_a_bvn_with_another_name_is_declined_with_a_reason(bff):
    token = await bff.sign_in(CHIOMA)
    body = {**CHIOMA_PROFILE, "bvn": "22212345601"}  # Ada's BVN
    await bff.client.post(f"{API}/basic-profile", headers=auth(token), json=body)
    now = await status(bff, token)
    assert now["bvnStatus"] == "DECLINED"
    assert now["bvnComment"] == "The name on this BVN does not match the name in your profile."
    assert now["ninStatus"] == "APPROVED"


async def test_an_unknown_nin_is_declined(bff):
    token = await bff.sign_in(CHIOMA)
    await bff.client.post(
        f"{API}/basic-profile", headers=auth(token), json={**CHIOMA_PROFILE, "nin": "79999999999"}
    )
    assert (await status(bff, token))["ninComment"] == (
        "We could not find this NIN. Check the number and try again."
    )


async def test_identity_registry_outage_is_retried_on_the_next_status_read(bff):
    token = await bff.sign_in(CHIOMA)
    # The registry times out once (the simulator ends the hang in a 504, a timeout).
    await bff.sim.post(
        "/sim/faults/",
        json={"operation": "identity.bvn", "effect": "timeout", "delayMs": 3000, "uses": 1},
    )
    await bff.client.post(f"{API}/basic-profile", headers=auth(token), json=CHIOMA_PROFILE)
    after = await status(bff, token)
    assert after["bvnStatus"] == "APPROVED"  # the status read re-ran the check


async def test_basic_profile_rules(bff):
    token = await bff.sign_in(CHIOMA)
    response = await bff.client.post(
        f"{API}/basic-profile",
        headers=auth(token),
        json={**CHIOMA_PROFILE, "lastName": "", "bvn": "123", "phoneNumber": "0803"},
    )
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert {"field": "lastName", "message": "This field is required"} in errors
    assert {"field": "bvn", "message": "BVN must be 11 digits"} in errors
    assert {"field": "phoneNumber", "message": "Phone number must be 11 digits"} in errors
    assert (await status(bff, token))["basicProfileStatus"] is None


async def test_document_slots_and_types(bff):
    token = await bff.sign_in(CHIOMA)
    slots = (await bff.client.get(f"{API}/documents", headers=auth(token))).json()
    assert [s["documentName"] for s in slots] == [
        "Passport Photograph",
        "Means of Identification",
        "Proof of Address",
    ]
    assert [s["mandatory"] for s in slots] == [True, True, False]
    assert all(s["uploaded"] is False and s["id"] is None for s in slots)
    types = (await bff.client.get(f"{API}/document-types", headers=auth(token))).json()
    assert {"coreBankingId": 1, "name": "International Passport"} in types


async def test_upload_view_and_delete_a_document(bff):
    token = await bff.sign_in(CHIOMA)
    response = await upload(bff, token, 1, png_bytes())
    assert response.status_code == 201
    assert response.json()["message"] == "Document uploaded successfully"
    document = response.json()["document"]
    assert (document["description"], document["status"], document["uploaded"]) == (
        "Passport Photograph",
        "SUBMITTED",
        True,
    )
    content = (
        await bff.client.get(f"{API}/documents/{document['id']}/download", headers=auth(token))
    ).json()
    assert content["content"] == data_url(png_bytes())
    deleted = await bff.client.delete(f"{API}/documents/{document['id']}", headers=auth(token))
    assert deleted.json()["message"] == "Deleted successfully"
    slots = (await bff.client.get(f"{API}/documents", headers=auth(token))).json()
    assert slots[0]["uploaded"] is False


async def test_an_executable_renamed_png_is_refused(bff):
    token = await bff.sign_in(CHIOMA)
    exe = b"MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff" + b"\x00" * 200
    response = await upload(bff, token, 1, exe)  # sent as data:image/png
    assert response.status_code == 400
    assert response.json()["detail"] == "Only PNG and JPEG images are accepted"


async def test_a_file_over_2mb_is_refused_and_exactly_2mb_is_accepted(bff):
    token = await bff.sign_in(CHIOMA)
    limit = 2 * 1024 * 1024
    base = len(png_bytes(1)) - 1
    exact = png_bytes(limit - base)
    assert len(exact) == limit
    over = png_bytes(limit - base + 1)
    refused = await upload(bff, token, 1, over)
    assert refused.status_code == 400 and refused.json()["detail"] == "File size exceeds 2MB limit"
    assert (await upload(bff, token, 1, exact)).status_code == 201


async def test_a_non_passport_document_needs_a_type(bff):
    token = await bff.sign_in(CHIOMA)
    response = await upload(bff, token, 2, png_bytes(), core_type=None)
    assert response.status_code == 400
    assert response.json()["detail"] == "Please select a valid document type before uploading."
    typed = await upload(bff, token, 2, png_bytes(), core_type=2)
    assert typed.json()["document"]["description"] == "Driver's Licence"


async def test_another_customers_document_is_not_found(bff):
    chioma = await bff.sign_in(CHIOMA)
    document = (await upload(bff, chioma, 1, png_bytes())).json()["document"]
    musa_body = {
        "registrationType": "ACCOUNT_OWNER",
        "accountNUBAN": "1020000414",
        "bvn": "22212345604",
        "email": "musa.ibrahim@example.com",
        "password": "Kobo@2026",
        "confirmPassword": "Kobo@2026",
    }
    await bff.client.post("/auth/ibanking/personal/registration/existing", json=musa_body)
    code = await bff.latest_code("musa.ibrahim@example.com")
    await bff.client.post(
        "/auth/ibanking/personal/email/verification",
        json={"email": "musa.ibrahim@example.com", "code": code},
    )
    musa = await bff.sign_in("musa.ibrahim@example.com")
    for call in (
        bff.client.get(f"{API}/documents/{document['id']}/download", headers=auth(musa)),
        bff.client.delete(f"{API}/documents/{document['id']}", headers=auth(musa)),
    ):
        assert (await call).status_code == 404
    still = (await bff.client.get(f"{API}/documents", headers=auth(chioma))).json()
    assert still[0]["id"] == document["id"]


async def test_business_information_is_not_for_personal_customers(bff):
    token = await bff.sign_in(CHIOMA)
    assert (await bff.client.get(f"{API}/business-information", headers=auth(token))).json() == {
        "required": False
    }
    assert (
        await bff.client.post(f"{API}/business-information", headers=auth(token))
    ).status_code == 400


async def test_back_office_declines_then_approves_and_onboarding_completes(bff):
    token = await bff.sign_in(CHIOMA)
    await bff.client.post(f"{API}/basic-profile", headers=auth(token), json=CHIOMA_PROFILE)
    await upload(bff, token, 1, png_bytes())
    identity = (await upload(bff, token, 2, png_bytes(), core_type=1)).json()["document"]
    assert (await status(bff, token))["documentStatus"] == "SUBMITTED"

    # Customers cannot use the back-office API.
    assert (
        await bff.client.get("/admin/api/onboarding/reviews", headers=auth(token))
    ).status_code == 403

    admin = await admin_token(bff)
    pending = (await bff.client.get("/admin/api/onboarding/reviews", headers=auth(admin))).json()
    chioma = next(a for a in pending if a["email"] == CHIOMA)
    assert len(chioma["documents"]) == 2
    no_reason = await bff.client.post(
        f"/admin/api/onboarding/documents/{identity['id']}/review",
        headers=auth(admin),
        json={"decision": "DECLINE"},
    )
    assert no_reason.status_code == 400
    await bff.client.post(
        f"/admin/api/onboarding/documents/{identity['id']}/review",
        headers=auth(admin),
        json={"decision": "DECLINE", "comment": "The picture is blurred"},
    )
    declined = await status(bff, token)
    assert (declined["documentStatus"], declined["documentComment"]) == (
        "DECLINED",
        "The picture is blurred",
    )
    slots = (await bff.client.get(f"{API}/documents", headers=auth(token))).json()
    assert slots[1]["verificationComment"] == "The picture is blurred"
    mail = (await bff.sim.get("/sim/messages", params={"recipient": CHIOMA})).json()[0]
    assert "Reason: The picture is blurred" in mail["body"]

    # The customer rectifies; the back office approves everything.
    fixed = (await upload(bff, token, 2, png_bytes(5), core_type=1)).json()["document"]
    applicant = (
        await bff.client.get(
            f"/admin/api/onboarding/applicants/{chioma['userId']}", headers=auth(admin)
        )
    ).json()
    for document in applicant["documents"]:
        await bff.client.post(
            f"/admin/api/onboarding/documents/{document['id']}/review",
            headers=auth(admin),
            json={"decision": "APPROVE"},
        )
    assert fixed["id"] in [d["id"] for d in applicant["documents"]]
    assert (await status(bff, token))["onboardingComplete"] is False
    await bff.client.post(
        f"/admin/api/onboarding/applicants/{chioma['userId']}/basic-profile/review",
        headers=auth(admin),
        json={"decision": "APPROVE"},
    )
    # Every section approved; the selfie is still owed.
    owed = await status(bff, token)
    assert (owed["onboardingComplete"], owed["livenessStatus"]) == (False, "REQUIRED")
    await take_selfie(bff, token)
    done = await status(bff, token)
    assert done["onboardingComplete"] is True
    assert {
        done[k] for k in ("basicProfileStatus", "documentStatus", "bvnStatus", "ninStatus")
    } == {"APPROVED"}

    # Signing in again gives onboardingComplete and the accounts open up.
    login = await bff.login(CHIOMA)
    session = (await bff.verify(login.json(), await bff.latest_code(CHIOMA))).json()
    assert session["onboardingComplete"] is True
    accounts = await bff.client.get(
        "/api/accounts", headers=auth(session["tokenDTO"]["accessToken"])
    )
    assert accounts.status_code == 200 and accounts.json()[0]["accountNumber"] == "1020000311"


async def test_auto_approval_setting_finishes_onboarding_alone(bff_factory):
    bff = await bff_factory(auto_approve_reviews=True)
    token = await bff.sign_in(CHIOMA)
    await bff.client.post(f"{API}/basic-profile", headers=auth(token), json=CHIOMA_PROFILE)
    await upload(bff, token, 1, png_bytes())
    await upload(bff, token, 2, png_bytes(), core_type=3)
    await take_selfie(bff, token)
    assert (await status(bff, token))["onboardingComplete"] is True


async def test_an_onboarded_customer_cannot_redo_onboarding_steps(bff):
    token = await bff.sign_in(ADA)
    before = await status(bff, token)
    assert before["onboardingComplete"] is True
    profile = {**CHIOMA_PROFILE, "firstName": "Ada", "lastName": "Okafor", "email": ADA}
    again = await bff.client.post(f"{API}/basic-profile", headers=auth(token), json=profile)
    assert again.status_code == 409, again.text
    assert again.json()["detail"] == ONBOARDING_COMPLETE
    uploaded = await upload(bff, token, 1, png_bytes())
    assert uploaded.status_code == 409
    assert await status(bff, token) == before
    assert not [p for p in bff.app.state.settings.uploads_dir.rglob("*") if p.is_file()]


async def test_onboarding_under_review_cannot_be_changed_until_a_section_is_declined(bff):
    token = await bff.sign_in(CHIOMA)
    await bff.client.post(f"{API}/basic-profile", headers=auth(token), json=CHIOMA_PROFILE)
    await upload(bff, token, 1, png_bytes())
    identity = (await upload(bff, token, 2, png_bytes(), core_type=1)).json()["document"]
    before = await status(bff, token)
    assert before["basicProfileStatus"] == before["documentStatus"] == "SUBMITTED"

    again = await bff.client.post(f"{API}/basic-profile", headers=auth(token), json=CHIOMA_PROFILE)
    assert again.status_code == 409 and again.json()["detail"] == UNDER_REVIEW
    assert (await upload(bff, token, 2, png_bytes(3), core_type=1)).status_code == 409
    removed = await bff.client.delete(f"{API}/documents/{identity['id']}", headers=auth(token))
    assert removed.status_code == 409
    assert await status(bff, token) == before

    # A declined section opens onboarding again for the customer to rectify.
    admin = await admin_token(bff)
    await bff.client.post(
        f"/admin/api/onboarding/documents/{identity['id']}/review",
        headers=auth(admin),
        json={"decision": "DECLINE", "comment": "The picture is blurred"},
    )
    assert (await upload(bff, token, 2, png_bytes(5), core_type=1)).status_code == 201
