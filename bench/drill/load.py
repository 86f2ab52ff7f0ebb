"""The load the drills run under: customers making same-bank, own-account, other-bank and
bulk transfers (the bank workload's customers, bench/workload.py, each confirmation and its
answer recorded), and the morning-rush journey: sign in, dashboard, first history page, sign
out, again and again. All of it through nginx, as customers come."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time

import httpx

from bench.drill.bank import Bank
from bench.workload import Customer, Tally

TRANSFERS = ["intrabank", "intrabank", "interbank", "own", "bulk"]
RUSH_STEPS = ("/api/client-summary", "/api/ibanking/personal/transactions?size=10")
SESSIONS = {  # transfer sessions per customer; Ada has three accounts
    "ada.okafor@example.com": 2,
    "chioma.eze@example.com": 2,
}
RUSH_SESSIONS = 2
# The drills' own probes sign in as Tunde, whom the load leaves alone: a sign-in reads the
# newest code in the customer's inbox, and another session's payment code would be taken
# for it (the load's customers meet that race, count it and sign in again).
PROBE = "tunde.bakare@example.com"


class DrillCustomer(Customer):
    def _amount(self) -> int:
        # Small amounts: a run makes hundreds of payments, within every daily limit.
        return self.rng.choice([1, 5, 20, 75])


class Probe:
    """One signed-in session the drills use to look at the bank during a fault."""

    def __init__(self, customer: Customer) -> None:
        self.customer = customer

    async def read(self, path: str, timeout_s: float = 5) -> int | str:
        """The answer's status, or the error's name (a read that takes over `timeout_s`:
        `ReadTimeout`)."""
        headers = {"Authorization": f"Bearer {self.customer.token}"}
        try:
            answer = await self.customer.http.get(path, headers=headers, timeout=timeout_s)
        except httpx.HTTPError as exc:
            return type(exc).__name__
        return answer.status_code

    async def close(self) -> None:
        await self.customer.close()


class Load:
    def __init__(self, bank: Bank, seed: int = 53) -> None:
        self.bank = bank
        self.tally = Tally()
        self.rng = random.Random(seed)
        self.tasks: list[asyncio.Task[None]] = []
        self.customers: list[Customer] = []
        self.stopping = False

    def _customer(self, email: str, kinds: list[str] | None = None) -> Customer:
        customer = DrillCustomer(
            email, self.bank, self.tally, random.Random(self.rng.random()), self.bank.cafile, kinds
        )
        self.customers.append(customer)
        return customer

    def start(self) -> None:
        for email, sessions in SESSIONS.items():
            for _ in range(sessions):
                kinds = [k for k in TRANSFERS if k != "own" or email.startswith("ada")]
                self.tasks.append(
                    asyncio.create_task(self._transfers(self._customer(email, kinds)))
                )
        for n in range(RUSH_SESSIONS):
            email = list(SESSIONS)[n % len(SESSIONS)]
            self.tasks.append(asyncio.create_task(self._rush(self._customer(email))))

    async def _transfers(self, customer: Customer) -> None:
        # Customer.run catches what a fault throws at a client and signs in again. A second
        # at a time, so that stopping lets each customer finish the payment under way.
        while not self.stopping:
            try:
                await customer.run(until=time.monotonic() + 1)
            except (ValueError, httpx.HTTPError) as exc:  # an HTML error page from nginx, say
                self.tally.errors[f"{type(exc).__name__}: {str(exc)[:80]}"] += 1
                customer.token = None
                await asyncio.sleep(0.5)

    async def _rush(self, customer: Customer) -> None:
        while not self.stopping:
            try:
                await customer.sign_in()
                for path in RUSH_STEPS:
                    answer = await customer._call("GET", path)
                    self.tally.outcomes[f"rush {path.split('?')[0]}: {answer.status_code}"] += 1
                await customer._call("POST", "/auth/ibanking/personal/logout")
                self.tally.operations["rush journey"] += 1
            except (ValueError, RuntimeError, KeyError, httpx.HTTPError) as exc:
                self.tally.errors[f"rush {type(exc).__name__}: {str(exc)[:80]}"] += 1
                await asyncio.sleep(0.5)

    async def stop(self, grace_s: float = 90) -> None:
        """Each client finishes what it is doing and stops. None is cancelled mid-payment
        unless it overruns `grace_s`: a confirmation the client gave up on would still be
        carried out by the BFF while the checks read the records."""
        self.stopping = True
        _, late = await asyncio.wait(self.tasks, timeout=grace_s)
        for task in late:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for customer in self.customers:
            await customer.close()

    # -- what the drills ask for ---------------------------------------------------------------

    async def probe_session(self) -> Probe:
        customer = Customer(
            "ada.okafor@example.com", self.bank, Tally(), random.Random(1), self.bank.cafile
        )
        for _ in range(20):
            with contextlib.suppress(httpx.HTTPError, RuntimeError, KeyError):
                await customer.sign_in()
                return Probe(customer)
            await asyncio.sleep(0.5)
        raise RuntimeError("the probe could not sign in")

    async def try_sign_in(self) -> int | str:
        """A whole sign-in (password, then the code) through nginx: 200, or what failed."""
        customer = Customer(
            "tunde.bakare@example.com", self.bank, Tally(), random.Random(2), self.bank.cafile
        )
        try:
            await customer.sign_in()
            return 200
        except httpx.HTTPStatusError as exc:
            return exc.response.status_code
        except (httpx.HTTPError, RuntimeError, KeyError) as exc:
            return type(exc).__name__
        finally:
            await customer.close()

    async def try_registration(self) -> int | str:
        """A registration with nothing filled in: 400 when its limiter answers, refused
        before validation (503) when the limiter fails closed. Nobody is registered."""
        async with httpx.AsyncClient(
            base_url=self.bank.bff_url, verify=self.bank.cafile, timeout=15
        ) as client:
            try:
                return (
                    await client.post("/auth/ibanking/personal/registration/new", json={})
                ).status_code
            except httpx.HTTPError as exc:
                return type(exc).__name__
