"""The bank-workload checker must catch what it claims to catch (bench/workload.py)."""

from __future__ import annotations

from types import SimpleNamespace

import httpx

from bench.workload import Check, _check_posting


def sim_with(postings: dict[str, list[dict[str, object]]]) -> httpx.AsyncClient:
    def answer(request: httpx.Request) -> httpx.Response:
        reference = request.url.path.rsplit("/", 1)[-1]
        if reference not in postings:
            return httpx.Response(404, json={"detail": "not found"})
        return httpx.Response(200, json={"reference": reference, "entries": postings[reference]})

    return httpx.AsyncClient(transport=httpx.MockTransport(answer), base_url="http://sim")


def row(status: str, amount: int = 500) -> SimpleNamespace:
    return SimpleNamespace(status=status, amount_kobo=amount)


DEBIT_500 = [
    {"accountNumber": "1020000115", "amountKobo": -500},
    {"accountNumber": "1020000218", "amountKobo": 500},
]


async def test_a_completed_payment_with_its_one_posting_passes():
    result = Check("once")
    async with sim_with({"TRF-a": DEBIT_500}) as sim:
        await _check_posting(sim, result, "a", ["TRF-a", "HOLD-TRF-a"], True, row("COMPLETED"))
    assert result.checked == 1 and result.violations == []


async def test_completed_without_posting_failed_with_posting_twice_and_wrong_amount_are_caught():
    result = Check("once")
    async with sim_with({"TRF-b": DEBIT_500, "TRF-c": DEBIT_500, "HOLD-TRF-c": DEBIT_500}) as sim:
        await _check_posting(sim, result, "a", ["TRF-a"], True, row("COMPLETED"))
        await _check_posting(sim, result, "b", ["TRF-b"], False, row("FAILED"))
        await _check_posting(sim, result, "c", ["TRF-c", "HOLD-TRF-c"], True, row("COMPLETED"))
        await _check_posting(sim, result, "b", ["TRF-b"], True, row("COMPLETED", amount=900))
    assert result.violations == [
        "a completed with 0 postings",
        "b is FAILED but was posted",
        "c completed with 2 postings",
        "b: posting [{'accountNumber': '1020000115', 'amountKobo': -500}, "
        "{'accountNumber': '1020000218', 'amountKobo': 500}] is not one debit of 900",
    ]
