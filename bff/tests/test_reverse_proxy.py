"""The BFF behind a real nginx running the shipped deploy/nginx.conf (issue 12).

Loopback has a whole /8, so the customer, nginx and an attacker who reaches the BFF directly
can each have their own address: the customer's client binds 127.0.0.2, nginx connects to the
BFF from 127.0.0.1 (the only address in KOBO_TRUSTED_PROXIES), and the direct caller binds
127.0.0.4. What the BFF believes is read back from the audit log, where every failed sign-in
records the client address that rate limits and failure counts are keyed on:

- through nginx, the customer's own address, even when the customer sends a forged
  X-Forwarded-For (nginx appends the real one; the BFF takes the nearest untrusted hop);
- straight to the BFF, forged X-Forwarded-For and X-Forwarded-Proto are ignored;
- HSTS is sent once over TLS and never over plain HTTP; port 80 redirects to https;
- every location passes the forwarding headers (they once sat in `location /` only, so
  /health reached the BFF without them).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest

from bench.inbox import code_after, newest_message_id
from bench.processes import Stack, wait_until_up
from bench.reverse_proxy import nginx_config, self_signed_certificate
from bench.workload import free_port
from bff.tests.helpers import ADA, ADMIN, PASSWORD

pytestmark = [pytest.mark.slow]

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
CUSTOMER, ATTACKER, FORGED = "127.0.0.2", "127.0.0.4", "203.0.113.9"
LOGIN = "/auth/ibanking/personal/login"
AUDIT = "/admin/api/audit-events"


@pytest.fixture(scope="module")
def behind_nginx(
    databases,  # type: ignore[no-untyped-def]
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Stack, str, str]]:
    if not Path(NGINX).exists():
        pytest.skip("nginx is not installed (scripts/test installs Debian's nginx-light)")
    work: Path = tmp_path_factory.mktemp("nginx")
    stack = Stack(
        bff_db=databases.new("proxy_bff"),
        sim_db=databases.new("proxy_sim"),
        bff_port=free_port(),
        sim_port=free_port(),
        log_dir=work,
        env_overrides={
            "SIM_LOG_LEVEL": "WARNING",
            "KOBO_LOG_FORMAT": "text",
            "KOBO_TRUSTED_PROXIES": "127.0.0.1",
        },
    )
    stack.start()
    self_signed_certificate(work)
    http_port, https_port = free_port(), free_port()
    config = nginx_config(
        work, [f"127.0.0.1:{stack.bff_port}"], f"127.0.0.1:{http_port}", f"127.0.0.1:{https_port}"
    )
    log = (work / "nginx.out").open("ab")
    nginx = subprocess.Popen([NGINX, "-c", str(config)], stdout=log, stderr=log)
    try:
        wait_until_up(
            f"https://127.0.0.1:{https_port}/health", nginx, cafile=str(work / "fullchain.pem")
        )
        yield stack, f"https://127.0.0.1:{https_port}", f"http://127.0.0.1:{http_port}"
    finally:
        nginx.terminate()
        nginx.wait(timeout=15)
        stack.stop()


def client_from(address: str, base_url: str, stack: Stack) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(
        local_address=address, verify=str(stack.log_dir / "fullchain.pem")
    )
    return httpx.AsyncClient(base_url=base_url, transport=transport, timeout=30)


async def admin_token(stack: Stack) -> str:
    async with (
        httpx.AsyncClient(base_url=stack.bff_url, timeout=30) as bff,
        httpx.AsyncClient(base_url=stack.sim_url, timeout=30) as sim,
    ):
        before = await newest_message_id(sim, ADMIN)
        login = await bff.post(LOGIN, json={"email": ADMIN, "password": PASSWORD})
        assert login.status_code == 200, login.text
        code = await code_after(sim, ADMIN, before, within_s=10)
        verified = await bff.post(
            "/auth/ibanking/personal/otp-verification", json={**login.json(), "otp": code}
        )
        assert verified.status_code == 200, verified.text
        return str(verified.json()["tokenDTO"]["accessToken"])


async def failed_sign_in_addresses(stack: Stack) -> list[str]:
    token = await admin_token(stack)
    async with httpx.AsyncClient(base_url=stack.bff_url, timeout=30) as bff:
        events = await bff.get(
            AUDIT,
            headers={"Authorization": f"Bearer {token}"},
            params={"event": "SIGN_IN_FAILED"},
        )
    assert events.status_code == 200, events.text
    return [event["clientAddress"] for event in events.json()]  # newest first


@pytest.fixture
async def customer(behind_nginx) -> AsyncIterator[httpx.AsyncClient]:  # type: ignore[no-untyped-def]
    stack, https_url, _ = behind_nginx
    async with client_from(CUSTOMER, https_url, stack) as client:
        yield client


async def test_through_nginx_the_bff_sees_the_customer_not_a_forged_header(
    behind_nginx,  # type: ignore[no-untyped-def]
    customer: httpx.AsyncClient,
) -> None:
    stack, _, _ = behind_nginx
    wrong = {"email": ADA, "password": "Wrong#Guess2026"}
    refused = await customer.post(LOGIN, json=wrong, headers={"X-Forwarded-For": FORGED})
    assert refused.status_code == 401, refused.text
    assert (await failed_sign_in_addresses(stack))[0] == CUSTOMER


async def test_straight_to_the_bff_forwarding_headers_are_not_believed(behind_nginx) -> None:  # type: ignore[no-untyped-def]
    stack, _, _ = behind_nginx
    forged = {"X-Forwarded-For": FORGED, "X-Forwarded-Proto": "https"}
    async with client_from(ATTACKER, stack.bff_url, stack) as attacker:
        refused = await attacker.post(
            LOGIN, json={"email": ADA, "password": "Wrong#Guess2026"}, headers=forged
        )
        assert refused.status_code == 401, refused.text
        assert "strict-transport-security" not in refused.headers
    assert (await failed_sign_in_addresses(stack))[0] == ATTACKER


async def test_hsts_once_over_tls_and_port_80_redirects(
    behind_nginx,  # type: ignore[no-untyped-def]
    customer: httpx.AsyncClient,
) -> None:
    _, _, http_url = behind_nginx
    for path in ("/health", "/api/accounts"):  # two nginx locations
        answer = await customer.get(path, headers={"X-Request-ID": "chosen-by-the-client"})
        assert answer.headers.get_list("strict-transport-security") == [
            "max-age=31536000; includeSubDomains"
        ], path
        # nginx's own request id replaces the client's; the BFF keeps it and sends it back.
        assert re.fullmatch(r"[0-9a-f]{32}", answer.headers["x-request-id"]), path
    async with httpx.AsyncClient() as plain:
        redirect = await plain.get(f"{http_url}/api/accounts")
    assert redirect.status_code == 301
    assert redirect.headers["location"].startswith("https://127.0.0.1")
    assert "strict-transport-security" not in redirect.headers
