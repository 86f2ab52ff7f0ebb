"""Through HTTP: NIBSS's watch-list (reports idempotent on their reference, the feed, removal
as a change, the seeded mule) and the inflow watch's flags (the feed, decisions, a tester's
flag, 34 on transfers and holds, REVIEW- holds)."""

from __future__ import annotations

import pytest

from core_sim.tests.helpers import GTB, inquire

MULE = "9000000083"  # the seeded mule at GTBank (fixtures/scenarios.json)
PAYER, PAYEE = "2030000298", "2030000281"  # Faker customers 29 and 28: no other test's
PAYER_CUSTOMER = "CIF00010029"


async def last_seq(sim_client) -> int:  # type: ignore[no-untyped-def]
    feed = (await sim_client.get("/nip/watch-list", params={"limit": 1000})).json()
    while feed["entries"]:
        feed = (
            await sim_client.get("/nip/watch-list", params={"after": feed["last"], "limit": 1000})
        ).json()
    return int(feed["last"])


def report(reference: str, account: str = "0123456789", bank: str = GTB) -> dict[str, str]:
    return {
        "reference": reference,
        "bankCode": bank,
        "accountNumber": account,
        "reason": "Received scam proceeds",
        "reportedBy": "Guaranty Trust Bank",
    }


async def test_the_seeded_mule_is_listed_and_answers_name_inquiry(sim_client, clock):
    listed = (await sim_client.get("/sim/watch-list/")).json()
    mule = [e for e in listed if e["accountNumber"] == MULE]
    assert len(mule) == 1
    assert mule[0]["bankCode"] == GTB and mule[0]["reportedBy"] == "simulator"
    assert mule[0]["removedAt"] is None
    inquiry = await inquire(sim_client, MULE)
    assert (inquiry["responseCode"], inquiry["accountName"]) == ("00", "Chinedu Eze")


async def test_a_report_is_idempotent_on_its_reference(sim_client, clock):
    before = await last_seq(sim_client)
    first = await sim_client.post("/nip/watch-list", json=report("WL-idem-0001"))
    assert first.status_code == 201, first.text
    entry = first.json()
    assert entry["seq"] == before + 1
    assert entry["reportedAt"].startswith("2027-03-01T09:00:00")  # the pinned clock
    again = await sim_client.post("/nip/watch-list", json=report("WL-idem-0001"))
    assert (again.status_code, again.json()) == (200, entry)
    assert await last_seq(sim_client) == before + 1  # never a second row
    other = await sim_client.post("/nip/watch-list", json=report("WL-idem-0001", "0123456798"))
    assert (other.status_code, other.json()["responseCode"]) == (409, "94")


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"bankCode": "999999"}, "16"),  # no such bank
        ({"bankCode": "00013"}, None),
        ({"accountNumber": "12345"}, None),
        ({"reason": ""}, None),
        ({"reference": "x"}, None),
    ],
)
async def test_a_report_is_validated(sim_client, change, code):
    response = await sim_client.post("/nip/watch-list", json={**report("WL-bad-0001"), **change})
    assert response.status_code == 400, response.text
    if code:
        assert response.json()["responseCode"] == code


async def test_the_feed_is_in_seq_order_and_a_removal_is_a_change(sim_client, clock):
    before = await last_seq(sim_client)
    for i, account in enumerate(("1111111111", "2222222222")):
        assert (
            await sim_client.post("/nip/watch-list", json=report(f"WL-feed-{i:04d}", account))
        ).status_code == 201
    feed = (await sim_client.get("/nip/watch-list", params={"after": before})).json()
    assert [(e["seq"], e["accountNumber"]) for e in feed["entries"]] == [
        (before + 1, "1111111111"),
        (before + 2, "2222222222"),
    ]
    assert feed["last"] == before + 2
    assert set(feed["entries"][0]) == {
        "seq",
        "bankCode",
        "accountNumber",
        "reason",
        "reportedBy",
        "reportedAt",
        "removedAt",
    }
    one = (await sim_client.get("/nip/watch-list", params={"after": before, "limit": 1})).json()
    assert [e["seq"] for e in one["entries"]] == [before + 1] and one["last"] == before + 1

    clock.advance(minutes=5)
    removed = await sim_client.delete(f"/sim/watch-list/{GTB}/1111111111")
    assert removed.status_code == 200, removed.text
    assert [e["seq"] for e in removed.json()] == [before + 3]
    feed = (await sim_client.get("/nip/watch-list", params={"after": before + 2})).json()
    assert [(e["seq"], e["accountNumber"]) for e in feed["entries"]] == [(before + 3, "1111111111")]
    assert feed["entries"][0]["removedAt"].startswith("2027-03-01T09:05:00")
    everything = (await sim_client.get("/nip/watch-list", params={"after": before})).json()
    assert [e["seq"] for e in everything["entries"]] == [before + 2, before + 3]  # once each
    listed = {e["accountNumber"] for e in (await sim_client.get("/sim/watch-list/")).json()}
    assert "1111111111" not in listed and "2222222222" in listed
    assert (await sim_client.delete(f"/sim/watch-list/{GTB}/1111111111")).status_code == 404
    nothing = (await sim_client.get("/nip/watch-list", params={"after": before + 99})).json()
    assert nothing == {"entries": [], "last": before + 99}


@pytest.mark.parametrize("params", [{"limit": 0}, {"limit": 1001}, {"after": -1}])
async def test_the_feed_bounds_its_page(sim_client, params):
    assert (await sim_client.get("/nip/watch-list", params=params)).status_code == 400


async def test_a_tester_lists_an_account_without_a_reference(sim_client, clock):
    added = await sim_client.post(
        "/sim/watch-list/", json={"bankCode": GTB, "accountNumber": "3333333333", "reason": "x"}
    )
    assert added.status_code == 201, added.text
    assert added.json()["reference"].startswith("SIM-")
    assert added.json()["reportedBy"] == "simulator"
    assert (await sim_client.delete(f"/sim/watch-list/{GTB}/3333333333")).status_code == 200


# -- the inflow watch's flags, through HTTP --------------------------------------------------


async def transfer(sim_client, reference: str, kobo: int = 100, **headers: str):  # type: ignore[no-untyped-def]
    return await sim_client.post(
        "/core/transfers",
        json={
            "reference": reference,
            "debitAccount": PAYER,
            "creditAccount": PAYEE,
            "amountKobo": kobo,
            "narration": "risk test",
        },
        headers=headers,
    )


async def hold(sim_client, reference: str):  # type: ignore[no-untyped-def]
    return await sim_client.post(
        "/core/holds",
        json={"reference": reference, "account": PAYER, "amountKobo": 100, "narration": "risk"},
    )


async def flags_after(sim_client, after: int) -> dict:  # type: ignore[no-untyped-def,type-arg]
    response = await sim_client.get("/core/risk/flags", params={"after": after})
    assert response.status_code == 200
    return response.json()


async def test_flags_through_http_refuse_decide_and_feed(sim_client, clock):
    start = (await flags_after(sim_client, 0))["last"]
    refused = await transfer(
        sim_client, "risk-http-0001", **{"X-Sim-Scenario": "core.inflow.pass-through"}
    )
    assert refused.status_code == 200
    assert refused.json()["status"] == "FAILED"
    assert (refused.json()["responseCode"], refused.json()["responseMessage"]) == (
        "34",
        "Suspected fraud",
    )
    feed = await flags_after(sim_client, start)
    assert [
        (f["seq"], f["accountNumber"], f["customerId"], f["rule"], f["state"])
        for f in feed["flags"]
    ] == [(start + 1, PAYER, PAYER_CUSTOMER, "PASS_THROUGH", "OPEN")]
    assert feed["flags"][0]["raisedAt"].startswith("2027-03-01T09:00:00")
    assert feed["flags"][0]["decidedAt"] is None and feed["last"] == start + 1

    held = await hold(sim_client, "HOLD-risk-0001")
    assert (held.status_code, held.json()["responseCode"]) == (422, "34")
    review = await hold(sim_client, "REVIEW-risk-0001")
    assert review.status_code == 201, review.text
    assert (await sim_client.post("/core/holds/REVIEW-risk-0001/void")).status_code == 200
    assert (await transfer(sim_client, "risk-http-0002")).json()["responseCode"] == "34"

    cleared = await sim_client.post(f"/core/risk/flags/{PAYER}/decide", json={"decision": "CLEAR"})
    assert cleared.status_code == 200, cleared.text
    assert (cleared.json()["state"], cleared.json()["seq"]) == ("CLEARED", start + 2)
    assert (await transfer(sim_client, "risk-http-0003")).json()["responseCode"] == "00"
    again = await sim_client.post(f"/core/risk/flags/{PAYER}/decide", json={"decision": "CLEAR"})
    assert again.status_code == 409
    never = await sim_client.post(f"/core/risk/flags/{PAYEE}/decide", json={"decision": "CLEAR"})
    assert (never.status_code, never.json()["responseCode"]) == (404, "25")
    bad = await sim_client.post(f"/core/risk/flags/{PAYER}/decide", json={"decision": "MAYBE"})
    assert bad.status_code == 400
    assert (await sim_client.get("/core/ledger/balance-check")).json()["balanced"] is True


async def test_a_testers_flag_and_confirm_keep_the_account_blocked(sim_client, clock):
    start = (await flags_after(sim_client, 0))["last"]
    body = {"accountNumber": PAYER, "rule": "MANY_SENDERS"}
    raised = await sim_client.post("/sim/risk/flags", json=body)
    assert raised.status_code == 201, raised.text
    assert (await sim_client.post("/sim/risk/flags", json=body)).status_code == 409
    confirmed = await sim_client.post(
        f"/core/risk/flags/{PAYER}/decide", json={"decision": "CONFIRM"}
    )
    assert confirmed.json()["state"] == "CONFIRMED"
    assert (await transfer(sim_client, "risk-http-0004")).json()["responseCode"] == "34"
    # A confirmed account is blocked for good, but a tester may flag it again and clear it.
    assert (await sim_client.post("/sim/risk/flags", json=body)).status_code == 201
    await sim_client.post(f"/core/risk/flags/{PAYER}/decide", json={"decision": "CLEAR"})
    assert (await transfer(sim_client, "risk-http-0005")).json()["responseCode"] == "00"
    feed = await flags_after(sim_client, start)
    assert [(f["seq"], f["state"]) for f in feed["flags"]] == [
        (start + 2, "CONFIRMED"),
        (start + 4, "CLEARED"),
    ]
    unknown = await sim_client.post(
        "/sim/risk/flags", json={"accountNumber": "1999999999", "rule": "MANY_SENDERS"}
    )
    assert unknown.status_code == 404
