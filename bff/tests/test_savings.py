"""The savings page's routes (docs/contract.md, "Savings"): open, top up, withdraw, break a
locked pocket with a code after seeing the forfeit, automatic saving, the KYC ceiling."""

from __future__ import annotations

from datetime import date, datetime, time

from bff.dates import LAGOS
from bff.history.presentation import internal_codes
from bff.tests.helpers import ADA, ADA_SAVINGS, TUNDE_ACCOUNT, Bff, auth, balance, tunde_token

V = "/api/savings"
ADA_CIF = "CIF00000001"  # Ada's customer id in the core


async def test_a_flexible_pocket_opens_takes_money_in_and_gives_it_back(bff: Bff):
    token = await bff.sign_in()
    before = await balance(bff, ADA_SAVINGS)
    opened = await bff.client.post(
        f"{V}/pockets",
        headers=auth(token),
        json={
            "product": "FLEXIBLE",
            "name": "Rainy day",
            "sourceAccountNumber": ADA_SAVINGS,
            "amount": 1000,
        },
    )
    assert opened.status_code == 201, opened.text
    pocket = opened.json()
    assert (pocket["productName"], pocket["rate"], pocket["balance"]) == (
        "Flexible savings",
        10.0,
        1000.0,
    )
    pid = pocket["id"]
    topped = await bff.client.post(
        f"{V}/pockets/{pid}/top-up", headers=auth(token), json={"amount": "250.50"}
    )
    assert topped.json()["balance"] == 1250.5
    out = await bff.client.post(
        f"{V}/pockets/{pid}/withdraw", headers=auth(token), json={"amount": 50}
    )
    assert out.json()["balance"] == 1200.5
    assert (await balance(bff, ADA_SAVINGS))[0] == before[0] - 120_050
    too_much = await bff.client.post(
        f"{V}/pockets/{pid}/withdraw", headers=auth(token), json={"amount": 5000}
    )
    assert too_much.status_code == 400
    overview = (await bff.client.get(f"{V}/", headers=auth(token))).json()
    assert overview["totalSavings"] >= 1200.5
    assert overview["holdingLimit"] is None  # Ada's KYC level 3
    assert {p["product"] for p in overview["products"]} == {"FLEXIBLE", "LOCKED", "GOAL"}
    # The dashboard shows the total too (the core's activity call carries it).
    summary = (await bff.client.get("/api/client-summary", headers=auth(token))).json()
    assert summary["totalSavings"] == overview["totalSavings"]


async def test_breaking_a_locked_pocket_shows_the_forfeit_then_takes_the_code(bff: Bff):
    token = await bff.sign_in()
    opened = await bff.client.post(
        f"{V}/pockets",
        headers=auth(token),
        json={
            "product": "LOCKED",
            "name": "Rent",
            "sourceAccountNumber": ADA_SAVINGS,
            "amount": 2000,
            "termDays": 90,
        },
    )
    assert opened.status_code == 201, opened.text
    pid = opened.json()["id"]
    assert opened.json()["rate"] == 16.0
    started = await bff.client.post(f"{V}/pockets/{pid}/break", headers=auth(token), json={})
    assert started.status_code == 202, started.text
    assert started.json()["warning"].startswith("Breaking Rent now gives up ₦0.00 of interest")
    wrong = await bff.client.post(
        f"{V}/pockets/{pid}/break", headers=auth(token), json={"otp": "000000"}
    )
    assert wrong.status_code == 400
    code = await bff.latest_code(ADA)
    broken = await bff.client.post(
        f"{V}/pockets/{pid}/break", headers=auth(token), json={"otp": code}
    )
    assert broken.status_code == 200, broken.text
    assert broken.json()["pocket"]["statusText"] == "Broken early"
    assert broken.json()["message"].startswith("₦2,000.00 is back in account 1020000115")
    flexible = await bff.client.post(
        f"{V}/pockets/{pid}/top-up", headers=auth(token), json={"amount": 1}
    )
    assert flexible.status_code == 400


async def test_a_goal_saves_automatically_and_the_kyc_ceiling_applies(bff: Bff):
    token = await tunde_token(bff)  # KYC level 2: up to ₦500,000 in savings
    goal = await bff.client.post(
        f"{V}/pockets",
        headers=auth(token),
        json={
            "product": "GOAL",
            "name": "New phone",
            "sourceAccountNumber": TUNDE_ACCOUNT,
            "amount": 400_000,
            "targetAmount": 600_000,
            "targetDate": "01-09-2030",
        },
    )
    assert goal.status_code == 201, goal.text
    assert goal.json()["progressPercent"] == 66
    pid = goal.json()["id"]
    over = await bff.client.post(
        f"{V}/pockets/{pid}/top-up", headers=auth(token), json={"amount": 100_001}
    )
    assert over.status_code == 400
    assert "you can add ₦100,000.00 more" in over.text
    rule = await bff.client.put(
        f"{V}/pockets/{pid}/auto-save",
        headers=auth(token),
        json={"kind": "WEEKLY", "amount": 5000, "sourceAccountNumber": TUNDE_ACCOUNT},
    )
    assert rule.status_code == 200, rule.text
    assert rule.json()["autoSave"]["description"] == "₦5,000.00 every week from 1020000218"
    assert rule.json()["autoSave"]["nextSave"]
    other = await bff.client.get(f"{V}/", headers=auth(await bff.sign_in()))
    assert pid not in [p["id"] for p in other.json()["pockets"]]


async def _pocket_number(bff: Bff, pocket_id: int) -> str:
    found = await bff.sim.get(f"/core/savings/pockets/{pocket_id}", params={"customerId": ADA_CIF})
    return str(found.json()["number"])


async def _flexible(bff: Bff, token: str, name: str, amount: float = 1000) -> int:
    opened = await bff.client.post(
        f"{V}/pockets",
        headers=auth(token),
        json={
            "product": "FLEXIBLE",
            "name": name,
            "sourceAccountNumber": ADA_SAVINGS,
            "amount": amount,
        },
    )
    assert opened.status_code == 201, opened.text
    return int(opened.json()["id"])


async def test_a_pockets_own_history_is_paged_newest_first_and_only_its_owners(bff: Bff):
    token = await bff.sign_in()
    pid = await _flexible(bff, token, "Holiday")
    for direction, amount in (("top-up", 300), ("withdraw", 120.5), ("top-up", 45)):
        moved = await bff.client.post(
            f"{V}/pockets/{pid}/{direction}", headers=auth(token), json={"amount": amount}
        )
        assert moved.status_code == 200, moved.text
    lines = f"{V}/pockets/{pid}/transactions"
    first = await bff.client.get(lines, headers=auth(token), params={"size": 3})
    assert first.status_code == 200, first.text
    page = first.json()
    assert (page["totalElements"], page["page"], page["size"]) == (4, 0, 3)
    shown = [(ln["narration"], ln["transactionType"], ln["amount"]) for ln in page["content"]]
    assert shown == [
        ("Savings top-up: Holiday", "CREDIT", 45.0),
        ("Savings withdrawal: Holiday", "DEBIT", 120.5),
        ("Savings top-up: Holiday", "CREDIT", 300.0),
    ]
    number = await _pocket_number(bff, pid)
    assert {ln["accountNumber"] for ln in page["content"]} == {number}
    assert [ln["balanceAfter"] for ln in page["content"]] == [1224.5, 1179.5, 1300.0]
    last = (await bff.client.get(lines, headers=auth(token), params={"size": 3, "page": 1})).json()
    assert [ln["amount"] for ln in last["content"]] == [1000.0]  # the opening
    beyond = (await bff.client.get(lines, headers=auth(token), params={"page": 5})).json()
    assert (beyond["content"], beyond["totalElements"]) == ([], 4)
    # Another customer's pocket is not found, and says nothing of it.
    other = await bff.client.get(lines, headers=auth(await tunde_token(bff)))
    assert (other.status_code, other.json()["detail"]) == (404, "Savings pocket not found")
    missing = await bff.client.get(f"{V}/pockets/999999/transactions", headers=auth(token))
    assert missing.status_code == 404
    # Bounds as the history page's.
    too_big = await bff.client.get(lines, headers=auth(token), params={"size": 101})
    assert too_big.status_code == 400


async def test_a_pockets_history_shows_its_interest_and_tax_and_no_ledger_codes(
    bff: Bff, sim_reseeded_after_the_file: None
):
    """Last in the file: the simulator's clock moves past a month's end, then back (the
    reseed after the file takes the lines dated ahead away)."""
    token = await bff.sign_in()
    pid = await _flexible(bff, token, "Interest", amount=10_000)
    now = datetime.fromisoformat((await bff.sim.get("/sim/clock/")).json()["now"])
    here = now.astimezone(LAGOS)
    next_month = date(here.year + here.month // 12, here.month % 12 + 1, 2)
    moment = datetime.combine(next_month, time(12), LAGOS)
    try:
        assert (await bff.sim.post("/sim/clock/set", json={"now": moment.isoformat()})).is_success
        assert (await bff.sim.post("/sim/savings/end-of-day")).status_code == 200
    finally:
        await bff.sim.post("/sim/clock/reset")
    page = (await bff.client.get(f"{V}/pockets/{pid}/transactions", headers=auth(token))).json()
    narrations = [ln["narration"] for ln in page["content"]]
    assert set(narrations[:2]) == {"Interest on Flexible savings", "Withholding tax on interest"}
    assert narrations[-1] == "Savings top-up: Interest"
    interest = next(ln for ln in page["content"] if ln["narration"].startswith("Interest"))
    tax = next(ln for ln in page["content"] if ln["narration"].startswith("Withholding"))
    assert (interest["transactionType"], tax["transactionType"]) == ("CREDIT", "DEBIT")
    gross = round(interest["amount"] * 100)  # kobo
    assert gross > 0 and round(tax["amount"] * 100) == (gross * 10 * 2 + 100) // 200
    # Nothing of the bank's own ledger: no GL account, no core posting code as a narration.
    for line in page["content"]:
        words = [line["narration"], line["counterpartyName"] or "", line["counterpartyBank"] or ""]
        assert internal_codes(words) == [], line
        assert not any("SAV-" in word or "GL-" in word for word in words), line
        assert line["status"] == "COMPLETED"
