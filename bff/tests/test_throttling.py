"""Brute force is stopped within the documented number of tries (docs/security.md):

- passwords: `login_max_failures_per_identifier` (5) wrong passwords for one identifier in
  `login_failure_window_s` (15 minutes), then every try is refused (429), even the right
  password; the owner gets one e-mail; unknown identifiers answer exactly the same;
- one-time codes: `otp_max_attempts` (5) wrong codes, then the right code no longer works;
- per client address and route: `rate_limit_auth_per_minute` (10) sign-in/recovery requests
  and `rate_limit_name_inquiry_per_minute` (30) name inquiries a minute, then 429 with
  Retry-After; counted in memory, or in Redis shared by every process.
"""

from __future__ import annotations

import asyncio
import base64

import pytest

from bff.auth.service import LOCKOUT_SUBJECT
from bff.security.throttling import AUTH_ROUTES, NAME_INQUIRY_ROUTES
from bff.tests.helpers import (
    ADA,
    DEFAULTS,
    PASSWORD,
    PRODUCTION_LIMITS,
    TUNDE,
    Bff,
    a_fresh_address,
    assert_rate_limited,
    from_address,
    login_from,
)


def test_the_documented_numbers() -> None:
    """docs/security.md quotes these; change both together."""
    assert DEFAULTS["login_max_failures_per_identifier"] == 5
    assert DEFAULTS["login_failure_window_s"] == 15 * 60
    assert DEFAULTS["otp_max_attempts"] == 5
    assert DEFAULTS["code_max_consecutive_failures"] == 10
    assert DEFAULTS["code_pause_s"] == 30 * 60
    assert DEFAULTS["login_codes_per_window"] == 10
    assert DEFAULTS["rate_limit_auth_per_minute"] == 10
    assert DEFAULTS["rate_limit_name_inquiry_per_minute"] == 30


async def newest_message_id(bff: Bff, recipient: str) -> int:
    inbox = (await bff.sim.get("/sim/messages", params={"recipient": recipient})).json()
    return int(inbox[0]["id"]) if inbox else 0


async def lockout_mails(bff: Bff, recipient: str, after_id: int) -> list[dict[str, object]]:
    inbox = (
        await bff.sim.get("/sim/messages", params={"recipient": recipient, "limit": 500})
    ).json()
    return [m for m in inbox if m["id"] > after_id and m["subject"] == LOCKOUT_SUBJECT]


async def wait_for_lockout_mails(
    bff: Bff, recipient: str, after_id: int
) -> list[dict[str, object]]:
    """The e-mail goes out after the answer (so its timing tells nothing): wait a little."""
    for _ in range(50):
        if mails := await lockout_mails(bff, recipient, after_id):
            return mails
        await asyncio.sleep(0.05)
    return []


# -- login brute force ---------------------------------------------------------------------


async def test_login_brute_force_is_stopped_after_five_wrong_passwords(bff: Bff) -> None:
    limit = bff.app.state.settings.login_max_failures_per_identifier
    before = await newest_message_id(bff, ADA)
    for _ in range(limit):
        wrong = await bff.login(ADA, "Wrong@2026")
        assert wrong.status_code == 401
        assert wrong.json()["detail"] == "Invalid login credentials"

    right = await bff.login(ADA, PASSWORD)
    assert right.status_code == 429
    assert int(right.headers["retry-after"]) > 0
    assert right.json()["detail"] == (
        "Too many login attempts. Please wait a few minutes and try again."
    )
    # The phone number is another identifier with its own count; the e-mail stays locked.
    assert (await bff.login(ADA, PASSWORD)).status_code == 429

    mails = await wait_for_lockout_mails(bff, ADA, before)
    assert len(mails) == 1
    assert "paused for 15 minutes" in str(mails[0]["body"])
    assert "Ada" in str(mails[0]["body"])
    # Further refused tries do not send it again.
    for _ in range(3):
        assert (await bff.login(ADA, "Wrong@2026")).status_code == 429
    await asyncio.sleep(0.3)
    assert len(await lockout_mails(bff, ADA, before)) == 1


async def test_unknown_identifiers_answer_exactly_like_real_ones(bff: Bff) -> None:
    limit = bff.app.state.settings.login_max_failures_per_identifier

    async def attempts(identifier: str) -> list[tuple[int, object, str | None]]:
        answers = []
        for _ in range(limit + 2):
            response = await bff.login(identifier, "Wrong@2026")
            answers.append(
                (response.status_code, response.json(), response.headers.get("retry-after"))
            )
        return answers

    real = await attempts(TUNDE)
    unknown = await attempts("nobody.at.all@example.com")
    assert real == unknown
    assert [status for status, _, _ in real] == [401] * limit + [429, 429]


async def test_the_lockout_is_per_identifier_and_a_success_resets_the_count(bff: Bff) -> None:
    limit = bff.app.state.settings.login_max_failures_per_identifier
    for _ in range(limit - 1):
        assert (await bff.login(ADA, "Wrong@2026")).status_code == 401
    assert (await bff.login(ADA, PASSWORD)).status_code == 200
    for _ in range(limit - 1):
        assert (await bff.login(ADA, "Wrong@2026")).status_code == 401
    assert (await bff.login(ADA, PASSWORD)).status_code == 200


# -- code brute force ----------------------------------------------------------------------


async def test_code_brute_force_is_stopped_after_five_wrong_codes(bff: Bff) -> None:
    attempts = bff.app.state.settings.otp_max_attempts
    login = (await bff.login(ADA)).json()
    code = await bff.latest_code(ADA)
    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    for _ in range(attempts):
        refused = await bff.verify(login, wrong)
        assert refused.status_code == 400
        assert refused.json()["detail"] == "Invalid or expired OTP"
    too_late = await bff.verify(login, code)
    assert too_late.status_code == 400
    assert too_late.json()["detail"] == "Too many wrong codes. Please log in again."
    assert "tokenDTO" not in too_late.json()
    # Signing in again sends a new code; the old one stays dead.
    login = (await bff.login(ADA)).json()
    assert (await bff.verify(login, code)).status_code == 400


def wrong_for(code: str) -> str:
    return f"{(int(code) + 1) % 1_000_000:06d}"


async def test_wrong_codes_count_across_sign_ins_and_pause_the_second_factor(bff: Bff) -> None:
    """NIST SP 800-63B 5.2.2: a new sign-in does not give a guesser fresh tries. Before, 40
    wrong codes over 40 sign-ins were allowed and the right one then worked."""
    limit = bff.app.state.settings.code_max_consecutive_failures
    before = await newest_message_id(bff, ADA)
    tries = 0
    while tries < limit:
        login = (await bff.login(ADA)).json()
        code = await bff.latest_code(ADA)
        for _ in range(3):  # fewer than one challenge's five: only the account's count stops it
            if tries == limit:
                break
            refused = await bff.verify(login, wrong_for(code))
            assert refused.status_code == 400, refused.text
            tries += 1
    # Paused: the right code of an open challenge is refused, and no new code is sent.
    paused = await bff.verify(login, code)
    assert paused.status_code == 429 and "paused" in paused.json()["detail"]
    again = await bff.login(ADA)
    assert again.status_code == 429 and int(again.headers["retry-after"]) > 0
    notices = []
    for _ in range(50):
        inbox = (await bff.sim.get("/sim/messages", params={"recipient": ADA})).json()
        notices = [m for m in inbox if m["id"] > before and "wrong codes" in m["subject"]]
        if notices:
            break
        await asyncio.sleep(0.1)
    assert len(notices) == 1


async def test_a_right_code_resets_the_count_of_wrong_ones(bff: Bff) -> None:
    limit = bff.app.state.settings.code_max_consecutive_failures
    assert limit == 10
    for _ in range(2):  # 9 wrong in a row, then the right one: twice, never paused
        for wrong_tries in (4, 4, 1):
            login = (await bff.login(ADA)).json()
            code = await bff.latest_code(ADA)
            for _ in range(wrong_tries):
                assert (await bff.verify(login, wrong_for(code))).status_code == 400
        assert (await bff.verify(login, code)).status_code == 200


async def test_sign_in_codes_sent_per_account_are_limited(bff_factory) -> None:  # type: ignore[no-untyped-def]
    """Every sign-in sends an SMS and an e-mail; someone holding the password must not be
    able to spam the owner with them."""
    bff = await bff_factory(login_codes_per_window=4)
    for _ in range(4):
        assert (await bff.login(ADA)).status_code == 200
    refused = await bff.login(ADA)
    assert refused.status_code == 429
    assert refused.json()["detail"] == (
        "Too many codes were requested. Please wait a few minutes and try again."
    )
    # Another customer is not affected.
    assert (await bff.login(TUNDE)).status_code == 200


# -- rate limiter --------------------------------------------------------------------------


async def check_login_rate_limit(bff: Bff, address: str) -> None:
    limit = PRODUCTION_LIMITS["rate_limit_auth_per_minute"]
    async with from_address(bff, address) as client:
        # Different unknown identifiers, so the per-identifier lockout never triggers.
        for n in range(limit):
            response = await login_from(client, f"stuffing{n}@example.com", "Wrong@2026")
            assert response.status_code == 401, n
        assert_rate_limited(await login_from(client, ADA, PASSWORD))
        # Another route keeps its own allowance.
        assert (
            await client.post("/auth/ibanking/personal/email/resend-code", json={"email": ADA})
        ).status_code == 200
    # Another client is not affected.
    async with from_address(bff, a_fresh_address()) as other:
        assert (await login_from(other, ADA, PASSWORD)).status_code == 200


async def test_the_rate_limiter_refuses_the_eleventh_login_from_one_address(bff_factory) -> None:  # type: ignore[no-untyped-def]
    bff = await bff_factory(**PRODUCTION_LIMITS)
    await check_login_rate_limit(bff, a_fresh_address())


async def test_the_rate_limiter_counts_in_redis_across_processes(bff_factory, redis_server) -> None:  # type: ignore[no-untyped-def]
    shared = {"redis_url": redis_server.url, "redis_key_prefix": redis_server.prefix}
    first = await bff_factory(**shared, **PRODUCTION_LIMITS)
    await check_login_rate_limit(first, a_fresh_address())

    # Two processes of one deployment share the count.
    second = await bff_factory(
        **shared, database_url=first.app.state.settings.database_url, **PRODUCTION_LIMITS
    )
    address = a_fresh_address()
    limit = PRODUCTION_LIMITS["rate_limit_auth_per_minute"]
    for n in range(limit):
        async with from_address(first if n % 2 else second, address) as client:
            assert (await login_from(client, f"spread{n}@example.com", "x")).status_code == 401
    async with from_address(second, address) as client:
        assert_rate_limited(await login_from(client, ADA, PASSWORD))


async def test_every_throttled_route_exists(bff: Bff) -> None:
    """A renamed route must not silently lose its limit."""
    templates = {route.path_format for route in bff.app.routes}
    assert set(AUTH_ROUTES | NAME_INQUIRY_ROUTES) <= templates


def _forgot(n: int) -> str:
    encoded = base64.urlsafe_b64encode(f"unknown{n}@example.com".encode()).decode()
    return f"/auth/ibanking/personal/password/forgot/{encoded}"


@pytest.mark.parametrize("route", sorted(AUTH_ROUTES))
async def test_each_sign_in_and_recovery_route_is_limited(bff_factory, route: str) -> None:  # type: ignore[no-untyped-def]
    bff = await bff_factory(**PRODUCTION_LIMITS)
    limit = PRODUCTION_LIMITS["rate_limit_auth_per_minute"]
    async with from_address(bff, a_fresh_address()) as client:
        for n in range(limit):
            # Requests that fail validation count too: the limit is checked before the handler.
            path = _forgot(n) if "{encoded}" in route else route
            response = await client.post(path, json={})
            assert response.status_code != 429, (n, response.text)
        path = _forgot(limit) if "{encoded}" in route else route
        assert_rate_limited(await client.post(path, json={}))


async def test_name_inquiry_is_limited(bff_factory) -> None:  # type: ignore[no-untyped-def]
    bff = await bff_factory(**PRODUCTION_LIMITS)
    limit = PRODUCTION_LIMITS["rate_limit_name_inquiry_per_minute"]
    token = await bff.sign_in()
    headers = {"Authorization": f"Bearer {token}"}
    body = {"accountNumber": "1020000122"}
    async with from_address(bff, a_fresh_address()) as client:
        for _ in range(limit):
            response = await client.post(
                "/api/transfer/intrabank-name-inquiry", json=body, headers=headers
            )
            assert response.status_code == 200, response.text
        assert_rate_limited(
            await client.post("/api/transfer/intrabank-name-inquiry", json=body, headers=headers)
        )
        # The other name-inquiry route counts on its own.
        other = await client.post(
            "/api/transfer/name-inquiry", json={**body, "bankCode": "090605"}, headers=headers
        )
        assert other.status_code != 429
        # Routes outside the list are never limited.
        for _ in range(limit + 1):
            assert (await client.get("/api/accounts", headers=headers)).status_code == 200
