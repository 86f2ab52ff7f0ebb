"""Helpers the core_sim tests share: constants, request helpers and small builders. Not a test
module: tests and conftest.py import from here, never from each other."""

from __future__ import annotations

GTB = "000013"


async def inquire(sim_client, account: str, bank: str = GTB) -> dict:  # type: ignore[no-untyped-def,type-arg]
    response = await sim_client.post(
        "/nip/name-inquiry", json={"destinationInstitutionCode": bank, "accountNumber": account}
    )
    assert response.status_code == 200
    return response.json()


async def send(sim_client, reference: str, account: str, session_id: str, amount: int = 5000):  # type: ignore[no-untyped-def]
    return await sim_client.post(
        "/nip/transfers",
        json={
            "reference": reference,
            "nameInquiryRef": session_id,
            "debitAccount": "1020000115",
            "destinationInstitutionCode": GTB,
            "beneficiaryAccount": account,
            "beneficiaryName": "X",
            "amountKobo": amount,
            "narration": "test",
        },
    )


async def tsq(sim_client, reference: str) -> str:  # type: ignore[no-untyped-def]
    return (await sim_client.post("/nip/tsq", json={"reference": reference})).json()["responseCode"]
