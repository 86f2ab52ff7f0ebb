"""The load generator: a separate process that drives one workload with C concurrent clients
for a fixed time (bounded and self-stopping) and prints what it measured as JSON.

    python -m bench.load summary --clients 64 --seconds 5 --users users.json \
        --bff http://127.0.0.1:8000 --sim http://127.0.0.1:8100

Each client works as its own bench customer (users.json, made by bench.harness), so one-time
codes read from the simulator's outbox are never another client's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import httpx

from bench.inbox import code_after, message_after, newest_message_id
from bff.timefmt import LAGOS


@dataclass
class Client:
    index: int
    user: dict[str, Any]
    next_user: dict[str, Any]
    bff: httpx.AsyncClient
    sim: httpx.AsyncClient
    done: int = 0

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.user['token']}"}

    async def newest_message(self) -> int:
        return await newest_message_id(self.sim, self.user["email"])

    async def code_after(self, message_id: int) -> str:
        code = await code_after(self.sim, self.user["email"], message_id, within_s=30)
        if code is None:
            raise RuntimeError(f"no code for {self.user['email']}")
        return code


def ok(response: httpx.Response) -> None:
    if response.status_code >= 400:
        raise RuntimeError(
            f"{response.request.url.path}: {response.status_code} {response.text[:200]}"
        )


async def trivial(c: Client) -> None:
    ok(await c.bff.get("/health"))


async def summary(c: Client) -> None:
    ok(await c.bff.get("/api/client-summary", headers=c.auth))


async def login(c: Client) -> None:
    before = await c.newest_message()
    started = await c.bff.post(
        "/auth/ibanking/personal/login",
        json={"email": c.user["email"], "password": c.user["password"]},
    )
    ok(started)
    code = await c.code_after(before)
    ok(
        await c.bff.post(
            "/auth/ibanking/personal/otp-verification", json={**started.json(), "otp": code}
        )
    )


async def transfer(c: Client) -> None:
    before = await c.newest_message()
    started = await c.bff.post(
        "/api/transfer/intrabank",
        headers=c.auth,
        json={
            "sourceAccountNumber": c.user["account"],
            "destinationAccountNumber": c.next_user["account"],
            "amount": 1,
            "description": "bench",
        },
    )
    ok(started)
    code = await c.code_after(before)
    confirmed = await c.bff.post(
        "/api/transfer/intrabank/confirm",
        headers=c.auth,
        json={"otp": code, "id": started.json()["id"]},
    )
    ok(confirmed)
    if confirmed.json()["status"] != "COMPLETED":
        raise RuntimeError(f"transfer {confirmed.json()['status']}")


async def ledger(c: Client) -> None:
    c.done += 1
    answer = await c.sim.post(
        "/core/transfers",
        json={
            "reference": f"bench-{time.time_ns()}-{c.index}-{c.done}",
            "debitAccount": c.user["account"],
            "creditAccount": c.next_user["account"],
            "amountKobo": 100,
            "narration": "bench",
        },
    )
    ok(answer)
    if answer.json()["status"] != "SUCCESS":
        raise RuntimeError(answer.text[:200])


async def name_enquiry(c: Client) -> None:
    ok(
        await c.bff.post(
            "/api/transfer/name-inquiry",
            headers=c.auth,
            json={"accountNumber": "9000000014", "bankCode": "000013"},
        )
    )


H = "/api/ibanking/personal/transactions"


def _days_ago(days: int) -> str:
    return (datetime.now(LAGOS).date() - timedelta(days=days)).strftime("%d-%m-%Y")


async def history(c: Client) -> None:
    """The history page as the web app first asks for it: the last 30 days, ten rows."""
    params: dict[str, str | int] = {
        "startDate": _days_ago(30),
        "endDate": _days_ago(0),
        "size": 10,
    }
    ok(await c.bff.get(H, headers=c.auth, params=params))


async def history_all_time(c: Client) -> None:
    """The first page with no dates: the newest ten rows of the whole history."""
    ok(await c.bff.get(H, headers=c.auth, params={"size": 10}))


async def statement(c: Client) -> None:
    """A one-year PDF statement, from the request until the e-mail with the file arrives."""
    before = await c.newest_message()
    body = {"nuban": c.user["account"], "startDate": _days_ago(365), "endDate": _days_ago(0)}
    ok(await c.bff.post(f"{H}/download", headers=c.auth, json=body))
    mail = await message_after(
        c.sim, c.user["email"], before, within_s=60, wanted=lambda m: bool(m.get("attachments"))
    )
    if mail is None:
        raise RuntimeError(f"no statement for {c.user['email']}")


WORKLOADS: dict[str, Callable[[Client], Awaitable[None]]] = {
    "trivial": trivial,
    "summary": summary,
    "login": login,
    "transfer": transfer,
    "ledger": ledger,
    "name_enquiry": name_enquiry,
    "history": history,
    "history_all_time": history_all_time,
    "statement": statement,
}


async def drive(
    workload: str, clients: int, seconds: float, users: list[dict[str, Any]], bff: str, sim: str
) -> dict[str, Any]:
    limits = httpx.Limits(max_connections=clients + 8, max_keepalive_connections=clients + 8)
    async with (
        httpx.AsyncClient(base_url=bff, timeout=60, limits=limits) as bff_http,
        httpx.AsyncClient(base_url=sim, timeout=60, limits=limits) as sim_http,
    ):
        operation = WORKLOADS[workload]
        latencies: list[float] = []
        errors: list[str] = []
        stop_at = time.perf_counter() + seconds

        async def run_client(index: int) -> None:
            client = Client(
                index,
                users[index % len(users)],
                users[(index + 1) % len(users)],
                bff_http,
                sim_http,
            )
            while time.perf_counter() < stop_at:
                started = time.perf_counter()
                try:
                    await operation(client)
                except (RuntimeError, httpx.HTTPError) as exc:
                    errors.append(str(exc)[:160])
                    continue
                latencies.append(time.perf_counter() - started)

        began = time.perf_counter()
        await asyncio.gather(*(run_client(i) for i in range(clients)))
        elapsed = time.perf_counter() - began
    ordered = sorted(latencies)
    return {
        "workload": workload,
        "clients": clients,
        "operations": len(latencies),
        "errors": len(errors),
        "first_errors": errors[:3],
        "seconds": elapsed,
        "throughput": len(latencies) / elapsed if elapsed else 0.0,
        "p50_ms": statistics.median(ordered) * 1000 if ordered else None,
        "p99_ms": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000
        if ordered
        else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("workload", choices=sorted(WORKLOADS))
    parser.add_argument("--clients", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--users", type=Path, required=True)
    parser.add_argument("--bff", required=True)
    parser.add_argument("--sim", required=True)
    args = parser.parse_args()
    users = json.loads(args.users.read_text())
    result = asyncio.run(
        drive(args.workload, args.clients, args.seconds, users, args.bff, args.sim)
    )
    print(json.dumps(result))


if __name__ == "__main__":
    main()
