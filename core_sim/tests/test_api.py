"""The simulator's HTTP API as testers and the BFF use it."""

from __future__ import annotations

import logging


async def test_personas_are_seeded_with_their_fixed_account_numbers(sim_client):
    response = await sim_client.get("/core/customers/CIF00000001/accounts")
    assert response.status_code == 200
    numbers = [a["accountNumber"] for a in response.json()]
    assert numbers == ["1020000115", "1020000122", "1020000139"]
    assert all(a["availableBalanceKobo"] > 0 for a in response.json())


async def test_an_unknown_customer_has_no_accounts_list(sim_client):
    for path in ("accounts", "activity?since=2026-01-01T00:00:00Z"):
        response = await sim_client.get(f"/core/customers/CIF99999999/{path}")
        assert response.status_code == 404, path
        assert response.json()["detail"] == "Customer CIF99999999 not found"


async def test_seeded_ledger_sums_to_zero(sim_client):
    check = (await sim_client.get("/core/ledger/balance-check")).json()
    assert check == {"sumOfAllBalancesKobo": 0, "balanced": True}


async def test_persona_has_months_of_history(sim_client):
    lines = (await sim_client.get("/core/accounts/1020000115/statement?limit=500")).json()
    assert len(lines) > 30
    assert any(line["amountKobo"] < 0 for line in lines) and any(
        line["amountKobo"] > 0 for line in lines
    )


async def test_history_lines_are_filtered_and_paged_by_the_core(sim_client):
    url = "/core/accounts/1020000122/lines"
    every = (await sim_client.get("/core/accounts/1020000122/statement?limit=20000")).json()
    first = (await sim_client.get(url, params={"limit": 25})).json()
    assert first["lines"] == every[:25]
    assert first["total"] == len(every) and first["totalIsExact"] is True
    credits = (await sim_client.get(url, params={"direction": "CREDIT", "limit": 10000})).json()
    assert credits["lines"] == [line for line in every if line["amountKobo"] > 0]
    salary = (await sim_client.get(url, params={"search": "sAlArY", "limit": 10000})).json()
    assert salary["lines"] == [line for line in every if "salary" in line["narration"].lower()]
    # LIKE's wildcards are searched for literally, not as wildcards.
    for wildcard in ("%", "_"):
        none = (await sim_client.get(url, params={"search": wildcard})).json()
        assert none == {"lines": [], "total": 0, "totalIsExact": True}
    bad = await sim_client.get(url, params={"direction": "SIDEWAYS"})
    assert bad.status_code == 400


async def test_customer_activity_sums_what_the_statements_show(sim_client):
    """The dashboard's one call: its totals and newest lines agree with the statements."""
    from datetime import UTC, datetime, timedelta

    since = datetime.now(UTC) - timedelta(days=20)
    activity = (
        await sim_client.get(
            "/core/customers/CIF00000001/activity",
            params={"since": since.isoformat(), "recent": 7},
        )
    ).json()
    numbers = [a["accountNumber"] for a in activity["accounts"]]
    assert numbers == ["1020000115", "1020000122", "1020000139"]
    lines = []
    for number in numbers:
        statement = (
            await sim_client.get(
                f"/core/accounts/{number}/statement",
                params={"start": since.isoformat(), "limit": 20000},
            )
        ).json()
        lines += [{**line, "accountNumber": number} for line in statement]
    assert activity["linesSince"] == len(lines) > 0
    assert activity["creditsSinceKobo"] == sum(
        x["amountKobo"] for x in lines if x["amountKobo"] > 0
    )
    assert activity["debitsSinceKobo"] == -sum(
        x["amountKobo"] for x in lines if x["amountKobo"] < 0
    )
    newest = sorted(lines, key=lambda x: x["postedAt"], reverse=True)[:7]
    assert [x["postingReference"] for x in activity["recent"]] == [
        x["postingReference"] for x in newest
    ]
    assert activity["recent"][0]["accountNumber"] == newest[0]["accountNumber"]


async def test_customer_activity_without_lines_still_has_its_totals(sim_client):
    """Totals and lines come from one statement: asking for no lines, or for a week with none,
    must still answer the totals (and an unknown customer is a 404)."""
    from datetime import UTC, datetime, timedelta

    url = "/core/customers/CIF00000001/activity"
    since = (datetime.now(UTC) - timedelta(days=20)).isoformat()
    some = (await sim_client.get(url, params={"since": since, "recent": 3})).json()
    none = (await sim_client.get(url, params={"since": since, "recent": 0})).json()
    assert none["recent"] == [] and len(some["recent"]) == 3
    assert {k: v for k, v in none.items() if k != "recent"} == {
        k: v for k, v in some.items() if k != "recent"
    }
    future = (datetime.now(UTC) + timedelta(days=400)).isoformat()
    later = (await sim_client.get(url, params={"since": future, "recent": 3})).json()
    assert (later["linesSince"], later["creditsSinceKobo"], later["debitsSinceKobo"]) == (0, 0, 0)
    assert [x["postingReference"] for x in later["recent"]] == [
        x["postingReference"] for x in some["recent"]
    ]
    unknown = await sim_client.get(
        "/core/customers/CIF99999999/activity", params={"since": since, "recent": 3}
    )
    assert unknown.status_code == 404


async def test_activity_versions_change_with_each_posting_and_hold(sim_client):
    """What the BFF checks its kept pages against: a posting changes the versions of both
    customers it touches and no one else's; a hold changes the holder's."""
    url = "/core/activity-versions"
    ada, tunde, other = "CIF00000001", "CIF00000002", "CIF00000003"

    async def versions() -> dict[str, str]:
        found = await sim_client.get(url, params={"customerId": [ada, tunde, other, "CIF99999999"]})
        assert found.status_code == 200, found.text
        return {item["customerId"]: item["version"] for item in found.json()}

    before = await versions()
    assert set(before) == {ada, tunde, other}  # an unknown customer is left out
    assert await versions() == before
    moved = await sim_client.post(
        "/core/transfers",
        json={
            "reference": "versions-1",
            "debitAccount": "1020000115",
            "creditAccount": "1020000218",
            "amountKobo": 500,
            "narration": "versions test",
        },
    )
    assert moved.json()["status"] == "SUCCESS"
    after = await versions()
    assert after[ada] != before[ada] and after[tunde] != before[tunde]
    assert after[other] == before[other]
    held = await sim_client.post(
        "/core/holds",
        json={
            "reference": "versions-hold",
            "account": "1020000115",
            "amountKobo": 100,
            "narration": "versions",
        },
    )
    assert held.status_code in (200, 201), held.text
    assert (await versions())[ada] != after[ada]
    too_many = await sim_client.get(url, params={"customerId": [ada] * 201})
    assert too_many.status_code == 400
    assert (await sim_client.get(url)).status_code == 400


async def test_the_activity_and_the_lines_answer_the_customers_version(sim_client):
    """A client files a computed page under the version its own answer carries, without
    asking for it first: that version must be the one `activity-versions` answers."""
    ada = "CIF00000001"
    listed = await sim_client.get("/core/activity-versions", params={"customerId": [ada]})
    version = listed.json()[0]["version"]
    activity = await sim_client.get(
        f"/core/customers/{ada}/activity", params={"since": "2020-01-01T00:00:00Z", "recent": 1}
    )
    lines = await sim_client.get(f"/core/customers/{ada}/lines", params={"limit": 1})
    assert activity.json()["version"] == version == lines.json()["version"]
    from core_sim.customers.service import activity_version

    assert activity_version([]) is None  # no accounts (a customer always opens with one)


async def test_line_counts_stop_at_the_cap(sim_client, monkeypatch):
    """The count reads no further than the cap, however long the history, and says so."""
    from core_sim.customers import reads

    monkeypatch.setattr(reads, "LINES_COUNT_CAP", 7)
    capped = (await sim_client.get("/core/accounts/1020000122/lines", params={"limit": 3})).json()
    assert len(capped["lines"]) == 3
    assert capped["total"] == 7 and capped["totalIsExact"] is False


async def test_transfer_over_http_and_status_query(sim_client):
    body = {
        "reference": "api-transfer-1",
        "debitAccount": "1020000115",
        "creditAccount": "1020000218",
        "amountKobo": 2500,
        "narration": "lunch",
    }
    first = await sim_client.post("/core/transfers", json=body)
    assert first.status_code == 200 and first.json()["responseCode"] == "00"
    status = await sim_client.get("/core/transfers/api-transfer-1")
    assert status.json()["status"] == "SUCCESS"
    conflict = await sim_client.post("/core/transfers", json={**body, "amountKobo": 2501})
    assert conflict.status_code == 409 and conflict.json()["responseCode"] == "94"


async def test_a_posting_names_each_side_and_what_it_left_available(sim_client):
    before = {
        number: (await sim_client.get(f"/core/accounts/{number}")).json()
        for number in ("1020000115", "1020000218")
    }
    body = {
        "reference": "api-posting-1",
        "debitAccount": "1020000115",
        "creditAccount": "1020000218",
        "amountKobo": 1250,
        "narration": "books",
    }
    assert (await sim_client.post("/core/transfers", json=body)).json()["status"] == "SUCCESS"
    posting = (await sim_client.get("/core/postings/TRF-api-posting-1")).json()
    sides = {entry["accountNumber"]: entry for entry in posting["entries"]}
    assert sides["1020000115"]["amountKobo"] == -1250
    assert sides["1020000218"]["amountKobo"] == 1250
    for number, sign in (("1020000115", -1), ("1020000218", 1)):
        available = before[number]["availableBalanceKobo"] + sign * 1250
        assert sides[number]["availableAfterKobo"] == available
        newest = (
            await sim_client.get(f"/core/accounts/{number}/statement", params={"limit": 1})
        ).json()[0]
        assert sides[number]["balanceAfterKobo"] == newest["balanceAfterKobo"]
    assert (await sim_client.get("/core/postings/TRF-no-such")).status_code == 404


async def test_a_transfer_answers_with_the_posting_it_made(sim_client):
    """What the payer's and payee's alerts need comes with the answer: no read back."""
    body = {
        "reference": "api-posting-2",
        "debitAccount": "1020000115",
        "creditAccount": "1020000218",
        "amountKobo": 700,
        "narration": "tea",
    }
    answer = (await sim_client.post("/core/transfers", json=body)).json()
    stored = (await sim_client.get("/core/postings/TRF-api-posting-2")).json()
    assert answer["posting"] == stored
    assert {e["customerId"] for e in answer["posting"]["entries"]} == {
        "CIF00000001",
        "CIF00000002",
    }
    # A replay answers as the first time, without the posting (GET /core/postings has it).
    assert (await sim_client.post("/core/transfers", json=body)).json()["posting"] is None


async def test_a_payment_for_a_customer_cannot_take_another_customers_money(sim_client):
    """The core's own check behind the BFF's: a debit or a hold made for a customer must
    be on that customer's account (57), and nothing moves."""
    before = (await sim_client.get("/core/accounts/1020000218")).json()
    transfer = await sim_client.post(
        "/core/transfers",
        json={
            "reference": "api-not-yours-1",
            "debitAccount": "1020000218",  # Tunde's
            "creditAccount": "1020000115",
            "amountKobo": 500,
            "narration": "not mine",
            "debitCustomerId": "CIF00000001",  # Ada
        },
    )
    assert transfer.status_code == 200, transfer.text
    assert transfer.json()["status"] == "FAILED" and transfer.json()["responseCode"] == "57"
    hold = await sim_client.post(
        "/core/holds",
        json={
            "reference": "api-not-yours-2",
            "account": "1020000218",
            "amountKobo": 500,
            "narration": "not mine",
            "customerId": "CIF00000001",
        },
    )
    assert hold.status_code == 422 and hold.json()["responseCode"] == "57"
    assert (await sim_client.get("/core/accounts/1020000218")).json() == before
    own = await sim_client.post(
        "/core/transfers",
        json={
            "reference": "api-yours-1",
            "debitAccount": "1020000115",
            "creditAccount": "1020000218",
            "amountKobo": 500,
            "narration": "mine",
            "debitCustomerId": "CIF00000001",
        },
    )
    assert own.json()["status"] == "SUCCESS"
    assert (await sim_client.get("/core/ledger/balance-check")).json()["balanced"] is True


async def test_bad_transfer_body_is_a_400(sim_client):
    response = await sim_client.post(
        "/core/transfers",
        json={
            "reference": "x",
            "debitAccount": "1",
            "creditAccount": "2",
            "amountKobo": -1,
            "narration": "",
        },
    )
    assert response.status_code == 400


async def test_fault_rule_lifecycle(sim_client):
    created = await sim_client.post(
        "/sim/faults/",
        json={
            "operation": "ledger.transfer",
            "effect": "decline",
            "responseCode": "57",
            "account": "1020000218",
            "uses": 2,
        },
    )
    assert created.status_code == 201
    rule_id = created.json()["id"]
    listed = (await sim_client.get("/sim/faults/")).json()
    assert [r["id"] for r in listed] == [rule_id]
    body = {
        "reference": "api-fault-1",
        "debitAccount": "1020000115",
        "creditAccount": "1020000218",
        "amountKobo": 100,
        "narration": "x",
    }
    declined = (await sim_client.post("/core/transfers", json=body)).json()
    assert declined["responseCode"] == "57" and declined["status"] == "FAILED"
    assert (await sim_client.delete(f"/sim/faults/{rule_id}")).status_code == 204
    assert (await sim_client.delete(f"/sim/faults/{rule_id}")).status_code == 404


async def test_decline_fault_without_a_code_is_refused(sim_client):
    response = await sim_client.post(
        "/sim/faults/", json={"operation": "ledger.transfer", "effect": "decline"}
    )
    assert response.status_code == 400


async def test_messages_are_listed_newest_first_per_recipient(sim_client):
    for body in ("first", "second"):
        sent = await sim_client.post(
            "/core/messages",
            json={
                "channel": "EMAIL",
                "recipient": "Inbox.Test@Example.com",
                "subject": "s",
                "body": body,
            },
        )
        assert sent.status_code == 201
    inbox = (await sim_client.get("/sim/messages?recipient=inbox.test@example.com")).json()
    assert [m["body"] for m in inbox[:2]] == ["second", "first"]
    assert inbox[0]["channel"] == "EMAIL"
    # A poll for what is new: only the messages sent after the one it last saw.
    newer = await sim_client.get(
        "/sim/messages", params={"recipient": "inbox.test@example.com", "after": inbox[1]["id"]}
    )
    assert [m["body"] for m in newer.json()] == ["second"]
    assert (await sim_client.get("/sim/messages", params={"after": -1})).status_code == 400


async def test_messaging_fault_makes_the_gateway_fail(sim_client):
    await sim_client.post(
        "/sim/faults/",
        json={"operation": "messaging.send", "effect": "decline", "responseCode": "96", "uses": 1},
    )
    failed = await sim_client.post(
        "/core/messages", json={"channel": "SMS", "recipient": "08000000000", "body": "x"}
    )
    assert failed.status_code == 400 and failed.json()["responseCode"] == "96"


async def test_a_messaging_fault_can_target_one_phone_number_or_e_mail_address(sim_client):
    """A tester forces the failure of one customer's SMS or e-mail; everyone else's go out."""
    for recipient in ("08055556666", "Target.Person@Example.com"):
        rule = await sim_client.post(
            "/sim/faults/",
            json={
                "operation": "messaging.send",
                "effect": "decline",
                "responseCode": "96",
                "account": recipient,
            },
        )
        assert rule.status_code == 201, rule.text
    batch = [
        {"channel": "SMS", "recipient": "08055556666", "body": "to the target"},
        {"channel": "SMS", "recipient": "08055556667", "body": "to someone else"},
        {"channel": "EMAIL", "recipient": "target.person@example.com", "subject": "s", "body": "x"},
        {"channel": "EMAIL", "recipient": "other@example.com", "subject": "s", "body": "y"},
    ]
    answer = (await sim_client.post("/core/messages/batch", json={"messages": batch})).json()
    assert [sent["responseCode"] for sent in answer] == ["96", "00", "96", "00"]
    # An account-number matcher stays ten digits for every other operation.
    for operation, account in (("ledger.transfer", "08055556666"), ("nip.transfer", "a@b.co")):
        refused = await sim_client.post(
            "/sim/faults/",
            json={"operation": operation, "effect": "timeout", "account": account},
        )
        assert refused.status_code == 400, refused.text
    await sim_client.delete("/sim/faults/")


async def test_a_gateway_call_of_several_keeps_them_in_order_and_refuses_a_declined_one_alone(
    sim_client,
):
    rule = await sim_client.post(
        "/sim/faults/",
        json={"operation": "messaging.send", "effect": "decline", "responseCode": "96", "uses": 1},
    )
    assert rule.status_code == 201, rule.text
    batch = [
        {"channel": "SMS", "recipient": "08011112222", "body": "one"},
        {"channel": "EMAIL", "recipient": "Batch@Example.com", "subject": "s", "body": "two"},
        {"channel": "SMS", "recipient": "08033334444", "body": "three"},
    ]
    answer = await sim_client.post("/core/messages/batch", json={"messages": batch})
    assert answer.status_code == 200, answer.text
    refused, second, third = answer.json()
    assert refused == {"id": None, "responseCode": "96"}
    assert second["responseCode"] == third["responseCode"] == "00"
    assert second["id"] < third["id"]
    kept = (await sim_client.get("/sim/messages", params={"after": second["id"] - 1})).json()
    assert [(m["recipient"], m["body"]) for m in kept] == [
        ("08033334444", "three"),
        ("batch@example.com", "two"),
    ]
    # The rule had one use: the same message goes through on the next call.
    again = await sim_client.post("/core/messages/batch", json={"messages": batch[:1]})
    assert again.json()[0]["responseCode"] == "00"


async def test_a_gateway_call_that_times_out_keeps_none_of_its_messages(sim_client):
    await sim_client.post(
        "/sim/faults/", json={"operation": "messaging.send", "effect": "timeout", "uses": 1}
    )
    before = (await sim_client.get("/sim/messages", params={"limit": 1})).json()
    batch = [{"channel": "SMS", "recipient": "08033334444", "body": f"m{n}"} for n in range(3)]
    answer = await sim_client.post("/core/messages/batch", json={"messages": batch})
    assert answer.status_code == 504
    after = (await sim_client.get("/sim/messages", params={"limit": 1})).json()
    assert after == before
    too_many = [batch[0]] * 101
    assert (
        await sim_client.post("/core/messages/batch", json={"messages": too_many})
    ).status_code == 400
    assert (await sim_client.post("/core/messages/batch", json={"messages": []})).status_code == 400


async def test_identity_lookups_and_prospects(sim_client):
    ada = await sim_client.get("/core/identity/bvn/22212345601")
    assert ada.status_code == 200 and ada.json()["firstName"] == "Ada"
    assert (await sim_client.get("/core/identity/nin/70012345601")).json()["lastName"] == "Okafor"
    assert (await sim_client.get("/core/identity/bvn/22200000000")).status_code == 404
    prospects = (await sim_client.get("/sim/identities?customers=false&limit=3")).json()
    assert [p["bvn"] for p in prospects] == ["22299900001", "22299900002", "22299900003"]
    assert not any(p["isCustomer"] for p in prospects)


async def test_identity_fault_makes_the_lookup_time_out(sim_client):
    await sim_client.post(
        "/sim/faults/",
        json={"operation": "identity.bvn", "effect": "timeout", "delayMs": 10, "uses": 1},
    )
    assert (await sim_client.get("/core/identity/bvn/22212345601")).status_code == 504
    assert (await sim_client.get("/core/identity/bvn/22212345601")).status_code == 200


async def test_customer_creation_is_idempotent_and_gives_a_valid_nuban(sim_client):
    from core_sim.nuban import is_valid_nuban

    prospect = (await sim_client.get("/sim/identities?customers=false&limit=200")).json()[-1]
    body = {
        "reference": f"REG-{prospect['bvn']}",
        "firstName": prospect["firstName"],
        "lastName": prospect["lastName"],
        "email": f"{prospect['bvn']}@example.net",
        "phoneNumber": prospect["phoneNumber"],
        "bvn": prospect["bvn"],
        "dateOfBirth": prospect["dateOfBirth"],
        "gender": prospect["gender"],
        "address": "1 Test Street",
        "stateOfResidence": "Lagos",
        "accountTypeId": 1,
    }
    first = await sim_client.post("/core/customers", json=body)
    assert first.status_code == 201
    again = await sim_client.post("/core/customers", json=body)
    assert again.json() == first.json()
    account = first.json()["account"]
    assert is_valid_nuban("090605", account["accountNumber"])
    assert account["availableBalanceKobo"] == 0
    other_ref = await sim_client.post("/core/customers", json={**body, "reference": "REG-other-1"})
    assert other_ref.status_code == 409 and other_ref.json()["responseCode"] == "26"
    customer_id = first.json()["customer"]["customerId"]
    opened = await sim_client.post(
        f"/core/customers/{customer_id}/accounts",
        json={"reference": "OPEN-test-0001", "accountTypeId": 2},
    )
    assert opened.status_code == 201 and opened.json()["accountTypeName"] == "Current Account"
    accounts = (await sim_client.get(f"/core/customers/{customer_id}/accounts")).json()
    assert len(accounts) == 2


async def test_a_bug_is_logged_and_answered_as_a_problem(sim_client, monkeypatch):
    """Outside debug mode Litestar logs nothing of an unhandled error: the simulator's own
    handler logs the traceback and answers in the refusal's problem shape."""

    async def broken(session):  # type: ignore[no-untyped-def]
        raise RuntimeError("a bug in the simulator")

    monkeypatch.setattr("core_sim.customers.service.account_types", broken)
    logged: list[logging.LogRecord] = []  # (the suite runs without pytest's caplog plugin)
    handler = logging.Handler(logging.ERROR)
    handler.emit = logged.append  # type: ignore[method-assign]
    logging.getLogger("core_sim").addHandler(handler)
    try:
        answer = await sim_client.get("/core/account-types")
    finally:
        logging.getLogger("core_sim").removeHandler(handler)
    assert answer.status_code == 500
    assert answer.headers["content-type"].startswith("application/problem+json")
    assert answer.json()["responseCode"] == "96"
    assert any("a bug in the simulator" in str(r.exc_info[1]) for r in logged if r.exc_info)
    assert (await sim_client.get("/core/no-such-route")).status_code == 404


async def test_a_hold_voided_before_it_arrives_reserves_nothing_when_it_does(sim_client):
    """A client heard nothing back from a hold, was refused on a retry and voided it; the
    first request, delivered late, then finds the hold voided and reserves no money."""
    account = "1020000115"
    before = (await sim_client.get(f"/core/accounts/{account}")).json()
    unknown = await sim_client.post("/core/holds/late-hold-1/void")
    assert unknown.status_code == 404  # without the hold's account and amount: not found
    voided = await sim_client.post(
        "/core/holds/late-hold-1/void", json={"account": account, "amountKobo": 700}
    )
    assert voided.status_code == 200, voided.text
    assert voided.json()["status"] == "VOIDED"
    late = await sim_client.post(
        "/core/holds",
        json={"reference": "late-hold-1", "account": account, "amountKobo": 700, "narration": "x"},
    )
    assert late.json()["status"] == "VOIDED"
    assert (await sim_client.get(f"/core/accounts/{account}")).json() == before
    again = await sim_client.post(
        "/core/holds/late-hold-1/void", json={"account": account, "amountKobo": 700}
    )
    assert again.status_code == 200 and again.json()["status"] == "VOIDED"  # idempotent
    placed = await sim_client.post(
        "/core/holds",
        json={"reference": "late-hold-2", "account": account, "amountKobo": 300, "narration": "x"},
    )
    assert placed.json()["status"] == "ACTIVE"
    released = await sim_client.post(
        "/core/holds/late-hold-2/void", json={"account": account, "amountKobo": 300}
    )
    assert released.json()["status"] == "VOIDED"
    assert (await sim_client.get(f"/core/accounts/{account}")).json() == before


async def test_a_customers_history_page_is_each_accounts_own_page(sim_client):
    """`/customers/{id}/lines` (on PostgreSQL one statement for every account, issue 57)
    answers, account by account, what `/accounts/{n}/lines` answers for that account."""
    url = "/core/customers/CIF00000001/lines"
    filters = (
        {},
        {"start": "2020-01-01T00:00:00Z", "end": "2100-01-01T00:00:00Z"},
        {"direction": "CREDIT"},
        {"direction": "DEBIT", "search": "transfer"},
        {"search": "no such line at all"},
    )
    for chosen in filters:
        for account in (None, "1020000122"):
            params = {**chosen, "limit": 7} | ({"account": account} if account else {})
            answer = (await sim_client.get(url, params=params)).json()
            numbers = [account] if account else [a["accountNumber"] for a in answer["accounts"]]
            assert [p["accountNumber"] for p in answer["pages"]] == numbers, params
            for page in answer["pages"]:
                own = await sim_client.get(
                    f"/core/accounts/{page['accountNumber']}/lines",
                    params={**chosen, "limit": 7},
                )
                assert page["page"] == own.json(), (params, page["accountNumber"])
    elsewhere = await sim_client.get(url, params={"account": "1020000218"})  # Tunde's
    assert elsewhere.status_code == 200 and elsewhere.json()["pages"] == []
