"""Two BFF hosts, no shared disk (issue 41): two `python -m bff serve` processes, each in a
working directory of its own with its own KOBO_UPLOADS_DIR, against one PostgreSQL, one S3
API server (moto's, over HTTP) and one simulator. A document uploaded through one host is
downloaded through the other; a transfer started on one is confirmed on the other; the
bucket holds the upload sealed, never its plaintext, and neither host's disk holds it."""

from __future__ import annotations

import base64
import secrets
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest

from bench.inbox import code_after, newest_message_id
from bench.processes import Stack
from bench.workload import free_port
from bff.storage.envelope import MAGIC, key_id_of
from bff.tests.helpers import ADA, CHIOMA, png_bytes
from bff.tests.helpers import sign_in_over_http as sign_in
from bff.tests.s3_server import CREDENTIALS, S3Server

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

ADA_CURRENT, TUNDE_CURRENT = "1020000115", "1020000218"
KEY_ID = "two-hosts-1"


class Hosts:
    def __init__(self, stack: Stack, second_url: str, bucket: str, dirs: list[Path]) -> None:
        self.stack, self.second_url, self.bucket, self.dirs = stack, second_url, bucket, dirs


@pytest.fixture(scope="module")
def hosts(  # type: ignore[no-untyped-def]
    databases, s3_server: S3Server, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Hosts]:
    work: Path = tmp_path_factory.mktemp("two-hosts")
    bucket = s3_server.new_bucket()
    dirs = [work / "host-a", work / "host-b"]
    for directory in dirs:
        directory.mkdir()
    shared = {
        "SIM_LOG_LEVEL": "WARNING",
        "KOBO_LOG_FORMAT": "text",
        "KOBO_RATE_LIMIT_AUTH_PER_MINUTE": "1000",
        "KOBO_STORAGE": "s3",
        "KOBO_S3_BUCKET": bucket,
        "KOBO_S3_ENDPOINT": s3_server.url,
        "KOBO_FILE_KEYS": f"{KEY_ID}:{base64.b64encode(secrets.token_bytes(32)).decode()}",
        **CREDENTIALS,
    }
    stack = Stack(
        bff_db=databases.new("hosts_bff"),
        sim_db=databases.new("hosts_sim"),
        bff_port=free_port(),
        sim_port=free_port(),
        log_dir=work,
        env_overrides={**shared, "KOBO_UPLOADS_DIR": str(dirs[0] / "uploads")},
        bff_cwd=dirs[0],
    )
    stack.start()  # the first host migrates and seeds; then the second starts
    try:
        second = stack.start_another_bff(
            free_port(), cwd=dirs[1], env={"KOBO_UPLOADS_DIR": str(dirs[1] / "uploads")}
        )
        yield Hosts(stack, second, bucket, dirs)
    finally:
        stack.stop()


@pytest.fixture
async def clients(hosts: Hosts) -> AsyncIterator[tuple[httpx.AsyncClient, ...]]:
    async with (
        httpx.AsyncClient(base_url=hosts.stack.bff_url, timeout=30) as a,
        httpx.AsyncClient(base_url=hosts.second_url, timeout=30) as b,
        httpx.AsyncClient(base_url=hosts.stack.sim_url, timeout=30) as sim,
    ):
        yield a, b, sim


async def test_a_document_uploaded_on_one_host_is_downloaded_on_the_other(
    clients, hosts: Hosts, s3_server: S3Server
) -> None:
    a, b, sim = clients
    auth = await sign_in(a, sim, CHIOMA)
    passport = png_bytes()
    uploaded = await a.post(
        "/api/onboarding/documents",
        headers=auth,
        json={
            "documentTypeId": 1,
            "content": "data:image/png;base64," + base64.b64encode(passport).decode(),
            "coreBankingDocumentTypeId": None,
            "description": None,
        },
    )
    assert uploaded.status_code == 201, uploaded.text
    url = f"/api/onboarding/documents/{uploaded.json()['document']['id']}/download"
    downloaded = await b.get(url, headers=auth)
    assert downloaded.status_code == 200, downloaded.text
    stored = base64.b64decode(downloaded.json()["content"].partition(",")[2])
    assert stored == passport  # kept as sent (a clean PNG), served by the other host
    assert (await a.get(url, headers=auth)).json() == downloaded.json()

    objects = s3_server.objects(hosts.bucket)
    assert len(objects) == 1
    [sealed] = objects.values()
    assert sealed.startswith(MAGIC) and key_id_of(sealed) == KEY_ID
    assert passport not in sealed and b"IHDR" not in sealed and b"IDAT" not in sealed
    for directory in hosts.dirs:  # neither host kept a copy on its own disk
        assert not [p for p in directory.rglob("*") if p.is_file()], directory


async def test_a_transfer_started_on_one_host_is_confirmed_on_the_other(clients) -> None:
    a, b, sim = clients
    auth = await sign_in(a, sim, ADA)

    async def balance() -> int:
        account = (await sim.get(f"/core/accounts/{ADA_CURRENT}")).json()
        return int(account["ledgerBalanceKobo"])

    opening = await balance()
    before = await newest_message_id(sim, ADA)
    started = await a.post(
        "/api/transfer/intrabank",
        headers=auth,
        json={
            "sourceAccountNumber": ADA_CURRENT,
            "destinationAccountNumber": TUNDE_CURRENT,
            "amount": 250,
            "description": "two hosts",
        },
    )
    assert started.status_code == 201, started.text
    code = await code_after(sim, ADA, before, within_s=10)
    assert code is not None
    confirmed = await b.post(
        "/api/transfer/intrabank/confirm",
        headers=auth,
        json={"otp": code, "id": started.json()["id"]},
    )
    assert confirmed.status_code == 200, confirmed.text
    assert confirmed.json()["status"] == "COMPLETED"
    assert await balance() == opening - 250_00
    assert (await sim.get("/core/ledger/balance-check")).json()["balanced"] is True
