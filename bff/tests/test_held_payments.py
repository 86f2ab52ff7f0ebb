"""A held payment's first step (bff/payments/lifecycle.py, `run_held`): a refused hold
after an unanswered one voids the hold by reference, because the unanswered request may
still reach the core after the refusal (the drills found one that did)."""

from __future__ import annotations

from typing import Any

import pytest

from bff.core_client import CorePosting, CoreRefused
from bff.payments.lifecycle import Stage, Status, run_held


class RefusedHold:
    """A payment whose hold the core refuses (insufficient funds); records the calls."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    async def hold(self) -> None:
        self.calls.append("hold")
        raise CoreRefused(422, "Insufficient funds", "51")

    async def send(self) -> str:
        raise AssertionError("a refused hold is never sent")

    async def query(self) -> str:
        raise AssertionError("a refused hold is never queried")

    async def settle(self) -> CorePosting | None:
        raise AssertionError("a refused hold is never settled")

    async def release(self) -> None:
        self.calls.append("release")

    def failure_message(self, code: str | None) -> str:
        return f"failed {code}"


@pytest.mark.parametrize(("unsure", "calls"), [(False, ["hold"]), (True, ["hold", "release"])])
async def test_a_refused_hold_is_voided_when_an_earlier_one_went_unanswered(
    unsure: bool, calls: list[str]
) -> None:
    payment = RefusedHold()
    life: Any = None  # a refused hold records nothing on the way
    outcome = await run_held(life, "p-1", Stage.NEW, payment, unsure)
    assert outcome.status == Status.FAILED and outcome.code == "51"
    assert payment.calls == calls
