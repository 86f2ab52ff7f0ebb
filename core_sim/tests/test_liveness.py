"""The liveness and face-match vendor (POST /core/identity/liveness): PASS by default with
scores from the image, each outcome forced by a stored rule, the header and a magic BVN/NIN,
idempotent on the reference, and what is not an image refused."""

from __future__ import annotations

import base64

import pytest

from core_sim.identity.liveness import FACE_MATCH_THRESHOLD, LIVENESS_THRESHOLD

NGOZI_BVN, NGOZI_NIN = "22299900001", "70099900001"  # fixtures/identities.json
PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\x00" * 64).decode()
JPEG = base64.b64encode(b"\xff\xd8\xff\xe0" + b"selfie" * 20).decode()
_refs = iter(range(10**6))


async def check(  # type: ignore[no-untyped-def]
    sim_client,
    number: str = NGOZI_BVN,
    id_type: str = "BVN",
    image: str = JPEG,
    reference: str | None = None,
    **headers: str,
):
    body = {
        "reference": reference or f"live-{next(_refs):06d}",
        "idType": id_type,
        "idNumber": number,
        "image": image,
    }
    return await sim_client.post("/core/identity/liveness", json=body, headers=headers)


async def result_of(sim_client, *args, **kwargs) -> str:  # type: ignore[no-untyped-def]
    response = await check(sim_client, *args, **kwargs)
    assert response.status_code == 200, response.text
    return str(response.json()["result"])


async def test_a_selfie_passes_by_default_with_scores_from_the_image(sim_client):
    answer = (await check(sim_client, reference="live-pass-01")).json()
    assert answer["reference"] == "live-pass-01" and answer["result"] == "PASS"
    assert answer["livenessScore"] >= LIVENESS_THRESHOLD
    assert answer["faceMatch"] >= FACE_MATCH_THRESHOLD
    assert "matches" in answer["message"]
    same_image = (await check(sim_client, NGOZI_NIN, "NIN")).json()
    assert (same_image["livenessScore"], same_image["faceMatch"]) == (
        answer["livenessScore"],
        answer["faceMatch"],
    )
    png = (await check(sim_client, image=f"data:image/png;base64,{PNG}")).json()
    assert png["result"] == "PASS" and png["faceMatch"] != answer["faceMatch"]


async def test_the_same_reference_answers_the_same(sim_client):
    first = (await check(sim_client, reference="live-idem-01")).json()
    header = {"X-Sim-Scenario": "identity.liveness.spoof"}  # a replay takes no fault
    again = await check(sim_client, reference="live-idem-01", **header)
    assert (again.status_code, again.json()) == (200, first)
    other = await check(sim_client, image=PNG, reference="live-idem-01")
    assert (other.status_code, other.json()["responseCode"]) == (409, "94")


@pytest.mark.parametrize(
    ("number", "id_type", "result"),
    [
        ("22400000199", "BVN", "FAIL"),
        ("70400000199", "NIN", "FAIL"),
        ("22400000200", "BVN", "SPOOF"),
        ("70400000200", "NIN", "SPOOF"),
    ],
)
async def test_magic_numbers_always_fail_or_spoof(sim_client, number, id_type, result):
    answer = (await check(sim_client, number, id_type)).json()
    assert answer["result"] == result
    if result == "FAIL":
        assert answer["faceMatch"] < FACE_MATCH_THRESHOLD <= answer["livenessScore"]
    else:
        assert answer["livenessScore"] < LIVENESS_THRESHOLD


@pytest.mark.parametrize(
    ("scenario", "number", "result"),
    [
        ("identity.liveness.fail", NGOZI_BVN, "FAIL"),
        ("identity.liveness.spoof", NGOZI_BVN, "SPOOF"),
        ("identity.liveness.pass", "22400000199", "PASS"),  # beats the magic FAIL
    ],
)
async def test_each_outcome_is_forced_by_the_header(sim_client, scenario, number, result):
    assert await result_of(sim_client, number, **{"X-Sim-Scenario": scenario}) == result
    assert await result_of(sim_client, NGOZI_BVN) == "PASS"  # one request only


@pytest.mark.parametrize(
    ("scenario", "result"),
    [
        ("identity.liveness.fail", "FAIL"),
        ("identity.liveness.spoof", "SPOOF"),
        ("identity.liveness.pass", "PASS"),
    ],
)
async def test_each_outcome_is_forced_by_a_stored_rule(sim_client, scenario, result):
    rule = next(s for s in (await sim_client.get("/sim/scenarios")).json() if s["id"] == scenario)
    added = await sim_client.post(
        "/sim/faults/", json={**rule["rule"], "account": "22400000200", "uses": 1}
    )
    assert added.status_code == 201, added.text
    assert await result_of(sim_client, NGOZI_BVN) == "PASS"  # another person: no match
    assert await result_of(sim_client, "22400000200") == result
    assert await result_of(sim_client, "22400000200") == "SPOOF"  # used up: the magic again


async def test_the_vendor_can_be_forced_down(sim_client):
    await sim_client.post(
        "/sim/faults/", json={"operation": "identity.liveness", "effect": "unavailable", "uses": 1}
    )
    assert (await check(sim_client)).status_code == 503


async def test_an_unknown_bvn_or_nin_is_404(sim_client):
    for number, id_type in (("22299999999", "BVN"), ("70099999999", "NIN")):
        response = await check(sim_client, number, id_type)
        assert (response.status_code, response.json()["responseCode"]) == (404, "25")


@pytest.mark.parametrize(
    "image",
    [
        "not base64 at all!",
        base64.b64encode(b"GIF89a" + b"\x00" * 32).decode(),
        "data:image/png," + PNG,
        base64.b64encode(b"\xff\xd8\xff" + b"\x00" * (2 * 1024 * 1024)).decode(),
        "",
    ],
    ids=["bad-base64", "gif", "data-url-not-base64", "over-2-MiB", "empty"],
)
async def test_what_is_not_an_image_is_400(sim_client, image):
    response = await check(sim_client, image=image)
    assert response.status_code == 400, response.text
