"""Helpers the bff tests share: constants, request helpers and small builders. Not a test
module: tests and conftest.py import from here, never from each other."""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import io
import random
import re
import struct
import tempfile
import zlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path

import httpx
import pyotp
import pytest
from litestar import Litestar
from PIL import Image
from prometheus_client.parser import text_string_to_metric_families

from bench.inbox import code_after, newest_message_id
from bff import __main__ as bff_main
from bff.config import Argon2Params, Settings
from bff.dates import LAGOS
from bff.db import Database, utcnow
from bff.security.throttling import THROTTLED
from bff.tests.openapi_conformance import Contract
from bff.tests.soft_authenticator import SoftAuthenticator

# Sign-in: the seeded personas (bff/seed.py).
PASSWORD = "Kobo@2026"
ADA = "ada.okafor@example.com"
TUNDE = "tunde.bakare@example.com"
CHIOMA = "chioma.eze@example.com"
ADMIN = "admin@example.com"
TUNDE_TOTP_SECRET = "JBSWY3DPEHPK3PXPKOBOTUNDEZZZZAAA"

# Routes and accounts.
U = "/api/utility/providers"
H = "/api/ibanking/personal/transactions"
API = "/api/onboarding"
S = "/api/ibanking/personal/schedule-payments"
TUNDE_ACCOUNT = "1020000218"
P = "/api/ibanking/personal"
T = "/api/transfer"
GTB = "000013"
ADA_SAVINGS, ADA_CURRENT, ADA_TARGET = "1020000115", "1020000122", "1020000139"
B = "/api/beneficiaries"
GPS_TAG = 0x8825
ELECTRICITY = {
    "utilityProductType": "ELECTRICITY_BILL",
    "amount": 5000,
    "electricityProviderCode": "IKEDC",
    "electricityMeterNum": "45000000001",
    "meterType": "PREPAID",
}
CHIOMA_PROFILE = {
    "firstName": "Chioma",
    "lastName": "Eze",
    "email": CHIOMA,
    "phoneNumber": "08031234503",
    "bvn": "22212345603",
    "nin": "70012345603",
}


def served_with(monkeypatch: pytest.MonkeyPatch, **env: str | None) -> dict[str, object]:
    """What `python -m bff serve` hands uvicorn with these variables set (None: unset);
    nothing is served."""
    seen: dict[str, object] = {}
    monkeypatch.setattr(bff_main.uvicorn, "run", lambda app, **kwargs: seen.update(kwargs))
    monkeypatch.setattr("sys.argv", ["bff", "serve"])
    for name, value in env.items():
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    bff_main.main()
    return seen


def make_settings(database_url: str, **overrides: object) -> Settings:
    base = Settings(
        database_url=database_url,
        core_url="http://sim.invalid",
        secret_key="test-secret",
        # Production's deadline: a loaded CI machine once took 3.3 s over an account lookup,
        # and a slow answer must not turn into a failure. Forced hangs do not wait for it: the
        # simulator ends them itself in a 504, which the BFF reads as a timeout.
        core_timeout_s=10.0,
        webapp_dist=None,
        uploads_dir=Path(tempfile.mkdtemp(prefix="kobo-uploads-")),
        worker_enabled=False,
        # Cheap but real argon2id, so the suite stays fast.
        argon2=Argon2Params(time_cost=1, memory_cost_kib=1024, parallelism=1),
        # Tests sign in many times from one client address; the limiter stays on, with room.
        # bff/tests/test_throttling.py puts the production limits back.
        rate_limit_auth_per_minute=10_000,
        rate_limit_name_inquiry_per_minute=10_000,
    )
    return dataclasses.replace(base, **overrides)  # type: ignore[arg-type]


@dataclass
class Bff:
    app: Litestar
    client: httpx.AsyncClient
    sim: httpx.AsyncClient
    # The test's own handle on the BFF's database. The app runs on the test client's event
    # loop, so tests must not borrow its engine (asyncpg connections are bound to a loop).
    db: Database

    async def login(self, identifier: str = ADA, password: str = PASSWORD, remember: bool = False):  # type: ignore[no-untyped-def]
        return await self.client.post(
            "/auth/ibanking/personal/login",
            json={"email": identifier, "password": password, "remember": remember},
        )

    async def latest_code(self, recipient: str) -> str:
        inbox = (await self.sim.get("/sim/messages", params={"recipient": recipient})).json()
        match = re.search(r"\b(\d{6})\b", inbox[0]["body"])
        assert match, inbox[0]
        return match.group(1)

    async def verify(self, login_body: dict, otp: str):  # type: ignore[no-untyped-def,type-arg]
        return await self.client.post(
            "/auth/ibanking/personal/otp-verification",
            json={"userId": login_body["userId"], "userUUID": login_body["userUUID"], "otp": otp},
        )

    async def sign_in(self, email: str = ADA) -> str:
        login = await self.login(email)
        assert login.status_code == 200, login.text
        verified = await self.verify(login.json(), await self.latest_code(email))
        assert verified.status_code == 200, verified.text
        return str(verified.json()["tokenDTO"]["accessToken"])

    async def seeded_lines(self, token: str) -> list[dict]:  # type: ignore[type-arg]
        """The customer's seeded history lines (references FT…), newest first. Other tests
        share the simulator and post their own lines, so the seed's may start pages later."""
        for page_number in range(100):
            page = (
                await self.client.get(
                    H,
                    headers=auth(token),
                    params={"size": 100, "page": page_number},
                )
            ).json()
            seeded = [
                ln for ln in page["content"] if re.fullmatch(r"FT\d{15}", ln["referenceNumber"])
            ]
            if seeded or not page["content"]:
                return seeded
        return []


def conformance_hook(contract: Contract):  # type: ignore[no-untyped-def]
    """An httpx response hook: an answer the OpenAPI document does not describe (status or
    body) fails the test that got it (bff/tests/openapi_conformance.py).

    Requests with `X-Sim-Scenario` are left out: that header is a development switch for
    forcing the simulator's faults, outside the customer contract the document describes.
    """

    async def check(response: httpx.Response) -> None:
        request = response.request
        if "x-sim-scenario" in request.headers:
            return
        await response.aread()
        problems = contract.violations(
            request.method,
            request.url.path,
            response.status_code,
            response.headers.get("content-type", ""),
            response.content,
        )
        assert not problems, "the answer does not fit the OpenAPI document:\n" + "\n".join(problems)

    return check


def new_user_body(prospect: dict, **overrides: object) -> dict:  # type: ignore[type-arg]
    year, month, day = prospect["dateOfBirth"].split("-")
    body = {
        "phoneNumber": prospect["phoneNumber"],
        "firstName": prospect["firstName"],
        "lastName": prospect["lastName"],
        "email": f"{prospect['firstName']}.{prospect['bvn']}@example.com".lower(),
        "dateOfBirth": f"{day}/{month}/{year}",
        "bvn": prospect["bvn"],
        "accountTypeId": 1,
        "stateOfResidence": "Lagos",
        "gender": prospect["gender"],
        "address": "12 Broad Street, Lagos Island",
        "employmentStatus": "EMPLOYED",
        "maritalStatus": "SINGLE",
        "clientType": "INDIVIDUAL",
        "password": PASSWORD,
        "confirmPassword": PASSWORD,
        "registrationType": "NEW",
    }
    body.update(overrides)
    return body


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def buy(bff: Bff, token: str, product: str, **body: object):  # type: ignore[no-untyped-def]
    started = await bff.client.post(
        f"{U}/{product}/vend/initiate", headers=auth(token), json={"nuban": ADA_CURRENT, **body}
    )
    assert started.status_code == 201, started.text
    request_id = started.json()["utilityVendingRequestId"]
    return await bff.client.post(
        f"{U}/{product}/vend/confirm",
        headers=auth(token),
        json={"otp": await bff.latest_code(ADA), "utilityVendingRequestId": request_id},
    )


def today() -> date:
    return datetime.now(LAGOS).date()


async def admin_token(bff: Bff) -> str:
    login = await bff.login(ADMIN)
    verified = await bff.verify(login.json(), await bff.latest_code(ADMIN))
    return str(verified.json()["tokenDTO"]["accessToken"])


async def tunde_token(bff: Bff) -> str:
    login = await bff.login(TUNDE)
    verified = await bff.verify(login.json(), pyotp.TOTP(TUNDE_TOTP_SECRET).now())
    return str(verified.json()["tokenDTO"]["accessToken"])


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    out = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            out[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return out


def png_bytes(extra: int = 0) -> bytes:
    """A real 1x1 PNG, padded with a trailing chunk to reach a given size if asked."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    image = zlib.compress(b"\x00\xff\xff\xff")
    body = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", image)
    if extra:
        body += chunk(b"tEXt", b"k" * extra)
    return body + chunk(b"IEND", b"")


def data_url(content: bytes, mime: str = "image/png") -> str:
    return f"data:{mime};base64,{base64.b64encode(content).decode()}"


async def take_selfie(bff: Bff, token: str) -> None:
    """The onboarding selfie (docs/contract.md §16.6), passed by the simulator's vendor."""
    selfie = {"image": data_url(png_bytes(7))}
    passed = await bff.client.post(f"{API}/liveness", headers=auth(token), json=selfie)
    assert passed.status_code == 200 and passed.json()["status"] == "PASSED", passed.text


async def upload(bff: Bff, token: str, slot: int, content: bytes, core_type: int | None = None):  # type: ignore[no-untyped-def]
    return await bff.client.post(
        f"{API}/documents",
        headers=auth(token),
        json={
            "documentTypeId": slot,
            "content": data_url(content),
            "coreBankingDocumentTypeId": core_type,
            "description": None,
        },
    )


async def schedule(bff: Bff, token: str, amount: float = 100, **setting: object):  # type: ignore[no-untyped-def]
    body = {
        "sourceAccountNumber": ADA_SAVINGS,
        "destinationAccountNumber": TUNDE_ACCOUNT,
        "amount": amount,
        "description": "rent",
        "scheduleTransaction": True,
        "schedulePaymentSetting": {"schedulePaymentDate": today().isoformat(), **setting},
    }
    return await bff.client.post(f"{S}/intrabank", headers=auth(token), json=body)


async def approve(bff: Bff, token: str, reference: str):  # type: ignore[no-untyped-def]
    return await bff.client.patch(
        f"{S}/approve",
        headers=auth(token),
        json={"otp": await bff.latest_code(ADA), "referenceNumber": reference},
    )


async def change_password(  # type: ignore[no-untyped-def]
    bff: Bff, token: str, body: dict[str, str], headers: dict[str, str] | None = None
):
    """Both steps of changing Ada's password: ask for a code, then send it with the same body."""
    headers = headers or auth(token)
    sent = await bff.client.patch(f"{P}/password", headers=headers, json=body)
    assert sent.status_code == 202, sent.text
    code = await bff.latest_code(ADA)
    return await bff.client.patch(f"{P}/password", headers=headers, json={**body, "otp": code})


async def balance(bff: Bff, number: str) -> tuple[int, int]:
    """(ledger, available) kobo, straight from the core."""
    account = (await bff.sim.get(f"/core/accounts/{number}")).json()
    return account["ledgerBalanceKobo"], account["availableBalanceKobo"]


async def ledger_is_balanced(bff: Bff) -> bool:
    return bool((await bff.sim.get("/core/ledger/balance-check")).json()["balanced"])


async def initiate(bff: Bff, token: str, path: str, **body: object):  # type: ignore[no-untyped-def]
    payload = {"sourceAccountNumber": ADA_SAVINGS, "amount": 100, "description": "test", **body}
    return await bff.client.post(f"{T}/{path}", headers=auth(token), json=payload)


async def confirm(
    bff: Bff,
    token: str,
    transfer_id: str,
    path: str = "intrabank",
    otp: str | None = None,
    acknowledge: bool = False,
):  # type: ignore[no-untyped-def]
    """`acknowledge`: the customer read a step-up warning (`riskWarning`)."""
    code = otp or await bff.latest_code(ADA)
    body = {"otp": code, "id": transfer_id, "acknowledgeWarning": acknowledge}
    return await bff.client.post(f"{T}/{path}/confirm", headers=auth(token), json=body)


async def send(bff: Bff, token: str, path: str, confirm_path: str, **body: object):  # type: ignore[no-untyped-def]
    started = await initiate(bff, token, path, **body)
    assert started.status_code == 201, started.text
    return await confirm(bff, token, started.json()["id"], confirm_path)


async def follow_up(bff: Bff) -> int:
    """Run the worker as if ten minutes had passed."""
    return await bff.app.state.jobs.follow_up_transfers(utcnow() + timedelta(minutes=10))


async def set_limits(
    bff: Bff,
    token: str,
    daily: int,
    single: int,
    nuban: str = ADA_SAVINGS,
    transfer_type: str | None = None,
) -> None:
    """Ada's own limits (INTRA_BANK unless `transfer_type`), confirmed with her code."""
    limit = {"dailyTransactionLimit": daily, "singleTransactionLimit": single, "nuban": nuban}
    if transfer_type is not None:
        limit["transferType"] = transfer_type
    change = (
        await bff.client.post(
            "/api/ibanking/personal/transaction-limits", headers=auth(token), json=limit
        )
    ).json()
    confirmed = await bff.client.post(
        "/api/ibanking/personal/transaction-limits/confirm",
        headers=auth(token),
        json={
            "otp": await bff.latest_code(ADA),
            "nuban": nuban,
            "transactionLimitUuid": change["transactionLimitUuid"],
        },
    )
    assert confirmed.status_code == 200, confirmed.text


async def add_beneficiary(  # type: ignore[no-untyped-def]
    bff: Bff, token: str, body: dict[str, str], headers: dict[str, str] | None = None
):
    """Both steps of saving one of Ada's beneficiaries: ask for a code, then send it with the
    same body."""
    headers = headers or auth(token)
    sent = await bff.client.post(B, headers=headers, json=body)
    assert sent.status_code == 202, sent.text
    code = await bff.latest_code(ADA)
    return await bff.client.post(B, headers=headers, json={**body, "otp": code})


def another_code(code: str) -> str:
    return f"{(int(code) + 1) % 1_000_000:06d}"


def jpeg_with_gps() -> bytes:
    image = Image.new("RGB", (32, 24), (200, 30, 30))
    exif = Image.Exif()
    exif[GPS_TAG] = {1: "N", 2: (6.0, 27.0, 0.0)}  # Lagos
    exif[0x010E] = "ID card photo"
    out = io.BytesIO()
    image.save(out, format="JPEG", exif=exif.tobytes())
    return out.getvalue()


# -- passkeys (bff/tests/soft_authenticator.py plays the phone) -------------------------
PASSKEY_SIGN_IN = "/auth/ibanking/personal/passkey"
PASSKEY_REFUSED = "We could not verify your passkey. Please try again, or use a code instead."
ADA_PHONE = "08031234501"


async def register(bff: Bff, token: str, device: SoftAuthenticator, **create: object) -> dict:  # type: ignore[type-arg]
    """Settings, 2 Factor Authentication, Passkey: the code, then the browser's part."""
    sent = await bff.client.get(f"{P}/2fa/passkey/generate", headers=auth(token))
    assert sent.status_code == 200, sent.text
    options = await bff.client.post(
        f"{P}/2fa/passkey/options", headers=auth(token), json={"code": await bff.latest_code(ADA)}
    )
    assert options.status_code == 200, options.text
    answer = await bff.client.post(
        f"{P}/2fa/passkey/confirm",
        headers={**auth(token), "User-Agent": "Mozilla/5.0 (Linux; Android 14) Chrome/131.0"},
        json=device.create(options.json()["options"], **create),  # type: ignore[arg-type]
    )
    return {"status": answer.status_code, "body": answer.json()}


async def sign_in_with(bff: Bff, device: SoftAuthenticator, **get: object):  # type: ignore[no-untyped-def]
    options = (await bff.client.post(f"{PASSKEY_SIGN_IN}/options")).json()["options"]
    credential = device.get(options, **get)  # type: ignore[arg-type]
    return credential, await bff.client.post(
        f"{PASSKEY_SIGN_IN}/sign-in", json={"credential": credential, "remember": False}
    )


# -- rate limits (test_throttling.py, test_rate_limits_shared.py) -----------------------------

DEFAULTS = {field.name: field.default for field in dataclasses.fields(Settings)}
# The production limits, which the test settings raise for the rest of the suite.
PRODUCTION_LIMITS = {
    "rate_limit_auth_per_minute": DEFAULTS["rate_limit_auth_per_minute"],
    "rate_limit_name_inquiry_per_minute": DEFAULTS["rate_limit_name_inquiry_per_minute"],
}


@contextlib.asynccontextmanager
async def from_address(bff: Bff, address: str) -> AsyncIterator[httpx.AsyncClient]:
    """A client calling the running app from its own address (the app is already started)."""
    transport = httpx.ASGITransport(app=bff.app, client=(address, 40_000))
    async with httpx.AsyncClient(transport=transport, base_url="http://bff.test") as client:
        yield client


def a_fresh_address() -> str:
    """A documentation-range address no other run has used, so Redis counters never carry over."""
    return f"198.18.{random.randrange(256)}.{random.randrange(1, 255)}"


def assert_rate_limited(response: httpx.Response) -> None:
    assert response.status_code == 429, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    assert 1 <= int(response.headers["retry-after"]) <= 60
    body = response.json()
    assert body["status"] == 429
    assert body["detail"] == THROTTLED  # says nothing about any account


async def login_from(client: httpx.AsyncClient, identifier: str, password: str) -> httpx.Response:
    return await client.post(
        "/auth/ibanking/personal/login",
        json={"email": identifier, "password": password, "remember": False},
    )


async def sign_in_over_http(
    host: httpx.AsyncClient, sim: httpx.AsyncClient, email: str
) -> dict[str, str]:
    """Sign in on a BFF running as a real process (the code read from the simulator's
    outbox); the Authorization header, good on every process of the deployment."""
    before = await newest_message_id(sim, email)
    started = await host.post(
        "/auth/ibanking/personal/login", json={"email": email, "password": PASSWORD}
    )
    assert started.status_code == 200, started.text
    code = await code_after(sim, email, before, within_s=10)
    assert code is not None, "no code arrived"
    verified = await host.post(
        "/auth/ibanking/personal/otp-verification", json={**started.json(), "otp": code}
    )
    assert verified.status_code == 200, verified.text
    return {"Authorization": f"Bearer {verified.json()['tokenDTO']['accessToken']}"}


def ticket_with_card_photo() -> dict[str, object]:
    """A new ticket's body with one attachment: a phone's photo of a card (GPS in its EXIF),
    the document the storage tests keep, seal and restore."""
    return {
        "subject": "My card",
        "body": "Photo attached.",
        "attachments": [{"name": "card.jpg", "document": data_url(jpeg_with_gps(), "image/jpeg")}],
    }
