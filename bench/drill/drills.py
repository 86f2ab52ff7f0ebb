"""The faults, one after another, while the load runs (bench/drill/load.py). Each gives a
`Drill`: when its fault began and ended, what the probes saw, and the notes for the report.
Payments are judged afterwards, against the ledger (bench/drill/verdict.py)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter
from dataclasses import dataclass, field

import httpx

from bench.drill.bank import Bank
from bench.drill.hosts import Host
from bench.drill.load import Load
from bff.errors import TRY_AGAIN_SHORTLY as TRY_AGAIN

COMPLETED = 200
SIGN_IN = "sign-in (fails open)"


@dataclass
class Drill:
    fault: str
    began_at: float
    fault_ended_at: float = 0.0  # the link back, the host restarted (== began_at if instant)
    ended_at: float = 0.0  # recovered and settled: the next drill may start
    rto_s: float | None = None
    ledger_balanced: bool | None = None
    notes: list[str] = field(default_factory=list)
    probes: Counter[str] = field(default_factory=Counter)
    failed: list[str] = field(default_factory=list)  # what the drill itself found wrong

    def seen(self) -> str:
        """What the probes saw, each answer with its count."""
        return ", ".join(f"{k}: {n}" for k, n in sorted(self.probes.items()))


async def payments_back(load: Load, since: float, timeout_s: float = 90) -> float | None:
    """Seconds from `since` until a payment whose confirmation was sent after it completed
    (200): the time until payments succeed again. None if none did within `timeout_s`."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        done = [
            a.answered_at
            for a in load.tally.acks
            if a.sent_at >= since and a.status_code == COMPLETED
        ]
        if done:
            return min(done) - since
        await asyncio.sleep(0.1)
    return None


async def settled(bank: Bank, timeout_s: float = 60) -> None:
    """Wait until every BFF is ready and sees the core answering: each drill starts from a
    bank that has recovered from the last (after the core's cut, its circuit breakers and
    the requests the cut delayed take a while to clear)."""
    deadline = time.monotonic() + timeout_s
    async with httpx.AsyncClient(timeout=5) as direct:
        while time.monotonic() < deadline:
            answers = []
            for bff in bank.bffs:
                with contextlib.suppress(httpx.HTTPError, ValueError):
                    answer = await direct.get(f"{bank.direct_url(bff)}/ready")
                    answers.append(answer.status_code == 200 and answer.json()["core"] == "ok")
            if answers == [True] * len(bank.bffs):
                return
            await asyncio.sleep(0.5)
    raise RuntimeError(f"the bank did not settle within {timeout_s:.0f} s")


async def ledger_balanced(bank: Bank) -> bool:
    async with httpx.AsyncClient(base_url=bank.sim_url, timeout=30) as sim:
        return bool((await sim.get("/core/ledger/balance-check")).json()["balanced"])


async def finish(bank: Bank, load: Load, drill: Drill) -> Drill:
    """After the fault: wait until payments complete again, check the ledger sums to zero."""
    if drill.rto_s is None:
        drill.rto_s = await payments_back(load, drill.began_at)
    if drill.rto_s is None:
        drill.failed.append("no payment completed within 90 s of the fault")
    drill.ledger_balanced = await ledger_balanced(bank)
    if not drill.ledger_balanced:
        drill.failed.append("the ledger does not sum to zero")
    drill.ended_at = time.monotonic()
    return drill


async def primary_killed(bank: Bank, load: Load, run: int) -> Drill:
    cluster = bank.cluster
    old = await asyncio.to_thread(cluster.primary)
    assert old is not None
    drill = Drill(f"database primary's host killed (run {run})", time.monotonic())
    old.kill()
    new = None
    while new is None or new is old:
        await asyncio.sleep(0.2)
        new = await asyncio.to_thread(cluster.primary)
        if time.monotonic() - drill.began_at > 90:
            drill.failed.append("no standby was promoted within 90 s")
            break
    promoted_after = time.monotonic() - drill.began_at
    drill.rto_s = await payments_back(load, drill.began_at)
    drill.notes.append(
        f"{old.name} killed; Patroni promoted {new.name if new else 'nothing'} after "
        f"{promoted_after:.1f} s"
    )
    # The old primary's host comes back and rejoins as the synchronous standby (pg_rewind),
    # so that the next run again has a standby to promote.
    await asyncio.to_thread(bank.restart, old)
    rejoin_began = time.monotonic()
    await asyncio.to_thread(cluster.wait_for_sync_standby)
    drill.fault_ended_at = time.monotonic()
    rejoined_after = drill.fault_ended_at - rejoin_began
    drill.notes.append(f"{old.name} back as the synchronous standby after {rejoined_after:.1f} s")
    return await finish(bank, load, drill)


async def bff_host_killed(bank: Bank, load: Load) -> Drill:
    victim = bank.bffs[0]
    probe = await load.probe_session()
    drill = Drill(f"BFF host killed ({victim.name})", time.monotonic())
    victim.kill()
    # A customer signed in before the kill carries on with the same session. A read sent
    # down nginx's idle connection to the lost host waits for an answer that never comes
    # (proxy_read_timeout): such reads are counted, and the session must read its dashboard
    # through the other host in the end, every time.
    answers = []
    until = time.monotonic() + 15
    while time.monotonic() < until:
        answers.append(await probe.read("/api/client-summary"))
        await asyncio.sleep(0.5)
    for answer in answers:
        drill.probes[f"same session, dashboard: {answer}"] += 1
    ok = answers.count(200)
    drill.notes.append(
        f"a session signed in before the kill read its dashboard {ok} times of {len(answers)} "
        f"after it ({drill.seen()})"
    )
    if ok < 3 or answers[-3:] != [200, 200, 200]:
        drill.failed.append(f"the signed-in session did not carry on ({answers})")
    await probe.close()
    await asyncio.to_thread(bank.restart, victim)
    drill.fault_ended_at = time.monotonic()
    return await finish(bank, load, drill)


async def core_cut_off(bank: Bank, load: Load, seconds: float = 30) -> Drill:
    probe = await load.probe_session()
    drill = Drill(f"simulator (core) cut off for {seconds:.0f} s", time.monotonic())
    bank.sim.link_down()
    until = time.monotonic() + seconds
    async with httpx.AsyncClient(timeout=15) as direct:
        while time.monotonic() < until:
            for bff in bank.bffs:
                ready = await direct.get(f"{bank.direct_url(bff)}/ready")
                drill.probes[f"/ready {ready.status_code}"] += 1
            drill.probes[f"tickets (no core): {await probe.read('/api/tickets/')}"] += 1
            # The core's deadline (KOBO_CORE_TIMEOUT_S, 10 s) passes before the answer.
            dashboard = await probe.read("/api/client-summary", timeout_s=15)
            drill.probes[f"dashboard (core): {dashboard}"] += 1
            await asyncio.sleep(1)
    bank.sim.link_up()
    drill.fault_ended_at = time.monotonic()
    await probe.close()
    not_ready = sum(
        n for k, n in drill.probes.items() if k.startswith("/ready") and k != "/ready 200"
    )
    if not_ready:
        drill.failed.append(f"/ready was not 200 {not_ready} times while the core was away")
    if any(k.startswith("tickets") and not k.endswith(" 200") for k in drill.probes):
        drill.failed.append("a page that needs no core did not answer 200")
    if any(k.startswith("dashboard") and not k.endswith((" 200", " 503")) for k in drill.probes):
        drill.failed.append("a page that needs the core answered neither 200 nor the 503")
    drill.notes.append(drill.seen())
    return await finish(bank, load, drill)


async def redis_lost(bank: Bank, load: Load, seconds: float = 15) -> Drill:
    drill = Drill(f"Redis lost for {seconds:.0f} s", time.monotonic())
    bank.redis.kill()
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        drill.probes[f"{SIGN_IN}: {await load.try_sign_in()}"] += 1
        drill.probes[f"registration (fails closed): {await load.try_registration()}"] += 1
        await asyncio.sleep(1)
    await asyncio.to_thread(bank.restart, bank.redis)
    drill.fault_ended_at = time.monotonic()
    # A sign-in may still fail for a reason of its own (the code's SMS not sent): what must
    # not happen is the limiter refusing it (429, or its 503 "try again shortly").
    refused = [
        k for k in drill.probes if k.startswith("sign-in") and ("429" in k or TRY_AGAIN in k)
    ]
    if refused or not drill.probes[f"{SIGN_IN}: 200"]:
        drill.failed.append(f"sign-in was refused while Redis was away ({refused})")
    if any(k.startswith("registration") and not k.endswith(" 503") for k in drill.probes):
        drill.failed.append("a registration was not refused (503) while Redis was away")
    drill.notes.append(drill.seen())
    return await finish(bank, load, drill)


async def bff_partitioned_from_database(bank: Bank, load: Load, seconds: float = 20) -> Drill:
    victim: Host = bank.bffs[0]
    drill = Drill(
        f"BFF host ({victim.name}) cut off from the database for {seconds:.0f} s", time.monotonic()
    )
    victim.block(bank.proxy.address)
    until = time.monotonic() + seconds
    async with httpx.AsyncClient(timeout=15) as direct:
        while time.monotonic() < until:
            for bff in bank.bffs:
                status: int | str
                try:
                    status = (await direct.get(f"{bank.direct_url(bff)}/ready")).status_code
                except httpx.HTTPError as exc:
                    status = type(exc).__name__
                drill.probes[f"{bff.name} /ready {status}"] += 1
            await asyncio.sleep(1)
    victim.unblock(bank.proxy.address)
    drill.fault_ended_at = time.monotonic()
    drill.notes.append(drill.seen())
    return await finish(bank, load, drill)
