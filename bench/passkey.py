"""What a passkey sign-in costs the BFF, next to a password sign-in (issue 40), in one run.

On the benchmark's stack (bench/harness.py: production mode, PostgreSQL, 2 + 2 workers),
each bench customer adds a passkey through Settings as a browser would (the code, then the
new credential), made by the tests' software authenticator (`bff/tests/soft_authenticator.py`:
an ES256 key, user verification on). Then, one attempt at a time, rotating through the
customers:

- *passkey*: the challenge (`POST …/passkey/options`), the signed assertion, the session
  (`POST …/passkey/sign-in`): both factors, no code;
- *password step*: `POST …/login` (the password hash, the code sent);
- *password and code*: that step, the code read from the simulator's inbox, and
  `POST …/otp-verification`: the whole sign-in a passkey replaces.

Each figure is the BFF's CPU (its processes' user + system time, from /proc) per attempt,
and the wall time per attempt. wrk drives the other benchmarks; it cannot sign a WebAuthn
assertion, so this driver is Python (httpx) at one client, and only the servers' CPU is
measured, never the driver's. The signing happens in the driver, as on the phone.

    python -m bench.passkey [--attempts 150] [--no-write]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import httpx

from bench.harness import DOC, running_stack
from bench.inbox import CODE
from bench.processes import cpu_seconds
from bench.report import write_section
from bff.auth.devices import DEVICE_COOKIE
from bff.dates import LAGOS
from bff.tests.soft_authenticator import SoftAuthenticator

START, END = "<!-- bench-passkey:start -->", "<!-- bench-passkey:end -->"
HEADING = "## Passkey sign-in next to password sign-in (issue 40)"
SETTINGS = "/api/ibanking/personal"
SIGN_IN = "/auth/ibanking/personal"
# The origin and relying party the bench's BFF is configured with (bench/harness.py).
ORIGIN = "https://bench.example"
CUSTOMERS = 16  # rotated through, so no customer meets the per-window limit of codes sent


@dataclass
class Figure:
    attempts: int
    bff_cpu_ms: float
    sim_cpu_ms: float
    p50_ms: float


async def _newest_code(sim: httpx.AsyncClient, email: str) -> str:
    inbox = (await sim.get("/sim/messages", params={"recipient": email, "limit": 5})).json()
    for message in inbox:
        found = CODE.search(message["body"])
        if found is not None:
            return found.group(1)
    raise AssertionError(f"no code for {email}")


async def add_passkey(
    bff: httpx.AsyncClient, sim: httpx.AsyncClient, user: dict[str, Any]
) -> SoftAuthenticator:
    """Settings, 2 Factor Authentication, Passkey: the code, then the browser's part."""
    auth = {"Authorization": f"Bearer {user['token']}"}
    (await bff.get(f"{SETTINGS}/2fa/passkey/generate", headers=auth)).raise_for_status()
    code = await _newest_code(sim, user["email"])
    options = await bff.post(f"{SETTINGS}/2fa/passkey/options", headers=auth, json={"code": code})
    options.raise_for_status()
    device = SoftAuthenticator()
    added = await bff.post(
        f"{SETTINGS}/2fa/passkey/confirm",
        headers={**auth, "User-Agent": "Mozilla/5.0 (Linux; Android 14) Chrome/131.0"},
        json=device.create(options.json()["options"], origin=ORIGIN),
    )
    added.raise_for_status()
    return device


def known_device(user: dict[str, Any]) -> dict[str, str]:
    """The device cookie a browser sends back (the BFF marks it Secure in production, so
    httpx keeps it from plain http: it is sent by hand): sign-ins from a device Kobo knows,
    as a customer's are, with no new-device alert."""
    cookie = user.get("cookie")
    return {"Cookie": f"{DEVICE_COOKIE}={cookie}"} if cookie else {}


def keep_device(user: dict[str, Any], answer: httpx.Response) -> None:
    cookie = answer.cookies.get(DEVICE_COOKIE)
    if cookie:
        user["cookie"] = cookie


async def passkey_sign_in(
    bff: httpx.AsyncClient, _sim: httpx.AsyncClient, user: dict[str, Any]
) -> None:
    options = (await bff.post(f"{SIGN_IN}/passkey/options")).json()["options"]
    credential = user["device"].get(options, origin=ORIGIN)
    answer = await bff.post(
        f"{SIGN_IN}/passkey/sign-in",
        json={"credential": credential, "remember": False},
        headers=known_device(user),
    )
    assert answer.status_code == 200, answer.text
    keep_device(user, answer)


async def password_step(
    bff: httpx.AsyncClient, _sim: httpx.AsyncClient, user: dict[str, Any]
) -> None:
    started = await bff.post(
        f"{SIGN_IN}/login", json={"email": user["email"], "password": user["password"]}
    )
    assert started.status_code == 200, started.text


async def password_and_code(
    bff: httpx.AsyncClient, sim: httpx.AsyncClient, user: dict[str, Any]
) -> None:
    started = await bff.post(
        f"{SIGN_IN}/login",
        json={"email": user["email"], "password": user["password"]},
        headers=known_device(user),
    )
    assert started.status_code == 200, started.text
    code = await _newest_code(sim, user["email"])
    verified = await bff.post(
        f"{SIGN_IN}/otp-verification",
        json={**started.json(), "otp": code},
        headers=known_device(user),
    )
    assert verified.status_code == 200, verified.text
    keep_device(user, verified)


Attempt = Callable[[httpx.AsyncClient, httpx.AsyncClient, dict[str, Any]], Awaitable[None]]


async def measure(
    attempt: Attempt,
    attempts: int,
    users: list[dict[str, Any]],
    clients: tuple[httpx.AsyncClient, httpx.AsyncClient],
    pids: tuple[int, int],
) -> Figure:
    for user in users:  # warm: connections, prepared statements, each device known
        await attempt(*clients, user)
    walls = []
    bff_before, sim_before = cpu_seconds(pids[0]), cpu_seconds(pids[1])
    for number in range(attempts):
        began = time.perf_counter()
        await attempt(*clients, users[number % len(users)])
        walls.append((time.perf_counter() - began) * 1000)
    bff_ms = (cpu_seconds(pids[0]) - bff_before) * 1000 / attempts
    sim_ms = (cpu_seconds(pids[1]) - sim_before) * 1000 / attempts
    return Figure(attempts, bff_ms, sim_ms, statistics.median(walls))


async def run(args: argparse.Namespace) -> dict[str, Figure]:
    figures: dict[str, Figure] = {}
    async with running_stack(args) as bench:
        stack = bench.stack
        assert stack.bff is not None and stack.sim is not None
        users = bench.users[:CUSTOMERS]
        async with (
            httpx.AsyncClient(base_url=stack.bff_url, timeout=60) as bff,
            httpx.AsyncClient(base_url=stack.sim_url, timeout=60) as sim,
        ):
            for user in users:
                user["device"] = await add_passkey(bff, sim, user)
            pids = (stack.bff.pid, stack.sim.pid)
            for name, attempt in (
                ("passkey (options, assertion, session)", passkey_sign_in),
                ("password step (POST login: the hash, the code sent)", password_step),
                ("password and code (the whole sign-in a passkey replaces)", password_and_code),
            ):
                figures[name] = await measure(attempt, args.attempts, users, (bff, sim), pids)
                print(name, figures[name], flush=True)
    return figures


def report(figures: dict[str, Figure]) -> str:
    stamp = datetime.now(LAGOS).strftime("%Y-%m-%d %H:%M")
    lines = [
        f"Measured {stamp} (Lagos) by `python -m bench.passkey`: production mode, PostgreSQL, "
        "2 BFF and 2 simulator processes, one attempt at a time, rotating through "
        f"{CUSTOMERS} customers. CPU is each server's user + system time per attempt.",
        "",
        "| sign-in | attempts | BFF CPU ms | simulator CPU ms | wall p50 ms |",
        "|---|---|---|---|---|",
    ]
    for name, figure in figures.items():
        lines.append(
            f"| {name} | {figure.attempts} | {figure.bff_cpu_ms:.1f} | "
            f"{figure.sim_cpu_ms:.1f} | {figure.p50_ms:.1f} |"
        )
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--attempts", type=int, default=150)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--sim-workers", type=int, default=2)
    parser.add_argument("--users", type=int, default=CUSTOMERS)
    parser.add_argument("--postgres", default="127.0.0.1:5432")
    parser.add_argument("--port-base", type=int)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    text = report(asyncio.run(run(args)))
    print(text)
    if not args.no_write:
        write_section(DOC, START, END, text, HEADING)


if __name__ == "__main__":
    main()
