"""Billers: validation, vend with tokens, magic outcomes, requery."""

from __future__ import annotations

import re


async def vend(sim_client, reference: str, **body):  # type: ignore[no-untyped-def]
    payload = {
        "reference": reference,
        "category": "ELECTRICITY",
        "providerCode": "IKEDC",
        "customerNumber": "45000000001",
        "amountKobo": 500_000,
        "meterType": "PREPAID",
        **body,
    }
    return (await sim_client.post("/billers/vend", json=payload)).json()


async def test_meter_lookup(sim_client):
    ok = (
        await sim_client.post(
            "/billers/validate",
            json={
                "category": "ELECTRICITY",
                "providerCode": "IKEDC",
                "customerNumber": "45000000001",
            },
        )
    ).json()
    assert ok["responseCode"] == "00" and ok["name"] == "Kemi Adeyinka" and ok["address"]
    unknown = (
        await sim_client.post(
            "/billers/validate",
            json={
                "category": "ELECTRICITY",
                "providerCode": "IKEDC",
                "customerNumber": "45000000009",
            },
        )
    ).json()
    assert unknown["responseCode"] == "07"
    bad_provider = (
        await sim_client.post(
            "/billers/validate",
            json={"category": "CABLE_TV", "providerCode": "NOPE", "customerNumber": "7000000001"},
        )
    ).json()
    assert bad_provider["responseCode"] == "16"


async def test_prepaid_vend_gives_a_20_digit_token_once(sim_client):
    first = await vend(sim_client, "vend-token-01")
    assert first["responseCode"] == "00" and re.fullmatch(r"\d{20}", first["token"])
    assert first["units"] == "23.86 kWh"
    again = await vend(sim_client, "vend-token-01")
    assert again["token"] == first["token"]


async def test_magic_failure_pending_and_timeout(sim_client):
    assert (await vend(sim_client, "vend-fail-001", customerNumber="45000000002"))[
        "responseCode"
    ] == "96"
    pending = await vend(sim_client, "vend-pend-001", customerNumber="45000000003")
    assert pending["responseCode"] == "09" and pending["token"] is None
    response = await sim_client.post(
        "/billers/vend",
        json={
            "reference": "vend-tout-001",
            "category": "ELECTRICITY",
            "providerCode": "IKEDC",
            "customerNumber": "45000000004",
            "amountKobo": 100_000,
            "meterType": "PREPAID",
        },
    )
    assert response.status_code == 504
    after = (await sim_client.post("/billers/requery", json={"reference": "vend-tout-001"})).json()
    assert after["responseCode"] == "00" and after["token"]


async def test_data_and_cable_prices_must_match_the_catalogue(sim_client):
    good = await vend(
        sim_client,
        "vend-data-001",
        category="DATA",
        providerCode="MTN-DATA",
        productCode="MTN-1GB-1D",
        customerNumber="08099990001",
        amountKobo=35_000,
    )
    assert good["responseCode"] == "00" and good["token"] is None
    wrong = await vend(
        sim_client,
        "vend-data-002",
        category="DATA",
        providerCode="MTN-DATA",
        productCode="MTN-1GB-1D",
        customerNumber="08099990001",
        amountKobo=1,
    )
    assert wrong["responseCode"] == "13"
    cable = await vend(
        sim_client,
        "vend-cable-01",
        category="CABLE_TV",
        providerCode="GOTV",
        productCode="GOTV-JINJA",
        customerNumber="7000000001",
        amountKobo=390_000,
    )
    assert cable["responseCode"] == "00"


async def test_vend_fault_and_requery_unknown(sim_client):
    await sim_client.post(
        "/sim/faults/",
        json={"operation": "bills.vend", "effect": "decline", "responseCode": "51", "uses": 1},
    )
    assert (
        await vend(
            sim_client,
            "vend-fault-01",
            category="AIRTIME",
            providerCode="MTN",
            customerNumber="08031234501",
            amountKobo=10_000,
        )
    )["responseCode"] == "51"
    assert (await sim_client.post("/billers/requery", json={"reference": "never-vended"})).json()[
        "responseCode"
    ] == "25"
