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

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bff.audit.events import Event
from bff.audit.notices import SecurityNotices
from bff.audit.service import record
from bff.auth.codes import OneTimeCodes
from bff.auth.models import UserSession
from bff.config import Settings
from bff.db import Database, utcnow
from bff.devices.models import Device
from bff.browsers import browser_label
from bff.errors import NotFound, ValidationFailed
from bff.money import format_naira_brief
from bff.notifications.templates import sms
from bff.payments.lifecycle import Status
from bff.security import tokens
from bff.timefmt import LAGOS
from bff.transfers.models import Kind, Transfer
from bff.users.models import User
from bff.users.principal import SessionDevice

DEVICE_COOKIE = "kobo_device"
DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 3600  # browsers keep a cookie at most 400 days
CAP_WINDOW = timedelta(hours=24)
# Transfers the cap counts: money leaving the customer (not between their own accounts).
CAPPED_KINDS = (Kind.INTRA_BANK, Kind.OTHER_BANK)
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


@dataclass(frozen=True, slots=True)
class Cap:
    """The new-device cap as it applies now to one device, in kobo."""

    limit_kobo: int
    spent_kobo: int
    until: datetime

    @property
    def left_kobo(self) -> int:
        return max(self.limit_kobo - self.spent_kobo, 0)


def until_text(until: datetime, now: datetime) -> str:
    """When a cap ends, as the customer reads it in West Africa Time: "14:05 today",
    "14:05 tomorrow", "14:05 on 30 Nov"."""
    local, today = until.astimezone(LAGOS), now.astimezone(LAGOS).date()
    clock = local.strftime("%H:%M")
    if local.date() == today:
        return f"{clock} today"
    if local.date() == today + timedelta(days=1):
        return f"{clock} tomorrow"
    return f"{clock} on {local.day} {local.strftime('%b')}"


def cap_notice(cap: Cap, now: datetime) -> str:
    """What the transfer form shows before the customer types."""
    limit, left = format_naira_brief(cap.limit_kobo), format_naira_brief(cap.left_kobo)
    return (
        f"This device is new: until {until_text(cap.until, now)} (West Africa Time) you can "
        f"send up to {limit} from it ({left} left)."
    )


def cap_refusal(cap: Cap, now: datetime) -> str:
    limit, left = format_naira_brief(cap.limit_kobo), format_naira_brief(cap.left_kobo)
    return (
        f"This device is new to your profile, so until {until_text(cap.until, now)} (West "
        f"Africa Time) you can send up to {limit} from it, and {left} is left. Send less, or "
        "use a device you have signed in on before."
    )


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

    # -- the new-device cap ----------------------------------------------------------------
    async def cap(self, user_id: int, device: SessionDevice | None) -> Cap | None:
        """The cap that applies to this device now, with what it sent in its window (only
        transfers past their code step that have not failed); None: not capped. A device
        whose window came with the session (`SessionDevice`) costs no statement unless it
        is capped (its first day): then one, the sum."""
        limit = self.settings.new_device_cap_kobo
        if limit <= 0 or device is None:
            return None
        until = device.capped_until
        if not device.window_known:
            async with self.db.autocommit() as session:
                until = await session.scalar(
                    select(Device.capped_until).where(
                        Device.id == device.id, Device.user_id == user_id
                    )
                )
        if until is None or until <= utcnow():
            return None
        async with self.db.autocommit() as session:
            spent = await session.scalar(
                select(func.coalesce(func.sum(Transfer.amount_kobo), 0)).where(
                    Transfer.device_id == device.id,
                    Transfer.user_id == user_id,
                    Transfer.kind.in_(CAPPED_KINDS),
                    Transfer.status.in_((Status.PROCESSING, Status.PENDING, Status.COMPLETED)),
                    Transfer.confirmed_at >= until - CAP_WINDOW,
                )
            )
        return Cap(limit, int(spent or 0), until)

    async def check(self, user_id: int, device: SessionDevice | None, amount_kobo: int) -> None:
        """Refuse (400, field `amount`) transfers that would take this device over its cap."""
        if amount_kobo <= 0:
            return
        cap = await self.cap(user_id, device)
        if cap is not None and cap.spent_kobo + amount_kobo > cap.limit_kobo:
            raise ValidationFailed(cap_refusal(cap, utcnow()), field="amount")

    async def over_cap(
        self, user_id: int, device: SessionDevice | None, amount_kobo: int
    ) -> str | None:
        """After a transfer of `amount_kobo` has its start committed (what was sent includes
        it): the refusal when the device is now over its cap, else None."""
        cap = await self.cap(user_id, device)
        if cap is not None and cap.spent_kobo > cap.limit_kobo:
            # What was left without this transfer, for the customer's sentence.
            before = Cap(cap.limit_kobo, max(cap.spent_kobo - amount_kobo, 0), cap.until)
            return cap_refusal(before, utcnow())
        return None

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
