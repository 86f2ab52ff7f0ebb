"""Known devices at sign-in: which browser each session is opened in, and the alert when a
customer signs in from one never seen before (docs/contract.md, "Known devices").

A device is a browser, told apart by a long random cookie (`DEVICE_COOKIE`) the BFF sets at
sign-in when the browser has none; only the cookie's SHA-256 is stored, per customer. A new
device (not the customer's very first) starts a 24-hour window (`CAP_WINDOW`) in which its
transfers are capped (bff/transfers/device_cap.py); so does a passkey added on a device.
Settings lists, renames and removes devices (bff/devices)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bff.audit.events import Event
from bff.audit.notices import SecurityNotices
from bff.audit.service import record
from bff.auth.models import Device, UserSession
from bff.browsers import browser_label
from bff.config import Settings
from bff.dates import SPOKEN, format_date
from bff.db import utcnow
from bff.money import format_naira_brief
from bff.security import tokens
from bff.users.models import User

DEVICE_COOKIE = "kobo_device"
DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 3600  # browsers keep a cookie at most 400 days
CAP_WINDOW = timedelta(hours=24)
NEW_DEVICE_SMS = (
    "Kobo: someone signed in to your profile from a new device ({}) at {}. If this was not "
    "you, call us now and change your password."
)
_TOKEN = re.compile(r"[A-Za-z0-9_-]{43,86}")


@dataclass(frozen=True, slots=True)
class Seen:
    """A sign-in's device: `token` is the cookie to set (the browser's own, or a new one)."""

    device_id: int
    token: str
    name: str
    # Never used by this customer before (and not their very first sign-in): alert, cap.
    new: bool
    # Its cap window's end as this sign-in read or set it (None: not capped).
    capped_until: datetime | None = None


def valid_token(raw: str | None) -> str | None:
    return raw if raw and _TOKEN.fullmatch(raw) else None


class SignInDevices:
    def __init__(self, settings: Settings, notices: SecurityNotices) -> None:
        self.settings = settings
        self.notices = notices

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
            return Seen(device.id, token, device.name, new=False, capped_until=device.capped_until)
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
        return Seen(device.id, token, device.name, new=not first, capped_until=device.capped_until)

    async def tell(self, user: User, seen: Seen) -> None:
        """The alert of a sign-in from a new device: an e-mail and an SMS (the outbox)."""
        if not seen.new:
            return
        when = format_date(utcnow(), SPOKEN)
        limited = (
            f"For the next 24 hours, that device can send at most "
            f"{format_naira_brief(self.settings.new_device_cap_kobo)} in transfers. "
            if self.settings.new_device_cap_on
            else ""
        )
        await self.notices.tell(
            user,
            Event.NEW_DEVICE,
            f"Someone signed in to your Kobo profile from a new device ({seen.name}) at "
            f"{when} (West Africa Time). {limited}If this was you, there is nothing to do.",
        )
        await self.notices.text(user, NEW_DEVICE_SMS.format(seen.name, when))

    async def passkey_added_in(
        self,
        session: AsyncSession,
        user_id: int,
        device_id: int | None,
        at: datetime,
        seen: Seen | None = None,
    ) -> None:
        """A passkey added on this device starts (or lengthens) its cap window. `seen`: the
        device as this transaction's sign-in read it; already capped at least that long,
        nothing is written (a passkey's every sign-in in its first day would rewrite it)."""
        until = at + CAP_WINDOW
        if device_id is None or until <= utcnow():
            return
        if seen is not None and seen.capped_until is not None and seen.capped_until >= until:
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
