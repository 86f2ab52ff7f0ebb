"""The passkey journey's signer (bench/autocannon/webauthn.mjs, in node, as autocannon's
hooks run it) makes assertions that the BFF's real verification accepts: a passkey added
through Settings with the tests' software authenticator, then signed in with by node alone,
twice (the sign count grows), and its replay refused."""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bench.autocannon import SIGNER, credential_of
from bff.app import create_app
from bff.core_client import CoreClient
from bff.db import Database
from bff.db.migrate import upgrade
from bff.security.passwords import Passwords
from bff.seed import seed_personas
from bff.tests.helpers import ADA, PASSKEY_SIGN_IN, Bff, make_settings, register
from bff.tests.soft_authenticator import ORIGIN, SoftAuthenticator
from core_sim.app import create_app as create_sim_app
from core_sim.settings import SimSettings
from testbed import asgi_client

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


@pytest.fixture
async def bff(databases) -> AsyncIterator[Bff]:  # type: ignore[no-untyped-def]
    """The BFF app with the simulator in-process, on fresh databases of the test leg."""
    sim_settings = SimSettings(
        database_url=databases.new("bench_sim"),
        seed=2026,
        bank_code="090605",
        timeout_fault_ms=3_000,
    )
    url = databases.new("bench_bff")
    await asyncio.to_thread(upgrade, url)
    settings = make_settings(url)
    seeding = Database(url)
    await seed_personas(seeding, Passwords(settings.argon2))
    await seeding.dispose()
    async with asgi_client(create_sim_app(sim_settings), "http://sim.test") as sim:
        app = create_app(settings, core=CoreClient(sim, timeout_s=settings.core_timeout_s))
        async with asgi_client(app, "http://bff.test") as client:
            yield Bff(app=app, client=client, sim=sim, db=Database(url))


def node_sign(credential: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    out = subprocess.run(
        [shutil.which("node") or "node", str(SIGNER)],
        input=json.dumps({"credential": credential, "options": options, "origin": ORIGIN}),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    answer: dict[str, Any] = json.loads(out.stdout)
    return answer


async def test_the_node_signer_signs_in_with_a_passkey_added_in_settings(bff: Bff) -> None:
    device = SoftAuthenticator()
    added = await register(bff, await bff.sign_in(), device)
    assert added["status"] == 201, added
    credential = credential_of(device)

    async def sign_in() -> tuple[dict[str, Any], Any]:
        options = (await bff.client.post(f"{PASSKEY_SIGN_IN}/options")).json()["options"]
        signed = await asyncio.to_thread(node_sign, credential, options)
        credential["signCount"] = signed["signCount"]
        answer = await bff.client.post(
            f"{PASSKEY_SIGN_IN}/sign-in",
            json={"credential": signed["assertion"], "remember": False},
        )
        return signed["assertion"], answer

    first, answer = await sign_in()
    assert answer.status_code == 200, answer.text
    assert answer.json()["email"] == ADA and answer.json()["tokenDTO"]["accessToken"]
    _, again = await sign_in()  # the count grows: 2 after 1
    assert again.status_code == 200, again.text
    assert credential["signCount"] == 2
    replayed = await bff.client.post(
        f"{PASSKEY_SIGN_IN}/sign-in", json={"credential": first, "remember": False}
    )
    assert replayed.status_code == 401, replayed.text
