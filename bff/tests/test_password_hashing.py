"""Password hashing at the morning rush (issue 38): today's argon2id parameters, the upgrade
of an older hash at sign-in, the same cost for an unknown user, and the bounded pool that
answers 503 with Retry-After instead of queueing a burst until it times out."""

from __future__ import annotations

import asyncio
import threading

from argon2 import PasswordHasher, extract_parameters
from sqlalchemy import select, update

from bff.config import Argon2Params
from bff.errors import ServiceUnavailable
from bff.security.passwords import Passwords
from bff.tests.helpers import ADA, PASSWORD, Bff
from bff.users.models import User

# Real work for a hash, so that a burst overlaps (the suite's default is cheaper).
RUSH = Argon2Params(time_cost=2, memory_cost_kib=19 * 1024, parallelism=1)


async def stored_hash(bff: Bff, email: str) -> str:
    async with bff.db.reader() as session:
        found = await session.scalar(select(User.password_hash).where(User.email == email))
    assert found is not None
    return found


async def store_hash(bff: Bff, email: str, password_hash: str) -> None:
    async with bff.db.transaction() as session:
        await session.execute(
            update(User).where(User.email == email).values(password_hash=password_hash)
        )


def test_production_parameters_are_owasp_argon2id_or_stronger():
    params = Argon2Params()  # the defaults production runs with
    assert params.memory_cost_kib >= 19 * 1024
    assert params.time_cost >= 2
    made = extract_parameters(Passwords(params).hash_now("x"))
    assert made.type.name == "ID"
    assert (made.memory_cost, made.time_cost, made.parallelism) == (
        params.memory_cost_kib,
        params.time_cost,
        params.parallelism,
    )


async def test_a_hash_with_older_parameters_is_upgraded_at_the_next_sign_in(bff):
    old = PasswordHasher(time_cost=3, memory_cost=2048, parallelism=2).hash(PASSWORD)
    await store_hash(bff, ADA, old)

    wrong = await bff.login(ADA, "Wrong@2026x")
    assert wrong.status_code == 401
    assert await stored_hash(bff, ADA) == old  # only a right password upgrades

    assert (await bff.login(ADA)).status_code == 200
    upgraded = await stored_hash(bff, ADA)
    assert upgraded != old
    current = Argon2Params(time_cost=1, memory_cost_kib=1024, parallelism=1)  # make_settings'
    made = extract_parameters(upgraded)
    assert (made.time_cost, made.memory_cost, made.parallelism) == (
        current.time_cost,
        current.memory_cost_kib,
        current.parallelism,
    )
    # The upgraded hash is the same password, and is not upgraded again.
    await bff.sign_in(ADA)
    assert await stored_hash(bff, ADA) == upgraded


async def test_an_unknown_user_costs_one_hash_check_like_a_wrong_password(bff, monkeypatch):
    checked: list[str] = []
    real_verify = PasswordHasher.verify

    def counting(self: PasswordHasher, hash: str, password: str) -> bool:
        checked.append(hash)
        return real_verify(self, hash, password)

    monkeypatch.setattr(PasswordHasher, "verify", counting)
    unknown = await bff.login("nobody@example.com", PASSWORD)
    wrong = await bff.login(ADA, "Wrong@2026x")
    assert unknown.status_code == wrong.status_code == 401
    assert unknown.json() == wrong.json()
    assert len(checked) == 2
    # The dummy hash has the very parameters of a real one: the same work, the same time.
    dummy, real = (extract_parameters(h) for h in checked)
    assert dummy == real


async def test_the_pool_runs_at_most_its_threads_and_refuses_beyond_its_queue():
    passwords = Passwords(RUSH, threads=2, queue=3)
    stored = passwords.hash_now(PASSWORD)
    running, most = 0, 0
    lock = threading.Lock()
    real_verify = passwords.verify_now

    def watched(password_hash: str | None, password: str) -> bool:
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        try:
            return real_verify(password_hash, password)
        finally:
            with lock:
                running -= 1

    passwords.verify_now = watched  # type: ignore[method-assign]
    try:
        results = await asyncio.gather(
            *(passwords.check(stored, PASSWORD) for _ in range(12)), return_exceptions=True
        )
    finally:
        passwords.close()
    admitted = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, ServiceUnavailable)]
    assert len(admitted) == 5 and all(r.ok for r in admitted)  # 2 threads + 3 waiting
    assert len(refused) == 7
    assert all(r.retry_after_s is not None and r.retry_after_s >= 1 for r in refused)
    # Memory is threads x memory_cost: never more hashes at once than threads.
    assert most <= 2


async def test_a_burst_of_sign_ins_is_answered_and_the_dashboard_keeps_answering(bff_factory):
    bff = await bff_factory(
        argon2=RUSH,
        password_hash_threads=1,
        password_hash_queue=1,
        login_codes_per_window=1_000,
    )
    token = await bff.sign_in(ADA)

    async def dashboard() -> int:
        response = await bff.client.get(
            "/api/client-summary", headers={"Authorization": f"Bearer {token}"}
        )
        return response.status_code

    logins = [bff.login(ADA) for _ in range(24)]
    answers, dashboard_status = await asyncio.wait_for(
        asyncio.gather(asyncio.gather(*logins), dashboard()), timeout=60
    )
    statuses = [a.status_code for a in answers]
    assert set(statuses) <= {200, 503}, statuses
    assert 200 in statuses and 503 in statuses, statuses
    for answer in answers:
        if answer.status_code == 503:
            assert int(answer.headers["Retry-After"]) >= 1
            assert "try again" in answer.json()["detail"]
    assert dashboard_status == 200


async def test_hashing_never_borrows_the_default_thread_pool():
    passwords = Passwords(RUSH, threads=1)
    names: list[str] = []

    def where(password_hash: str | None, password: str) -> bool:
        names.append(threading.current_thread().name)
        return False

    passwords.verify_now = where  # type: ignore[method-assign]
    try:
        await passwords.check(None, PASSWORD)
    finally:
        passwords.close()
    assert names and names[0].startswith("argon2")
