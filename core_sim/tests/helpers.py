"""Helpers the core_sim tests share: constants, request helpers and small builders. Not a test
module: tests and conftest.py import from here, never from each other."""

from __future__ import annotations

from datetime import datetime, timedelta

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


class PinnedClock:
    """The simulator's clock held still at `now` (the `clock` fixture): tests move it by hand,
    never by the wall clock."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now


def pinned_datetime(clock: PinnedClock) -> type[datetime]:
    """A `datetime` whose now() is the pinned clock's, for core_sim/simclock/state.py."""

    class Pinned(datetime):
        @classmethod
        def now(cls, tz=None):  # type: ignore[no-untyped-def,override]
            return clock.now if tz is None else clock.now.astimezone(tz)

    return Pinned
