"""Accounts and the dashboard summary: the signed-in customer's data only, in naira."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import httpx
import pytest

from bff.core_client import CoreClient
from bff.dashboard import service as dashboard_service
from bff.dates import DATE_TIME, LAGOS
from bff.tests.helpers import ADMIN, Bff, auth

ADA_ACCOUNTS = ["1020000115", "1020000122", "1020000139"]


async def core_accounts(bff: Bff, customer_id: str) -> list[dict]:  # type: ignore[type-arg]
    return (await bff.sim.get(f"/core/customers/{customer_id}/accounts")).json()


async def test_accounts_are_the_customers_own_in_naira(bff):
    token = await bff.sign_in()
    response = await bff.client.get("/api/accounts", headers=auth(token))
    assert response.status_code == 200
    accounts = response.json()
    # Her seeded accounts first; tests share the simulator, and some open more for her.
    assert [a["accountNumber"] for a in accounts][: len(ADA_ACCOUNTS)] == ADA_ACCOUNTS
    core = {a["accountNumber"]: a for a in await core_accounts(bff, "CIF00000001")}
    for account in accounts:
        kobo = core[account["accountNumber"]]["availableBalanceKobo"]
        assert account["availableBalance"] == kobo / 100
    assert [a["accountTypeName"] for a in accounts][: len(ADA_ACCOUNTS)] == [
        "Savings Account",
        "Current Account",
        "Target Savings Account",
    ]


async def test_another_customers_account_is_not_found(bff):
    token = await bff.sign_in()
    own = await bff.client.get("/api/accounts/1020000115", headers=auth(token))
    assert own.status_code == 200
    other = await bff.client.get("/api/accounts/1020000218", headers=auth(token))  # Tunde's
    assert other.status_code == 404
    assert other.json()["detail"] == "Account not found"


async def test_client_summary_totals_match_the_accounts(bff, monkeypatch):  # type: ignore[no-untyped-def]
    token = await bff.sign_in()
    # The week's totals count from Monday 00:00 in Lagos. The seed's newest line is a few
    # hours old, so early on a Monday this week may hold none yet: the summary is asked as
    # of a minute after that line, whenever the test runs (it failed on a Monday at 05:54).
    first = (await bff.client.get("/api/client-summary", headers=auth(token))).json()
    completed = [t for t in first["recentTransactions"] if t["status"] == "COMPLETED"]
    newest = datetime.strptime(completed[0]["date"], DATE_TIME)
    as_of = newest.replace(tzinfo=LAGOS).astimezone(UTC) + timedelta(minutes=1)
    monkeypatch.setattr(dashboard_service, "utcnow", lambda: as_of)
    summary = (await bff.client.get("/api/client-summary", headers=auth(token))).json()
    numbers = [a["accountNumber"] for a in summary["accounts"]]
    assert numbers[: len(ADA_ACCOUNTS)] == ADA_ACCOUNTS  # then any that other tests opened
    assert summary["totalAvailableBalance"] == pytest.approx(
        sum(a["availableBalance"] for a in summary["accounts"]), abs=0.001
    )
    weekly = summary["weeklyTransactionSummary"]
    assert set(weekly) == {
        "failedTransactions",
        "pendingTransactions",
        "completedTransactions",
        "inwards",
        "outwards",
    }
    assert weekly["completedTransactions"] > 0  # the seed keeps recent activity
    recent = summary["recentTransactions"]
    assert 0 < len(recent) <= 10
    first = recent[0]
    assert first["transactionType"] in ("CREDIT", "DEBIT")
    assert first["status"] == "COMPLETED"
    day, month, rest = first["date"].split("-")
    assert len(day) == 2 and len(month) == 2 and len(rest) == len("2026 14:03:00")
    assert summary["scheduledPayments"] == []


async def test_admin_has_no_customer_accounts(bff):
    login = await bff.login(ADMIN)
    verified = await bff.verify(login.json(), await bff.latest_code(ADMIN))
    token = verified.json()["tokenDTO"]["accessToken"]
    response = await bff.client.get("/api/accounts", headers=auth(token))
    assert response.status_code == 403


async def test_core_outage_is_a_clear_503(bff):
    token = await bff.sign_in()
    # Point this BFF's accounts service at a core that refuses connections.
    dead = CoreClient(httpx.AsyncClient(base_url="http://127.0.0.1:1"), timeout_s=0.5)
    accounts_service = bff.app.state.accounts_service
    original = accounts_service.core
    accounts_service.core = dead
    try:
        response = await bff.client.get("/api/accounts", headers=auth(token))
    finally:
        accounts_service.core = original
        await dead.aclose()
    assert response.status_code == 503
    assert response.json()["detail"] == (
        "We could not reach your accounts right now. Please try again shortly."
    )
