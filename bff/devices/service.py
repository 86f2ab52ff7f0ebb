"""Known devices in Settings: the customer's list, rename, and remove (with a code or a
passkey; the device's sessions end). A sign-in records its device in bff/auth/devices.py; the
new-device cap is a transfer rule (bff/transfers/device_cap.py)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bff.audit.events import Event
from bff.audit.notices import SecurityNotices
from bff.audit.service import record
from bff.auth.codes import OneTimeCodes
from bff.auth.models import Device, UserSession
from bff.config import Settings
from bff.db import Database, utcnow
from bff.errors import NotFound, ValidationFailed
from bff.users.models import User

DEVICE_NOT_FOUND = "Device not found"
THIS_DEVICE = "This is the device you are using. To leave it, sign out instead."
NAME_REQUIRED = "Enter a name for this device"
REMOVE_CODE = "DEVICE_REMOVE:"


class DeviceService:
    def __init__(
        self, db: Database, settings: Settings, codes: OneTimeCodes, notices: SecurityNotices
    ) -> None:
        self.db = db
        self.settings = settings
        self.codes = codes
        self.notices = notices

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
