"""Known devices: which browser each session was opened in, the alert when a customer signs
in from one never seen before, the new-device transfer cap, and the Settings list.

A device is a browser, told apart by a long random cookie (`DEVICE_COOKIE`) the BFF sets at
sign-in when the browser has none; only the cookie's SHA-256 is stored, per customer.

The cap (docs/contract.md, "Known devices"): for 24 hours after the first sign-in on a new
device, or after a passkey was added on it, Kobo-to-Kobo and interbank transfers made from
that device (single, bulk, and the runs of payments scheduled from it) total at most
`new_device_cap_kobo`. It is checked when a transfer is asked for (a clear refusal), and
again once its start is committed, as the daily limit is: of two parallel confirms, neither
can slip under the cap unseen.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bff.audit.events import Event
from bff.audit.notices import SecurityNotices
from bff.audit.service import record
from bff.auth.codes import OneTimeCodes
from bff.auth.models import UserSession
from bff.browsers import browser_label
from bff.config import Settings
from bff.db import Database, utcnow
from bff.devices.models import Device
from bff.errors import NotFound, ValidationFailed
from bff.money import format_naira_brief
from bff.notifications.templates import sms
from bff.security import tokens
from bff.timefmt import LAGOS
from bff.users.models import User

DEVICE_COOKIE = "kobo_device"
DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 3600  # browsers keep a cookie at most 400 days
CAP_WINDOW = timedelta(hours=24)
DEVICE_NOT_FOUND = "Device not found"
THIS_DEVICE = "This is the device you are using. To leave it, sign out instead."
NAME_REQUIRED = "Enter a name for this device"
NEW_DEVICE_SMS = (
    "Kobo: someone signed in to your profile from a new device ({}) at {}. If this was not "
    "you, call us now and change your password."
)
REMOVE_CODE = "DEVICE_REMOVE:"
_TOKEN = re.compile(r"[A-Za-z0-9_-]{43,86}")


@dataclass(frozen=True, slots=True)
class Seen:
    """A sign-in's device: `token` is the cookie to set (the browser's own, or a new one)."""

    device_id: int
    token: str
    name: str
    # Never used by this customer before (and not their very first sign-in): alert, cap.
    new: bool


def valid_token(raw: str | None) -> str | None:
    return raw if raw and _TOKEN.fullmatch(raw) else None


class DeviceService:
    def __init__(
        self, db: Database, settings: Settings, codes: OneTimeCodes, notices: SecurityNotices
    ) -> None:
        self.db = db
        self.settings = settings
        self.codes = codes
        self.notices = notices

    @property
    def cap_on(self) -> bool:
        """Whether new devices are capped (bff/transfers/device_cap.py)."""
        return self.settings.new_device_cap_kobo > 0

    # -- sign-in -------------------------------------------------------------------------
    async def seen_in(
        self, session: AsyncSession, user_id: int, cookie: str | None, user_agent: str
    ) -> Seen:
        """The device of a sign-in, in the sign-in's transaction: known (last used now) or
        added. A customer's very first sign-in (no session ever) adds their first device
        without alert or cap: it is the one they registered from."""
        now = utcnow()
        token = valid_token(cookie) or tokens.new_session_token()
        digest = tokens.token_digest(token)
        device = await session.scalar(
            select(Device).where(Device.user_id == user_id, Device.token_hash == digest)
        )
        if device is not None:
            device.last_used_at = now
            return Seen(device.id, token, device.name, new=False)
        first = (
            await session.scalar(select(UserSession.id).where(UserSession.user_id == user_id))
        ) is None
        device = Device(
            user_id=user_id,
            token_hash=digest,
            name=browser_label(user_agent)[:60],
            created_at=now,
            last_used_at=now,
            capped_until=None if first else now + CAP_WINDOW,
        )
        session.add(device)
        await session.flush()
        if not first:
            record(session, Event.NEW_DEVICE, user_id=user_id, detail=device.name)
        return Seen(device.id, token, device.name, new=not first)

    async def tell(self, user: User, seen: Seen) -> None:
        """The alert of a sign-in from a new device: an e-mail and an SMS (the outbox)."""
        if not seen.new:
            return
        when = utcnow().astimezone(LAGOS).strftime("%H:%M on %d %b %Y")
        limited = (
            f"For the next 24 hours, that device can send at most "
            f"{format_naira_brief(self.settings.new_device_cap_kobo)} in transfers. "
            if self.cap_on
            else ""
        )
        await self.notices.tell(
            user,
            Event.NEW_DEVICE,
            f"Someone signed in to your Kobo profile from a new device ({seen.name}) at "
            f"{when} (West Africa Time). {limited}If this was you, there is nothing to do.",
        )
        if user.phone_number:
            await self.notices.notifier.send(
                [sms(user.phone_number, NEW_DEVICE_SMS.format(seen.name, when))]
            )

    async def passkey_added_in(
        self, session: AsyncSession, user_id: int, device_id: int | None, at: datetime
    ) -> None:
        """A passkey added on this device starts (or lengthens) its cap window."""
        until = at + CAP_WINDOW
        if device_id is None or until <= utcnow():
            return
        await session.execute(
            update(Device)
            .where(
                Device.id == device_id,
                Device.user_id == user_id,
                (Device.capped_until.is_(None)) | (Device.capped_until < until),
            )
            .values(capped_until=until)
        )

    # -- Settings ----------------------------------------------------------------------
    async def devices_of(self, user_id: int) -> list[tuple[Device, bool]]:
        """The customer's devices, most recently used first, each with whether a session
        is still open on it."""
        async with self.db.autocommit() as session:
            rows = (
                await session.execute(
                    select(Device, _open_session())
                    .where(Device.user_id == user_id)
                    .order_by(Device.last_used_at.desc(), Device.id.desc())
                )
            ).all()
        return [(device, bool(signed_in)) for device, signed_in in rows]

    async def rename(self, user_id: int, device_id: int, name: str) -> tuple[Device, bool]:
        """The device renamed, and whether a session is open on it."""
        name = " ".join(name.split())[:60]
        if not name:
            raise ValidationFailed(NAME_REQUIRED, field="name")
        async with self.db.transaction() as session:
            device = await session.get(Device, device_id)
            if device is None or device.user_id != user_id:
                raise NotFound(DEVICE_NOT_FOUND)
            device.name = name
            signed_in = await session.scalar(select(_open_session(device_id)))
        return device, bool(signed_in)

    async def _removable(self, user_id: int, device_id: int, current: int | None) -> Device:
        async with self.db.autocommit() as session:
            device = await session.get(Device, device_id)
        if device is None or device.user_id != user_id:
            raise NotFound(DEVICE_NOT_FOUND)
        if device.id == current:
            raise ValidationFailed(THIS_DEVICE)
        return device

    async def send_removal_code(self, user: User, device_id: int, current: int | None) -> str:
        await self._removable(user.id, device_id, current)
        return await self.codes.ask_to_confirm(user, f"{REMOVE_CODE}{device_id}")

    async def removable(self, user_id: int, device_id: int, current: int | None) -> Device:
        """The customer's device, if it may be removed from this session (404, 400)."""
        return await self._removable(user_id, device_id, current)

    async def remove(
        self,
        user: User,
        device_id: int,
        current: int | None,
        otp: str | None,
        approve: Callable[[AsyncSession, Device], Awaitable[None]] | None = None,
    ) -> None:
        """With the code, or a passkey's approval of this removal (`approve`, checked in the
        same transaction; its refusal raises with nothing written): the device is forgotten
        and every session opened on it ends (the next sign-in there is a new device again:
        alert and cap)."""
        device = await self._removable(user.id, device_id, current)
        done = False
        async with self.db.transaction() as session:
            if approve is not None:
                await approve(session, device)
                done = True
            else:
                purpose = f"{REMOVE_CODE}{device_id}"
                done = await self.codes.use_in(session, user.id, purpose, otp or "") is not None
            if done:
                await self._forget_in(session, user.id, device)
        if not done:
            raise ValidationFailed("Invalid or expired OTP", field="otp")
        await self._tell_removed(user, device)

    async def _forget_in(self, session: AsyncSession, user_id: int, device: Device) -> None:
        await session.execute(
            update(UserSession)
            .where(
                UserSession.user_id == user_id,
                UserSession.device_id == device.id,
                UserSession.revoked_at.is_(None),
            )
            .values(revoked_at=utcnow())
        )
        found = await session.get(Device, device.id)
        if found is not None:
            await session.delete(found)
        record(session, Event.DEVICE_REMOVED, user_id=user_id, detail=device.name)

    async def _tell_removed(self, user: User, device: Device) -> None:
        await self.notices.tell(
            user,
            Event.DEVICE_REMOVED,
            f'The device named "{device.name}" was removed from your profile and signed out. '
            "Signing in on it again will count as a new device.",
        )


def _open_session(device_id: int | None = None) -> Any:
    """EXISTS: a session still open on `device_id`, or on the device of the surrounding
    query's row."""
    return (
        select(UserSession.id)
        .where(
            UserSession.device_id == (Device.id if device_id is None else device_id),
            UserSession.revoked_at.is_(None),
            UserSession.expires_at > utcnow(),
        )
        .exists()
    )
