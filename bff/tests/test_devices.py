"""Known devices (docs/contract.md, "Known devices"): the device cookie, the new-device alert,
the 24-hour transfer cap (single, bulk, confirm-time re-check, parallel confirms), and the
Settings list with rename and removal (a code; the device's sessions end)."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from sqlalchemy import select, update

from bff.auth.devices import DEVICE_COOKIE
from bff.auth.models import Device
from bff.db import utcnow
from bff.passkeys.models import Passkey, WebAuthnChallenge
from bff.tests.census import counting
from bff.tests.helpers import (
    ADA,
    ADA_PHONE,
    ADA_SAVINGS,
    ADA_TARGET,
    TUNDE_ACCOUNT,
    Bff,
    P,
    S,
    approve,
    auth,
    balance,
    confirm,
    initiate,
    register,
    schedule,
    sign_in_with,
)
from bff.tests.soft_authenticator import SoftAuthenticator
from bff.transfers.device_cap import until_text

D = "/api/ibanking/personal/devices"
CAP = "/api/transfer/device-cap"
PHONE_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile"
MAC_UA = (
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15"
)


async def sign_in_on(bff: Bff, user_agent: str, *, new_browser: bool) -> str:
    """Password and code from a browser: the test client's cookie jar is the browser's."""
    if new_browser:
        bff.client.cookies.clear()
    bff.client.headers["User-Agent"] = user_agent
    return await bff.sign_in()


async def inbox(bff: Bff, recipient: str) -> list[dict]:  # type: ignore[type-arg]
    return list((await bff.sim.get("/sim/messages", params={"recipient": recipient})).json())


async def new_device_alerts(bff: Bff) -> tuple[int, int]:
    mails = [m for m in await inbox(bff, ADA) if "from a new device" in m["body"]]
    texts = [m for m in await inbox(bff, ADA_PHONE) if "from a new device" in m["body"]]
    return len(mails), len(texts)


async def test_the_first_sign_in_sets_the_cookie_and_is_not_new(bff):
    before = await new_device_alerts(bff)
    token = await sign_in_on(bff, PHONE_UA, new_browser=True)
    cookie = bff.client.cookies.get(DEVICE_COOKIE)
    assert cookie and len(cookie) >= 43
    listed = (await bff.client.get(D, headers=auth(token))).json()
    assert [(d["name"], d["thisDevice"], d["signedIn"], d["cappedUntil"]) for d in listed] == [
        ("Chrome on Android", True, True, None)
    ]
    # The customer's first device: no alert, no cap.
    assert await new_device_alerts(bff) == before
    assert (await bff.client.get(CAP, headers=auth(token))).json() == {
        "capped": False,
        "limit": None,
        "left": None,
        "endsAt": None,
        "message": None,
    }
    # The same browser again: the same device, no alert.
    await sign_in_on(bff, PHONE_UA, new_browser=False)
    assert len((await bff.client.get(D, headers=auth(token))).json()) == 1
    assert await new_device_alerts(bff) == before


async def test_a_new_device_is_alerted_by_email_and_sms(bff):
    await sign_in_on(bff, PHONE_UA, new_browser=True)
    before = await new_device_alerts(bff)
    token = await sign_in_on(bff, MAC_UA, new_browser=True)
    assert await new_device_alerts(bff) == (before[0] + 1, before[1] + 1)
    mail = next(m for m in await inbox(bff, ADA) if "from a new device" in m["body"])
    assert "Safari on Mac" in mail["body"] and "West Africa Time" in mail["body"]
    assert "that device can send at most ₦20,000 in transfers" in mail["body"]
    sms = next(m for m in await inbox(bff, ADA_PHONE) if "from a new device" in m["body"])
    assert sms["body"].startswith("Kobo: someone signed in to your profile from a new device")
    listed = (await bff.client.get(D, headers=auth(token))).json()
    assert [(d["name"], d["thisDevice"]) for d in listed] == [
        ("Safari on Mac", True),
        ("Chrome on Android", False),
    ]
    assert listed[0]["cappedUntil"] is not None and listed[1]["cappedUntil"] is None


async def test_a_passkey_sign_in_on_a_new_device_is_alerted_too(bff):
    token = await sign_in_on(bff, PHONE_UA, new_browser=True)
    authenticator = SoftAuthenticator()
    assert (await register(bff, token, authenticator))["status"] == 201
    before = await new_device_alerts(bff)
    bff.client.cookies.clear()
    bff.client.headers["User-Agent"] = MAC_UA
    _, signed_in = await sign_in_with(bff, authenticator)
    assert signed_in.status_code == 200, signed_in.text
    assert DEVICE_COOKIE in signed_in.cookies
    assert await new_device_alerts(bff) == (before[0] + 1, before[1] + 1)


async def test_the_cap_refuses_what_would_go_over_it_and_says_until_when(bff):
    await sign_in_on(bff, PHONE_UA, new_browser=True)
    token = await sign_in_on(bff, MAC_UA, new_browser=True)
    cap = (await bff.client.get(CAP, headers=auth(token))).json()
    assert cap["capped"] is True and cap["limit"] == 20_000 and cap["left"] == 20_000
    assert cap["message"].startswith("This device is new: until ")
    assert "(West Africa Time) you can send up to ₦20,000 from it (₦20,000 left)." in cap["message"]

    over = await initiate(
        bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT, amount=20_001
    )
    assert over.status_code == 400
    detail = over.json()["detail"]
    assert "This device is new to your profile, so until" in detail
    assert "you can send up to ₦20,000 from it, and ₦20,000 is left" in detail

    # ₦15,000 goes through; then only ₦5,000 is left.
    started = await initiate(
        bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT, amount=15_000
    )
    assert started.status_code == 201, started.text
    # A new device sending this much is stepped up: the warning, acknowledged, then the code.
    assert "a device that is new to your profile" in started.json()["riskWarning"]["reasons"][0]
    unwarned = await confirm(bff, token, started.json()["id"])
    assert unwarned.status_code == 400
    assert unwarned.json()["errors"][0]["field"] == "acknowledgeWarning"
    done = await confirm(bff, token, started.json()["id"], acknowledge=True)
    assert done.status_code == 200, done.text
    assert (await bff.client.get(CAP, headers=auth(token))).json()["left"] == 5_000
    again = await initiate(
        bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT, amount=6_000
    )
    assert again.status_code == 400 and "₦5,000 is left" in again.json()["detail"]
    # Between one's own accounts is not capped.
    own = await initiate(
        bff, token, "own-account", destinationAccountNumber=ADA_TARGET, amount=6_000
    )
    assert own.status_code == 201, own.text

    # A bulk counts as a whole.
    rows = [
        {
            "sourceAccountNumber": ADA_SAVINGS,
            "destinationAccountNumber": TUNDE_ACCOUNT,
            "amount": 3_000,
        },
        {
            "sourceAccountNumber": ADA_SAVINGS,
            "destinationAccountNumber": TUNDE_ACCOUNT,
            "amount": 3_000,
        },
    ]
    bulk = await bff.client.post(
        "/api/transfer/bulk", headers=auth(token), json={"transfers": rows}
    )
    assert bulk.status_code == 400 and "₦5,000 is left" in bulk.json()["detail"]

    # 24 hours later the new device is free.
    async with bff.db.transaction() as session:
        await session.execute(update(Device).values(capped_until=utcnow() - timedelta(seconds=1)))
    assert (await bff.client.get(CAP, headers=auth(token))).json()["capped"] is False
    freed = await initiate(
        bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT, amount=20_001
    )
    assert freed.status_code == 201, freed.text


async def test_the_cap_is_checked_again_at_confirmation_and_parallel_confirms_cannot_both_pass(bff):
    await sign_in_on(bff, PHONE_UA, new_browser=True)
    token = await sign_in_on(bff, MAC_UA, new_browser=True)
    before = await balance(bff, ADA_SAVINGS)
    started = []
    for _ in range(2):  # each alone fits under ₦20,000; both together do not
        transfer = await initiate(
            bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT, amount=12_000
        )
        assert transfer.status_code == 201, transfer.text
        started.append((transfer.json()["id"], await bff.latest_code(ADA)))
    answers = await asyncio.gather(
        *(
            confirm(bff, token, transfer_id, otp=code, acknowledge=True)
            for transfer_id, code in started
        )
    )
    completed = [a for a in answers if a.status_code == 200]
    assert len(completed) <= 1
    for refused in (a for a in answers if a not in completed):
        assert refused.status_code == 422 and refused.json()["responseCode"] == "61"
        assert "This device is new to your profile" in refused.json()["detail"]
    moved = sum(round(a.json()["amount"] * 100) for a in completed)
    assert (await balance(bff, ADA_SAVINGS))[0] == before[0] - moved


async def test_a_new_passkey_caps_the_device_it_was_added_on(bff):
    token = await sign_in_on(bff, PHONE_UA, new_browser=True)
    assert (await bff.client.get(CAP, headers=auth(token))).json()["capped"] is False
    assert (await register(bff, token, SoftAuthenticator()))["status"] == 201
    cap = (await bff.client.get(CAP, headers=auth(token))).json()
    assert cap["capped"] is True and cap["left"] == 20_000


async def test_a_passkey_younger_than_a_day_caps_the_device_it_signs_in_on(bff):
    """And only writes the cap when the device is not capped that long already: the morning
    rush's sign-ins with a young passkey (issue 57) do not rewrite it every time."""
    token = await sign_in_on(bff, PHONE_UA, new_browser=True)
    device = SoftAuthenticator()
    assert (await register(bff, token, device))["status"] == 201
    async with bff.db.transaction() as session:  # the device's cap lifted (e.g. set long ago)
        await session.execute(update(Device).values(capped_until=None))
    _, signed = await sign_in_with(bff, device)
    assert signed.status_code == 200, signed.text
    token = signed.json()["tokenDTO"]["accessToken"]
    assert (await bff.client.get(CAP, headers=auth(token))).json()["capped"] is True
    async with bff.db.transaction() as session:
        capped = list(await session.scalars(select(Device.capped_until)))
        created = await session.scalar(select(Passkey.created_at))
    assert created is not None and capped == [created + timedelta(hours=24)]

    with counting(bff.app.state.db.engine.url.database) as census:
        _, again = await sign_in_with(bff, device)
    assert again.status_code == 200, again.text
    assert not [t for t in census.texts if t.startswith("bff: UPDATE DEVICES SET CAPPED_UNTIL")]
    async with bff.db.transaction() as session:
        assert list(await session.scalars(select(Device.capped_until))) == capped


async def test_the_cap_can_be_turned_off(bff_factory):
    bff = await bff_factory(new_device_cap_kobo=0)
    await sign_in_on(bff, PHONE_UA, new_browser=True)
    token = await sign_in_on(bff, MAC_UA, new_browser=True)
    assert (await bff.client.get(CAP, headers=auth(token))).json()["capped"] is False
    assert all(
        d["cappedUntil"] is None for d in (await bff.client.get(D, headers=auth(token))).json()
    )
    started = await initiate(
        bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT, amount=20_001
    )
    assert started.status_code == 201, started.text


async def test_rename_and_remove_a_device_which_signs_it_out(bff):
    old_token = await sign_in_on(bff, PHONE_UA, new_browser=True)
    token = await sign_in_on(bff, MAC_UA, new_browser=True)
    listed = (await bff.client.get(D, headers=auth(token))).json()
    this, other = listed[0], listed[1]

    renamed = await bff.client.post(
        f"{D}/{other['id']}/rename", headers=auth(token), json={"name": "  Ada's   Pixel "}
    )
    assert renamed.status_code == 200 and renamed.json()["name"] == "Ada's Pixel"
    assert renamed.json()["signedIn"] is True and renamed.json()["thisDevice"] is False
    empty = await bff.client.post(
        f"{D}/{other['id']}/rename", headers=auth(token), json={"name": " "}
    )
    assert empty.status_code == 400

    # The device in use is not removed (signing out is the way).
    own = await bff.client.post(f"{D}/{this['id']}/remove", headers=auth(token), json={})
    assert own.status_code == 400

    removal = f"{D}/{other['id']}/remove"
    sent = await bff.client.post(removal, headers=auth(token), json={})
    assert sent.status_code == 202, sent.text
    wrong = await bff.client.post(removal, headers=auth(token), json={"otp": "000000"})
    assert wrong.status_code == 400
    removed = await bff.client.post(
        removal, headers=auth(token), json={"otp": await bff.latest_code(ADA)}
    )
    assert removed.status_code == 200 and removed.json()["message"] == "Device removed successfully"
    assert [d["id"] for d in (await bff.client.get(D, headers=auth(token))).json()] == [this["id"]]
    # Its session is over; this one goes on.
    assert (await bff.client.get(D, headers=auth(old_token))).status_code == 401
    assert (await bff.client.get(D, headers=auth(token))).status_code == 200
    mails = await inbox(bff, ADA)
    assert any("Ada's Pixel" in m["body"] and "was removed" in m["body"] for m in mails)


async def test_another_customers_device_is_not_found(bff):
    token = await sign_in_on(bff, PHONE_UA, new_browser=True)
    async with bff.db.transaction() as session:
        ada_device = await session.scalar(select(Device.id))
    missing = await bff.client.post(
        f"{D}/{(ada_device or 0) + 1000}/rename", headers=auth(token), json={"name": "x"}
    )
    assert missing.status_code == 404


def test_until_text_reads_in_west_africa_time():
    from datetime import UTC, datetime

    now = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)  # 13:00 in Lagos
    assert until_text(now + timedelta(hours=1, minutes=5), now) == "14:05 today"
    assert until_text(now + timedelta(hours=24, minutes=5), now) == "13:05 tomorrow"
    assert until_text(now + timedelta(days=3), now) == "13:00 on 1 Dec"


async def test_a_payment_scheduled_from_a_new_device_counts_against_its_cap(bff):

    await sign_in_on(bff, PHONE_UA, new_browser=True)
    token = await sign_in_on(bff, MAC_UA, new_browser=True)
    # Scheduling checks only the per-transaction limit; the run meets the cap.
    small = (await schedule(bff, token, amount=15_000)).json()[0]
    await approve(bff, token, small["referenceNumber"])
    large = (await schedule(bff, token, amount=6_000)).json()[0]
    await approve(bff, token, large["referenceNumber"])
    assert (await bff.app.state.jobs.run_due_schedules()) == 2
    rows = [
        (await bff.client.get(f"{S}/{item['uuid']}", headers=auth(token))).json()
        for item in (small, large)
    ]
    # Whichever ran first went through; the other would have taken the total over ₦20,000.
    assert sorted(r["status"] for r in rows) == ["COMPLETED", "FAILED"]
    failed = next(r for r in rows if r["status"] == "FAILED")
    assert "This device is new to your profile" in failed["failureReason"]
    done = next(r for r in rows if r["status"] == "COMPLETED")
    left = (await bff.client.get(CAP, headers=auth(token))).json()["left"]
    assert left == 20_000 - done["amount"]


async def test_remove_a_device_with_a_passkey_bound_to_that_removal(bff):
    token_a = await sign_in_on(bff, PHONE_UA, new_browser=True)
    authenticator = SoftAuthenticator()
    assert (await register(bff, token_a, authenticator))["status"] == 201
    await sign_in_on(bff, MAC_UA, new_browser=True)
    token = await sign_in_on(bff, "Mozilla/5.0 (Windows NT 10.0) Edg/131.0", new_browser=True)
    listed = (await bff.client.get(D, headers=auth(token))).json()
    mac = next(d for d in listed if d["name"] == "Safari on Mac")
    phone = next(d for d in listed if d["name"] == "Chrome on Android")

    options = await bff.client.post(f"{D}/{mac['id']}/passkey-options", headers=auth(token))
    assert options.status_code == 200, options.text
    assertion = authenticator.get(options.json()["options"])
    # Made for removing the Mac, it cannot remove the phone.
    other = await bff.client.post(
        f"{D}/{phone['id']}/remove", headers=auth(token), json={"passkey": assertion}
    )
    assert other.status_code == 400
    assert {d["id"] for d in (await bff.client.get(D, headers=auth(token))).json()} >= {
        mac["id"],
        phone["id"],
    }
    both = await bff.client.post(
        f"{D}/{mac['id']}/remove",
        headers=auth(token),
        json={"passkey": assertion, "otp": "123456"},
    )
    assert both.status_code == 400
    removed = await bff.client.post(
        f"{D}/{mac['id']}/remove", headers=auth(token), json={"passkey": assertion}
    )
    assert removed.status_code == 200, removed.text
    assert mac["id"] not in {d["id"] for d in (await bff.client.get(D, headers=auth(token))).json()}
    # Used once.
    again = await bff.client.post(
        f"{D}/{phone['id']}/remove", headers=auth(token), json={"passkey": assertion}
    )
    assert again.status_code == 400


async def test_a_device_and_a_passkey_with_the_same_id_keep_their_own_open_removal(bff):
    """Removing a device and removing a passkey each open a challenge keyed by what is
    removed; the same id must not let one overwrite the other's."""
    token_a = await sign_in_on(bff, PHONE_UA, new_browser=True)
    authenticator = SoftAuthenticator()
    added = await register(bff, token_a, authenticator)
    assert added["status"] == 201, added
    await sign_in_on(bff, MAC_UA, new_browser=True)
    token = await sign_in_on(bff, "Mozilla/5.0 (Windows NT 10.0) Edg/131.0", new_browser=True)
    mac = next(
        d
        for d in (await bff.client.get(D, headers=auth(token))).json()
        if d["name"] == "Safari on Mac"
    )
    async with bff.db.transaction() as session:  # the passkey takes the Mac's id
        await session.execute(
            update(Passkey).where(Passkey.id == added["body"]["passkey"]["id"]).values(id=mac["id"])
        )
    passkey_options = await bff.client.post(
        f"{P}/passkeys/{mac['id']}/passkey-options", headers=auth(token)
    )
    assert passkey_options.status_code == 200, passkey_options.text
    device_options = await bff.client.post(f"{D}/{mac['id']}/passkey-options", headers=auth(token))
    assert device_options.status_code == 200, device_options.text
    async with bff.db.transaction() as session:
        purposes = set(await session.scalars(select(WebAuthnChallenge.purpose)))
    assert {f"APPROVE:PASSKEY_REMOVE:{mac['id']}", f"APPROVE:DEVICE_REMOVE:{mac['id']}"} <= purposes
    for_device = authenticator.get(device_options.json()["options"])
    for_passkey = authenticator.get(passkey_options.json()["options"])
    crossed = await bff.client.post(
        f"{D}/{mac['id']}/remove", headers=auth(token), json={"passkey": for_passkey}
    )
    assert crossed.status_code == 400  # made for the passkey's removal, not the device's

    device_removed = await bff.client.post(
        f"{D}/{mac['id']}/remove", headers=auth(token), json={"passkey": for_device}
    )
    assert device_removed.status_code == 200, device_removed.text
    passkey_removed = await bff.client.post(
        f"{P}/passkeys/{mac['id']}/remove", headers=auth(token), json={"passkey": for_passkey}
    )
    assert passkey_removed.status_code == 200, passkey_removed.text
