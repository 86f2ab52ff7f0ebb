"""The savings page's routes (docs/contract.md, "Savings"): open, top up, withdraw, break a
locked pocket with a code after seeing the forfeit, automatic saving, the KYC ceiling."""

from __future__ import annotations

from bff.tests.helpers import ADA, ADA_SAVINGS, TUNDE_ACCOUNT, Bff, auth, balance, tunde_token

V = "/api/savings"


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
