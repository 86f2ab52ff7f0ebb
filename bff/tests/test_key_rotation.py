"""Rotating the file keys in two phases while real BFF processes serve (docs/operations.md,
"Rotating the file keys"): old and new `python -m bff serve` processes side by side on one
PostgreSQL, one S3 API server (moto's) and one simulator, each reading its key ring from a
file (KOBO_FILE_KEYS_FILE), as a pod reads the mounted Secret.

Phase 1 puts the new key on every ring, not current; phase 2 makes it current on the new
processes while old ones still serve; then `rewrap-files`, `file-keys`, and a process with
the new key alone. Every answer along the way is counted and none may fail. Without phase 1,
an old process meets data under a key it lacks and answers the 503 "try again", not a 500."""

from __future__ import annotations

import asyncio
import base64
import os
import secrets
import subprocess
import sys
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

from bench.processes import Stack
from bench.workload import free_port
from bff.storage.envelope import KEY_NOT_HERE, key_id_of
from bff.tests.helpers import (
    ADA,
    CHIOMA,
    CHIOMA_PROFILE,
    samples,
    sign_in_over_http,
    ticket_with_card_photo,
)
from bff.tests.s3_server import CREDENTIALS, S3Server

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

OLD, NEW = "2026-05", "2026-11"


@dataclass
class Deployment:
    stack: Stack
    bucket: str
    rings: dict[str, Path]  # a name -> the ring file of that phase
    shared: dict[str, str]
    answers: list[tuple[str, int]] = field(default_factory=list)  # (what, status) of each

    def env(self, ring: str, current: str | None = None) -> dict[str, str]:
        """A process's settings: its ring file and, for phase 2, the current key."""
        return {
            "KOBO_FILE_KEYS_FILE": str(self.rings[ring]),
            "KOBO_FILE_KEY_CURRENT": current or "",
        }

    async def start(self, ring: str, current: str | None = None) -> str:
        return await asyncio.to_thread(
            self.stack.start_another_bff, free_port(), None, self.env(ring, current)
        )

    def client(self, url: str) -> httpx.AsyncClient:
        async def count(response: httpx.Response) -> None:
            self.answers.append(
                (f"{response.request.method} {response.request.url}", response.status_code)
            )

        return httpx.AsyncClient(base_url=url, timeout=30, event_hooks={"response": [count]})

    def command(self, *args: str, ring: str, current: str | None = None) -> str:
        """`python -m bff ARGS` with the deployment's settings, as an operator runs it."""
        env = {
            **os.environ,
            **self.shared,
            "DATABASE_URL": self.stack.bff_db,
            **self.env(ring, current),
        }
        env.pop("KOBO_FILE_KEYS", None)
        done = subprocess.run(
            [sys.executable, "-m", "bff", *args],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout


@pytest.fixture(scope="module")
def deployment(  # type: ignore[no-untyped-def]
    databases, s3_server: S3Server, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Deployment]:
    work: Path = tmp_path_factory.mktemp("key-rotation")
    keys = {key_id: base64.b64encode(secrets.token_bytes(32)).decode() for key_id in (OLD, NEW)}
    rings = {}
    for name, ids in {"old": [OLD], "both": [OLD, NEW], "new": [NEW]}.items():
        rings[name] = work / f"{name}.keys"
        rings[name].write_text("".join(f"{key_id}:{keys[key_id]}\n" for key_id in ids))
        rings[name].chmod(0o440)
    bucket = s3_server.new_bucket(versioning="Enabled")
    shared = {
        "KOBO_STORAGE": "s3",
        "KOBO_S3_BUCKET": bucket,
        "KOBO_S3_ENDPOINT": s3_server.url,
        **CREDENTIALS,
    }
    stack = Stack(
        bff_db=databases.new("rotation_bff"),
        sim_db=databases.new("rotation_sim"),
        bff_port=free_port(),
        sim_port=free_port(),
        log_dir=work,
        env_overrides={
            **shared,
            "SIM_LOG_LEVEL": "WARNING",
            "KOBO_LOG_FORMAT": "text",
            "KOBO_RATE_LIMIT_AUTH_PER_MINUTE": "1000",
            # Phase 1 already: the first process has the new key, not current.
            "KOBO_FILE_KEYS_FILE": str(rings["both"]),
        },
    )
    stack.start()  # migrates and seeds; the processes the tests start come up after it
    try:
        yield Deployment(stack, bucket, rings, shared)
    finally:
        stack.stop()


async def test_two_phase_rotation_fails_no_request(
    deployment: Deployment, s3_server: S3Server
) -> None:
    stack = deployment.stack
    old_a = stack.bff_url  # phase 1: OLD current, NEW on the ring
    old_b = await deployment.start("both")
    async with (
        deployment.client(old_a) as a,
        httpx.AsyncClient(base_url=stack.sim_url, timeout=30) as sim,
    ):
        ada = await sign_in_over_http(a, sim, ADA)
        chioma = await sign_in_over_http(a, sim, CHIOMA)
        saved = await a.post("/api/onboarding/basic-profile", headers=chioma, json=CHIOMA_PROFILE)
        assert saved.status_code == 200, saved.text
        urls = [await _ticket_with_attachment(a, ada)]
    live = [old_a, old_b]
    first_answers: dict[str, str] = {}
    polling = asyncio.Event()
    rounds = 0  # the poller's rounds ended
    poll_ended = False
    round_ended = asyncio.Condition()

    async def poll() -> None:
        """Customers downloading every document from every live process, all along."""
        nonlocal rounds, poll_ended
        try:
            while not polling.is_set():
                for host in list(live):
                    async with deployment.client(host) as client:
                        for url in list(urls):
                            answer = await client.get(url, headers=ada)
                            if answer.status_code == 200:
                                content = answer.json()["content"]
                                assert first_answers.setdefault(url, content) == content
                async with round_ended:
                    rounds += 1
                    round_ended.notify_all()
                await asyncio.sleep(0.1)
        finally:
            async with round_ended:
                poll_ended = True
                round_ended.notify_all()

    async def drained() -> None:
        """Until a round that began after now has ended: no request is still on its way to
        a process just taken out of `live` (on a loaded machine a round outlasts any fixed
        wait)."""
        until = rounds + 2
        async with round_ended:
            await round_ended.wait_for(lambda: rounds >= until or poll_ended)

    poller = asyncio.create_task(poll())
    try:
        # Phase 2, rolled out one process at a time: a new process with NEW current joins,
        # an old one leaves; a document uploaded on the new process is sealed under NEW and
        # downloaded on the old process still serving.
        new_c = await deployment.start("both", current=NEW)
        live.append(new_c)
        await _leave(deployment, live, old_b, drained)
        async with deployment.client(new_c) as c, deployment.client(old_a) as a:
            urls.append(await _ticket_with_attachment(c, ada))
            sealed = s3_server.objects(deployment.bucket).values()
            assert sorted(key_id_of(v) for v in sealed) == [OLD, NEW]
            downloaded = await a.get(urls[-1], headers=ada)
            assert downloaded.status_code == 200, downloaded.text
        await asyncio.sleep(0.5)  # a few rounds of customers on old and new together
        new_d = await deployment.start("both", current=NEW)
        live.append(new_d)
        live.remove(old_a)
        await drained()
        await asyncio.to_thread(stack.stop_bff)

        # Phase 3: everything onto NEW; then nothing uses OLD.
        output = deployment.command("rewrap-files", ring="both", current=NEW)
        assert output.splitlines() == [
            f"re-wrapped 1 files under key '{NEW}'; 1 already were; 0 refused",
            f"re-wrapped 2 identity numbers under key '{NEW}'; 0 already were; 0 refused",
        ]
        usage = deployment.command("file-keys", ring="both", current=NEW)
        assert usage.splitlines() == [
            f"{OLD} (on the ring): 0 files, 0 identity numbers: nothing uses it; it can leave the ring",
            f"{NEW} (current): 2 files, 2 identity numbers",
        ]

        # Phase 4: OLD leaves the ring; a process with NEW alone reads everything.
        retired = await deployment.start("new")
        live.append(retired)
        async with deployment.client(retired) as e:
            for url in urls:
                answer = await e.get(url, headers=ada)
                assert answer.status_code == 200, answer.text
                assert answer.json()["content"] == first_answers[url]
            profile = (await e.get("/api/onboarding/basic-profile", headers=chioma)).json()
            assert (profile["bvn"], profile["nin"]) == (
                CHIOMA_PROFILE["bvn"],
                CHIOMA_PROFILE["nin"],
            )
        await asyncio.sleep(0.3)
    finally:
        polling.set()
        await poller
    downloads = [a for a in deployment.answers if "/download" in a[0] or "/attachments/" in a[0]]
    assert len(downloads) > 20, "the customers kept downloading through the rotation"
    assert [a for a in deployment.answers if a[1] >= 400] == []


async def test_without_phase_one_an_old_process_answers_try_again_not_500(
    deployment: Deployment,
) -> None:
    """A new key made current while a process still has the old ring only: that process
    cannot open what the new ones seal, and says so (503, Retry-After, the alert metric)."""
    current = await deployment.start("both", current=NEW)
    stale = await deployment.start("old")
    async with (
        deployment.client(current) as c,
        httpx.AsyncClient(base_url=stale, timeout=30) as old,
        httpx.AsyncClient(base_url=deployment.stack.sim_url, timeout=30) as sim,
    ):
        ada = await sign_in_over_http(c, sim, ADA)
        url = await _ticket_with_attachment(c, ada)
        refused = await old.get(url, headers=ada)
        assert refused.status_code == 503, refused.text
        assert refused.headers["retry-after"] == "5"
        assert refused.json()["detail"] == KEY_NOT_HERE
        metrics = (await old.get("/metrics")).text
        assert samples(metrics)[("kobo_file_key_unknown_total", (("what", "file"),))] == 1
        assert (await c.get(url, headers=ada)).status_code == 200
    log = (deployment.stack.log_dir / f"bff-{stale.rsplit(':', 1)[1]}.log").read_text()
    assert f"wrapped under key '{NEW}', which this process's ring lacks" in log
    assert "Traceback" not in log


async def _ticket_with_attachment(host: httpx.AsyncClient, headers: dict[str, str]) -> str:
    created = await host.post(
        "/api/tickets",
        headers=headers,
        json=ticket_with_card_photo(),
    )
    assert created.status_code == 201, created.text
    return str(created.json()["ticket"]["messages"][0]["attachments"][0]["url"])


async def _leave(
    deployment: Deployment, live: list[str], url: str, drained: Callable[[], Awaitable[None]]
) -> None:
    """As the load balancer stops sending to a pod before it is stopped."""
    live.remove(url)
    await drained()  # the poller's round in flight there ends
    await asyncio.to_thread(deployment.stack.stop_another_bff, url)
