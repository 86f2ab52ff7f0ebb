"""The new-device cap (issue 40, docs/contract.md "Known devices"): for 24 hours after a first
sign-in on a new device, or after a passkey was added on it, transfers that leave the
customer (`CAPPED_TYPES`) from that device total at most `KOBO_NEW_DEVICE_CAP_KOBO`. The
window is the device's `capped_until` (bff/auth/devices.py sets it); a transfer rule, so it lives
with transfers, checked at initiation and again after the start (as the daily limit)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from litestar import Controller, get
from sqlalchemy import func, select

from bff.auth.devices import CAP_WINDOW
from bff.auth.models import Device
from bff.config import Settings
from bff.dates import LAGOS, MONTH, TIME, format_date
from bff.db import Database, utcnow
from bff.devices.schemas import DeviceCapOut
from bff.errors import ValidationFailed
from bff.money import format_naira_brief, kobo_to_naira
from bff.payments.lifecycle import Status
from bff.transfers.models import Transfer, TransferType
from bff.users.principal import Principal, SessionDevice

# Transfers the cap counts: money leaving the customer (not between their own accounts).
CAPPED_TYPES = (TransferType.INTRA_BANK, TransferType.OTHER_BANK)


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
    clock = format_date(until, TIME)
    if local.date() == today:
        return f"{clock} today"
    if local.date() == today + timedelta(days=1):
        return f"{clock} tomorrow"
    return f"{clock} on {local.day} {format_date(until, MONTH)}"


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


class DeviceCap:
    def __init__(self, db: Database, settings: Settings) -> None:
        self.db = db
        self.settings = settings

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
                    Transfer.transfer_type.in_(CAPPED_TYPES),
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


class DeviceCapController(Controller):
    path = "/api/transfer"
    tags = ["transfers"]
    security = [{"bearer": []}]

    @get("/device-cap", summary="The new-device transfer cap of this browser, if any")
    async def device_cap(self, device_cap: DeviceCap, customer: Principal) -> DeviceCapOut:
        cap = await device_cap.cap(customer.user.id, customer.device)
        if cap is None:
            return DeviceCapOut(capped=False)
        return DeviceCapOut(
            capped=True,
            limit=kobo_to_naira(cap.limit_kobo),
            left=kobo_to_naira(cap.left_kobo),
            ends_at=cap.until.isoformat(),
            message=cap_notice(cap, utcnow()),
        )
