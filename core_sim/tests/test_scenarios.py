"""The scenario catalogue, X-Sim-Scenario, the malformed/unavailable effects and the clock."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from core_sim.faults.scenarios import CATALOGUE
from core_sim.faults.service import KNOWN_OPERATIONS
from core_sim.settings import FIXTURES_DIR
from core_sim.tests.helpers import inquire, send, tsq

ADA_SAVINGS = "1020000115"
CATALOGUE_FILE = FIXTURES_DIR / "scenarios.json"


# Ids the BFF was built against before their operation was named: the watch-list's mule is
# one of the BFF's risk-check outcomes (operation risk.check).
IDS_OUTSIDE_THEIR_OPERATION = {"risk.watch-list.mule": "risk.check"}


def test_every_operation_has_scenarios_and_every_scenario_is_a_valid_rule():
    covered = {s.operation for s in CATALOGUE.values()}
    assert covered == set(KNOWN_OPERATIONS)
    for scenario in CATALOGUE.values():
        if scenario.id in IDS_OUTSIDE_THEIR_OPERATION:
            assert IDS_OUTSIDE_THEIR_OPERATION[scenario.id] == scenario.operation
            continue
        assert scenario.id.startswith(scenario.operation + ".")
        assert scenario.customer_sees and scenario.outcome


async def test_every_catalogue_rule_is_accepted_by_sim_faults(sim_client):
    listed = (await sim_client.get("/sim/scenarios")).json()
    assert len(listed) == len(CATALOGUE)
    for item in listed:
        response = await sim_client.post("/sim/faults/", json={**item["rule"], "uses": 1})
        assert response.status_code == 201, (item["id"], response.text)
    await sim_client.delete("/sim/faults/")


async def test_every_catalogue_id_is_taken_in_the_header(sim_client):
    """The ids of fixtures/scenarios.json, the file the web app's mocks read too
    (webapp/src/mocks/forcing/catalogue.test.ts checks the mocks take each one)."""
    ids = [item["id"] for item in json.loads(CATALOGUE_FILE.read_text())["catalogue"]]
    assert ids and set(ids) == set(CATALOGUE)
    for scenario_id in ids:
        response = await sim_client.get("/sim/faults/", headers={"X-Sim-Scenario": scenario_id})
        assert response.status_code == 200, (scenario_id, response.text)


async def test_the_header_applies_to_one_call_of_one_request(sim_client):
    header = {"X-Sim-Scenario": "nip.name_inquiry.decline-91"}
    response = await sim_client.post(
        "/nip/name-inquiry",
        json={"destinationInstitutionCode": "000013", "accountNumber": "9000000014"},
        headers=header,
    )
    assert response.json()["responseCode"] == "91"
    # The next request, without the header, is untouched.
    assert (await inquire(sim_client, "9000000014"))["responseCode"] == "00"


async def test_an_unknown_scenario_is_refused_clearly(sim_client):
    response = await sim_client.get(
        f"/core/accounts/{ADA_SAVINGS}", headers={"X-Sim-Scenario": "nip.transfer.explode"}
    )
    assert response.status_code == 400
    assert "Unknown scenario nip.transfer.explode" in response.json()["detail"]


async def test_unavailable_does_nothing_and_answers_503(sim_client):
    session_id = (await inquire(sim_client, "9000000014"))["sessionId"]
    response = await sim_client.post(
        "/nip/transfers",
        json={
            "reference": "nip-down-0001",
            "nameInquiryRef": session_id,
            "debitAccount": ADA_SAVINGS,
            "destinationInstitutionCode": "000013",
            "beneficiaryAccount": "9000000014",
            "beneficiaryName": "X",
            "amountKobo": 5000,
            "narration": "test",
        },
        headers={"X-Sim-Scenario": "nip.transfer.unavailable"},
    )
    assert response.status_code == 503
    assert await tsq(sim_client, "nip-down-0001") == "25"  # the switch never saw it


async def test_malformed_does_the_work_and_garbles_the_answer(sim_client):
    await sim_client.post(
        "/sim/faults/", json={"operation": "nip.transfer", "effect": "malformed", "uses": 1}
    )
    session_id = (await inquire(sim_client, "9000000014"))["sessionId"]
    response = await send(sim_client, "nip-garbled-01", "9000000014", session_id)
    assert response.status_code == 200
    with pytest.raises(json.JSONDecodeError):
        response.json()
    assert await tsq(sim_client, "nip-garbled-01") == "00"  # it was processed


async def test_account_reads_can_be_forced_down(sim_client):
    await sim_client.post(
        "/sim/faults/", json={"operation": "accounts.read", "effect": "unavailable", "uses": 1}
    )
    assert (await sim_client.get(f"/core/accounts/{ADA_SAVINGS}")).status_code == 503
    assert (await sim_client.get(f"/core/accounts/{ADA_SAVINGS}")).status_code == 200


async def test_the_clock_moves_settles_pending_and_resets(sim_client):
    await sim_client.post(
        "/sim/faults/",
        json={
            "operation": "nip.transfer",
            "effect": "pending",
            "pendingOutcome": "00",
            "resolveAfterMs": 3_600_000,
            "uses": 1,
        },
    )
    session_id = (await inquire(sim_client, "9000000014"))["sessionId"]
    assert (await send(sim_client, "nip-clock-0001", "9000000014", session_id)).json()[
        "responseCode"
    ] == "09"
    assert await tsq(sim_client, "nip-clock-0001") == "09"
    try:
        moved = (await sim_client.post("/sim/clock/advance", json={"seconds": 7200})).json()
        assert moved["offsetSeconds"] == 7200
        assert await tsq(sim_client, "nip-clock-0001") == "00"  # an hour's wait, done at once
        target = datetime(2027, 1, 31, 9, 0, tzinfo=UTC)
        now = (await sim_client.post("/sim/clock/set", json={"now": target.isoformat()})).json()[
            "now"
        ]
        assert abs(datetime.fromisoformat(now) - target) < timedelta(seconds=5)
        refused = await sim_client.post("/sim/clock/set", json={"now": "2027-01-31T09:00:00"})
        assert refused.status_code == 400
    finally:
        reset = (await sim_client.post("/sim/clock/reset")).json()
    assert reset["offsetSeconds"] == 0
    assert abs(datetime.fromisoformat(reset["now"]) - datetime.now(UTC)) < timedelta(seconds=5)


def test_docs_show_the_current_catalogue():
    from core_sim.faults.catalogue_doc import documented, render_markdown

    assert documented() == render_markdown(), "run: python -m core_sim catalogue --write"


def test_a_refresh_read_before_a_clock_move_does_not_undo_it():
    """The 1 s refresh from the database raced a tester's advance: a read that began before
    the move finished after it and put the old offset back (a flaky pending-then-00 test)."""
    from datetime import timedelta

    from core_sim.simclock import state

    original = state.offset()
    try:
        seen = state.changes()  # the refresh starts reading the stored (old) offset ...
        state.set_offset(timedelta(seconds=60))  # ... a tester advances the clock ...
        state.set_offset_unless_changed_since(timedelta(0), seen)  # ... the read lands
        assert state.offset() == timedelta(seconds=60)
        state.set_offset_unless_changed_since(timedelta(seconds=5), state.changes())
        assert state.offset() == timedelta(seconds=5)  # an up-to-date refresh still applies
    finally:
        state.set_offset(original)


async def test_operations_without_rules_skip_the_database_and_new_rules_apply_at_once(
    sim_client,
):
    """The fault check asks the database only for operations that have rules (hot path),
    and a rule added through this process applies to the very next call."""
    from core_sim.faults import live

    db = sim_client._transport.app.state.db  # type: ignore[attr-defined]
    await live.refresh(db)
    assert not live.may_have_rules(db, "accounts.read")
    added = await sim_client.post(
        "/sim/faults/", json={"operation": "accounts.read", "effect": "unavailable", "uses": 1}
    )
    assert added.status_code == 201
    assert live.may_have_rules(db, "accounts.read")
    refused = await sim_client.get("/core/accounts/1020000115")
    assert refused.status_code == 503
    assert (await sim_client.get("/core/accounts/1020000115")).status_code == 200


async def test_another_simulators_refresh_loop_leaves_this_ones_clock_alone(sim_client):
    """Tests run several simulators in one process, sharing the one offset: the loop of a
    simulator whose stored offset did not change must not put it back over a move made
    through another (the pending-then-00 scenario test failed this way in the full suite)."""
    import asyncio
    from datetime import timedelta

    from core_sim.simclock import state
    from core_sim.simclock.service import follow_stored_offset

    db = sim_client._transport.app.state.db  # type: ignore[attr-defined]
    original = state.offset()
    loop = asyncio.create_task(follow_stored_offset(db, every_s=0.01))
    try:
        await asyncio.sleep(0.05)
        state.set_offset(timedelta(seconds=60))  # a move made through another simulator
        await asyncio.sleep(0.1)  # ten turns of this simulator's loop
        assert state.offset() == timedelta(seconds=60)
    finally:
        loop.cancel()
        state.set_offset(original)
