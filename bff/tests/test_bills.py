"""Bill payments: a vend happens once, a failure costs nothing, unclear ones are requeried."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from bff.db import utcnow
from bff.tests.helpers import ADA, ADA_CURRENT, ELECTRICITY, Bff, U, auth, buy, set_limits


async def balance(bff: Bff, number: str) -> tuple[int, int]:
    account = (await bff.sim.get(f"/core/accounts/{number}")).json()
    return account["ledgerBalanceKobo"], account["availableBalanceKobo"]


async def test_catalogue_calls(bff):
    token = await bff.sign_in()
    airtime = (await bff.client.get(f"{U}/airtime", headers=auth(token))).json()
    assert [p["code"] for p in airtime] == ["MTN", "GLO", "AIRTEL", "ETISALAT"]
    bundles = (await bff.client.get(f"{U}/databundle/MTN-DATA/bundles", headers=auth(token))).json()
    assert bundles[0] == {
        "code": "MTN-1GB-1D",
        "title": "1GB (1 day)",
        "amount": 350.0,
        "validity": "1 day",
    }
    for path in ("/api/utility/roviders/electricity/meter-types", f"{U}/electricity/meter-types"):
        assert (await bff.client.get(path, headers=auth(token))).json() == ["PREPAID", "POSTPAID"]
    assert "IKEDC" in [
        p["code"] for p in (await bff.client.get(f"{U}/electricity", headers=auth(token))).json()
    ]
    bouquets = (await bff.client.get(f"{U}/cabletv/GOTV/bouquets", headers=auth(token))).json()
    assert {
        "code": "GOTV-JINJA",
        "title": "GOtv Jinja",
        "amount": 3900.0,
        "validity": None,
    } in bouquets
    sources = (await bff.client.get("/api/utility/source-accounts", headers=auth(token))).json()
    assert ADA_CURRENT in [a["accountNumber"] for a in sources]


async def test_meter_and_card_lookups(bff):
    token = await bff.sign_in()
    meter = await bff.client.post(
        f"{U}/electricity/meter-info",
        headers=auth(token),
        json={
            "meterNumber": "45000000001",
            "electricityProviderCode": "IKEDC",
            "meterType": "PREPAID",
        },
    )
    assert meter.json()["name"] == "Kemi Adeyinka"
    unknown = await bff.client.post(
        f"{U}/electricity/meter-info",
        headers=auth(token),
        json={
            "meterNumber": "45000000009",
            "electricityProviderCode": "IKEDC",
            "meterType": "PREPAID",
        },
    )
    assert unknown.status_code == 400
    assert (
        unknown.json()["detail"]
        == "We could not find this meter. Check the number and the provider."
    )
    card = await bff.client.post(
        f"{U}/cabletv/card-info",
        headers=auth(token),
        json={
            "smartCardNumber": "7000000001",
            "cableTvProviderCode": "DSTV",
            "cableTvProviderBouquetCode": "DSTV-PADI",
        },
    )
    assert card.json()["name"] == "Yemi Alade"


async def test_buy_airtime(bff):
    token = await bff.sign_in()
    before = await balance(bff, ADA_CURRENT)
    done = await buy(
        bff,
        token,
        "airtime",
        utilityProductType="AIRTIME",
        phoneNumber="08099990001",
        amount=500,
        airtimeProviderCode="MTN",
    )
    assert done.status_code == 200 and done.json()["message"] == "Successful"
    assert done.json()["bill"]["vendingStatus"] == "SUCCESS"
    assert await balance(bff, ADA_CURRENT) == (before[0] - 50_000, before[1] - 50_000)
    assert (await bff.sim.get("/core/ledger/balance-check")).json()["balanced"]


async def test_prepaid_electricity_gives_a_token_in_the_log(bff):
    token = await bff.sign_in()
    done = await buy(bff, token, "electricity", **ELECTRICITY)
    assert done.status_code == 200
    bill = done.json()["bill"]
    assert re.fullmatch(r"\d{20}", bill["vendingToken"]) and bill["units"].endswith("kWh")
    assert bill["electricityMeterOwner"] == "Kemi Adeyinka"
    logs = (await bff.client.get("/api/utility/logs", headers=auth(token))).json()
    assert logs[0]["vendingToken"] == bill["vendingToken"]
    assert set(logs[0]) >= {
        "dateCreated",
        "utilityProductType",
        "amount",
        "vendingStatus",
        "reference",
        "sourceAccount",
        "vender",
        "utilityProviderTitle",
        "phoneNumber",
        "dataBundleCode",
        "electricityMeterNumber",
        "electricityMeterOwner",
        "electricityMeterOwnerPhoneNumber",
        "electricityMeterOwnerAddress",
        "electricityMeterType",
        "vendingToken",
    }


async def test_data_and_cable(bff):
    token = await bff.sign_in()
    data = await buy(
        bff,
        token,
        "databundle",
        utilityProductType="DATA",
        phoneNumber="08099990001",
        amount=350,
        dataBundleProviderCode="MTN-DATA",
        dataBundleCode="MTN-1GB-1D",
    )
    assert data.status_code == 200
    cable = await buy(
        bff,
        token,
        "cabletv",
        utilityProductType="CABLE_TV",
        amount=3900,
        cableTvProviderCode="GOTV",
        cableTvBouquetCode="GOTV-JINJA",
        cableTvSmartCardNum="7000000001",
    )
    assert cable.status_code == 200


async def test_a_failed_vend_costs_nothing(bff):
    token = await bff.sign_in()
    before = await balance(bff, ADA_CURRENT)
    done = await buy(
        bff, token, "electricity", **{**ELECTRICITY, "electricityMeterNum": "45000000002"}
    )
    assert done.status_code == 422
    assert (
        done.json()["detail"]
        == "The biller could not complete the payment. Your account was not debited."
    )
    assert await balance(bff, ADA_CURRENT) == before
    log = (await bff.client.get("/api/utility/logs", headers=auth(token))).json()[0]
    assert log["vendingStatus"] == "FAILED"


async def test_a_timed_out_vend_is_requeried_once_and_gives_one_token(bff):
    token = await bff.sign_in()
    before = await balance(bff, ADA_CURRENT)
    done = await buy(
        bff, token, "electricity", **{**ELECTRICITY, "electricityMeterNum": "45000000004"}
    )
    assert done.status_code == 202 and done.json()["bill"]["vendingStatus"] == "PENDING"
    await bff.app.state.jobs.follow_up_bills(utcnow() + timedelta(minutes=10))
    log = (await bff.client.get("/api/utility/logs", headers=auth(token))).json()[0]
    assert log["vendingStatus"] == "SUCCESS" and re.fullmatch(r"\d{20}", log["vendingToken"])
    assert (await balance(bff, ADA_CURRENT))[0] == before[0] - 500_000
    await bff.app.state.jobs.follow_up_bills(utcnow() + timedelta(minutes=20))
    assert (await balance(bff, ADA_CURRENT))[0] == before[0] - 500_000


async def test_the_daily_bill_limit_counts_what_was_paid_today(bff):
    token = await bff.sign_in()
    await set_limits(
        bff, token, daily=300, single=200, nuban=ADA_CURRENT, transfer_type="BILL_PAYMENT"
    )
    airtime = {"utilityProductType": "AIRTIME", "phoneNumber": "08099990001"}
    too_big = await bff.client.post(
        f"{U}/airtime/vend/initiate",
        headers=auth(token),
        json={"nuban": ADA_CURRENT, **airtime, "amount": 250, "airtimeProviderCode": "MTN"},
    )
    assert too_big.status_code == 400
    assert too_big.json()["detail"] == "This amount is above your limit of ₦200.00 per transaction"
    done = await buy(bff, token, "airtime", **airtime, amount=200, airtimeProviderCode="MTN")
    assert done.status_code == 200 and done.json()["bill"]["vendingStatus"] == "SUCCESS"
    over = await bff.client.post(
        f"{U}/airtime/vend/initiate",
        headers=auth(token),
        json={"nuban": ADA_CURRENT, **airtime, "amount": 150, "airtimeProviderCode": "MTN"},
    )
    assert over.status_code == 400
    assert (
        over.json()["detail"]
        == "This would take you over your daily limit of ₦300.00 (₦100.00 left today)"
    )


async def test_wrong_code_moves_nothing(bff):
    token = await bff.sign_in()
    before = await balance(bff, ADA_CURRENT)
    started = await bff.client.post(
        f"{U}/airtime/vend/initiate",
        headers=auth(token),
        json={
            "nuban": ADA_CURRENT,
            "utilityProductType": "AIRTIME",
            "phoneNumber": "08099990001",
            "amount": 100,
            "airtimeProviderCode": "GLO",
        },
    )
    code = await bff.latest_code(ADA)
    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    refused = await bff.client.post(
        f"{U}/airtime/vend/confirm",
        headers=auth(token),
        json={"otp": wrong, "utilityVendingRequestId": started.json()["utilityVendingRequestId"]},
    )
    assert refused.status_code == 400
    assert await balance(bff, ADA_CURRENT) == before


@pytest.mark.parametrize(
    ("body", "status", "detail"),
    [
        ({"phoneNumber": "0809999000"}, 400, "Mobile Number must be 11 characters"),
        ({"amount": 0}, 400, "Amount must be greater than zero"),
        ({"airtimeProviderCode": "NOKIA"}, 400, "Choose a provider from the list"),
        ({"nuban": "1020000218"}, 404, "Account not found"),
        ({"amount": 20}, 400, "The least airtime you can buy is ₦50.00"),
    ],
)
async def test_bad_bill_requests_are_refused(bff, body, status, detail):
    token = await bff.sign_in()
    before = await balance(bff, ADA_CURRENT)
    response = await bff.client.post(
        f"{U}/airtime/vend/initiate",
        headers=auth(token),
        json={
            "nuban": ADA_CURRENT,
            "utilityProductType": "AIRTIME",
            "phoneNumber": "08099990001",
            "amount": 100,
            "airtimeProviderCode": "MTN",
            **body,
        },
    )
    assert response.status_code == status, response.text
    assert response.json()["detail"] == detail
    assert await balance(bff, ADA_CURRENT) == before


async def test_meter_lookup_failure_refuses_the_vend(bff):
    token = await bff.sign_in()
    response = await bff.client.post(
        f"{U}/electricity/vend/initiate",
        headers=auth(token),
        json={"nuban": ADA_CURRENT, **ELECTRICITY, "electricityMeterNum": "45000000009"},
    )
    assert response.status_code == 400
    assert response.json()["detail"].startswith("We could not find this meter")


async def test_bills_need_a_session(bff):
    response = await bff.client.post(f"{U}/airtime/vend/initiate", json={})
    assert response.status_code == 401
