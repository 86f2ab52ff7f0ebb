"""Liveness: a selfie, checked by the core's identity vendor for a live person whose face
matches their BVN photo (docs/contract.md §16.6, docs/security.md "Payment fraud").

Taken at onboarding (a section of its own, bff/onboarding), and when a profile comes back:
unfrozen by the customer, or dormant (no device used for `KOBO_RISK_DORMANT_DAYS`). A
returning profile's `User.liveness_required_at` stops money leaving it until a selfie passes
(read from the user row each request reads anyway: no statement on a payment's path).
Three failed tries send the last selfie to a person (the back office), sealed in the store.
"""

from __future__ import annotations

import base64
import logging
import uuid
from datetime import datetime, timedelta

from sqlalchemy import and_, exists, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bff.auth.models import Device
from bff.core_client import CoreClient, CoreRefused, CoreUnavailable
from bff.dates import format_date
from bff.db import Database, utcnow
from bff.errors import Conflict, NotFound, ServiceUnavailable, ValidationFailed
from bff.liveness.models import LivenessCheck, LivenessReason, LivenessStatus
from bff.liveness.schemas import LivenessOut, ReferredOut
from bff.notifications.notifier import Notifier
from bff.notifications.templates import plain_email
from bff.security.uploads import IMAGES, parse_data_url
from bff.storage import DocumentStore
from bff.users.models import User

log = logging.getLogger(__name__)

TRIES = 3
MAX_SELFIE_BYTES = 2 * 1024 * 1024
NOT_A_PHOTO = "Upload a JPEG or PNG photo"
ALREADY_CHECKED = "Your selfie is already checked"
CORE_DOWN = "We could not reach the bank right now. Please try again shortly."
MESSAGES = {
    LivenessStatus.REQUIRED: "Take a selfie so we can check it is really you. Face the "
    "camera in good light, without glasses or a hat.",
    LivenessStatus.PASSED: "Thank you. Your selfie matches your BVN photo.",
    LivenessStatus.REFERRED: "We could not check your selfie automatically, so a member of "
    "our team will compare it with your BVN photo. We will tell you by e-mail, usually "
    "within one working day.",
    LivenessStatus.NOT_REQUIRED: "There is nothing to confirm.",
}
NO_MATCH = (
    "We could not match your selfie to your BVN photo. Face the camera in good light, without "
    "glasses or a hat, and try again."
)
NOT_LIVE = (
    "This does not look like a live photo of you. Take a new selfie with your camera, not a "
    "photo of a screen or a printed photo, and try again."
)


def state_out(check: LivenessCheck | None, default: str) -> LivenessOut:
    if check is None:
        return LivenessOut(status=default, attempts_left=TRIES, message=MESSAGES[default])
    left = max(TRIES - check.attempts, 0)
    if check.status == LivenessStatus.FAILED:
        message = NOT_LIVE if check.last_result == "SPOOF" else NO_MATCH
        return LivenessOut(status=check.status, attempts_left=left, message=message)
    return LivenessOut(status=check.status, attempts_left=left, message=MESSAGES[check.status])


class LivenessService:
    def __init__(
        self,
        db: Database,
        core: CoreClient,
        store: DocumentStore,
        notifier: Notifier,
        dormant_days: int,
    ) -> None:
        self.db = db
        self.core = core
        self.store = store
        self.notifier = notifier
        self.dormant_days = dormant_days

    async def check_of(self, user_id: int) -> LivenessCheck | None:
        async with self.db.autocommit() as session:
            return await session.get(LivenessCheck, user_id)

    async def state(self, user_id: int, default: str) -> LivenessOut:
        """`default`: what no row means (REQUIRED at onboarding, NOT_REQUIRED after)."""
        return state_out(await self.check_of(user_id), default)

    async def submit(
        self, user: User, reason: str, id_type: str, id_number: str, image: str | None
    ) -> LivenessOut:
        """One try: the vendor's answer recorded, the third failure referred to a person."""
        if not image:
            raise ValidationFailed(NOT_A_PHOTO, field="image")
        selfie = parse_data_url(
            image,
            allowed=IMAGES,
            max_bytes=MAX_SELFIE_BYTES,
            too_big="File size exceeds 2MB limit",
            wrong_type=NOT_A_PHOTO,
            field="image",
        )
        check = await self.check_of(user.id)
        if check is not None and check.status in (LivenessStatus.PASSED, LivenessStatus.REFERRED):
            raise Conflict(ALREADY_CHECKED)
        if reason == LivenessReason.RETURNING and check is None:
            raise Conflict(ALREADY_CHECKED)  # nothing to confirm
        attempt = (check.attempts if check else 0) + 1
        try:
            answer = await self.core.liveness(
                f"LIV-{uuid.uuid4().hex}",  # one try, one reference
                id_type,
                id_number,
                base64.b64encode(selfie.content).decode(),
            )
        except CoreUnavailable as exc:
            raise ServiceUnavailable(CORE_DOWN) from exc
        except CoreRefused as exc:
            raise ValidationFailed(NO_MATCH, field="image") from exc
        passed = answer.result == "PASS"
        status = (
            LivenessStatus.PASSED
            if passed
            else LivenessStatus.REFERRED
            if attempt >= TRIES
            else LivenessStatus.FAILED
        )
        key = await self.store.put(selfie.content) if status == LivenessStatus.REFERRED else None
        async with self.db.transaction() as session:
            row = await session.get(LivenessCheck, user.id)
            if row is None:
                row = LivenessCheck(user_id=user.id, reason=reason, attempts=0)
                session.add(row)
            row.attempts, row.status, row.last_result = attempt, status, answer.result
            row.selfie_key, row.updated_at = key, utcnow()
            if passed:
                await _clear(session, user.id)
        return state_out(row, LivenessStatus.REQUIRED)

    async def submit_returning(self, user: User, image: str | None) -> LivenessOut:
        """A returning profile's try, matched to the BVN the core holds for the customer."""
        assert user.customer_id is not None  # the `customer` guard
        try:
            bvn = (await self.core.customer(user.customer_id)).bvn or ""
        except CoreUnavailable as exc:
            raise ServiceUnavailable(CORE_DOWN) from exc
        return await self.submit(user, LivenessReason.RETURNING, "BVN", bvn, image)

    # -- returning profiles ------------------------------------------------------------------
    @staticmethod
    async def require_in(session: AsyncSession, user_id: int) -> None:
        """A returning profile must take a selfie before money leaves it (a fresh check)."""
        now = utcnow()
        row = await session.get(LivenessCheck, user_id)
        if row is None:
            session.add(
                LivenessCheck(
                    user_id=user_id, reason=LivenessReason.RETURNING, attempts=0, required_at=now
                )
            )
        else:
            row.reason, row.status, row.attempts = LivenessReason.RETURNING, "REQUIRED", 0
            row.last_result, row.required_at, row.updated_at = None, now, now
        await session.execute(
            update(User).where(User.id == user_id).values(liveness_required_at=now)
        )

    async def require_dormant(self, now: datetime | None = None) -> int:
        """Customers none of whose devices was used for `dormant_days`: a selfie before
        money leaves (one set-based pass of the worker; each is marked once)."""
        if self.dormant_days <= 0:  # switched off
            return 0
        now = now or utcnow()
        since = now - timedelta(days=self.dormant_days)
        recent = exists().where(Device.user_id == User.id, Device.last_used_at >= since)
        any_device = exists().where(Device.user_id == User.id)
        async with self.db.transaction() as session:
            dormant = (
                await session.scalars(
                    select(User.id).where(
                        User.customer_id.is_not(None),
                        User.liveness_required_at.is_(None),
                        and_(any_device, ~recent),
                    )
                )
            ).all()
            for user_id in dormant:
                await self.require_in(session, user_id)
        return len(dormant)

    # -- the back office ---------------------------------------------------------------------
    async def referred(self) -> list[ReferredOut]:
        async with self.db.autocommit() as session:
            rows = (
                await session.execute(
                    select(LivenessCheck, User)
                    .join(User, User.id == LivenessCheck.user_id)
                    .where(LivenessCheck.status == LivenessStatus.REFERRED)
                    .order_by(LivenessCheck.updated_at)
                )
            ).all()
        return [
            ReferredOut(
                user_id=user.id,
                name=f"{user.first_name} {user.last_name}",
                referred_at=format_date(check.updated_at),
            )
            for check, user in rows
        ]

    async def selfie(self, user_id: int) -> bytes:
        check = await self.check_of(user_id)
        if check is None or check.selfie_key is None:
            raise NotFound("No selfie to review")
        return await self.store.get(check.selfie_key)

    async def decide(self, agent: User, user_id: int, approve: bool, reason: str | None) -> None:
        """A person's decision on a referred selfie: approved passes it; declined gives the
        customer three new tries. The selfie is forgotten either way."""
        if not approve and not (reason or "").strip():
            raise ValidationFailed("Give the customer the reason", field="reason")
        async with self.db.transaction() as session:
            row = await session.get(LivenessCheck, user_id, with_for_update=True)
            if row is None or row.status != LivenessStatus.REFERRED:
                raise NotFound("No selfie to review")
            key, row.selfie_key = row.selfie_key, None
            row.status = LivenessStatus.PASSED if approve else LivenessStatus.REQUIRED
            row.attempts = row.attempts if approve else 0
            row.decided_by, row.updated_at = agent.id, utcnow()
            if approve:
                await _clear(session, user_id)
            user = await session.get(User, user_id)
            assert user is not None
            text = (
                "A member of our team checked your selfie against your BVN photo: it is you. "
                "Thank you."
                if approve
                else f"A member of our team could not match your selfie to your BVN photo: "
                f"{(reason or '').strip()} Please take a new selfie in the app."
            )
            recorded = await self.notifier.record(
                session, [plain_email(user.email, "Your Kobo selfie check", text)]
            )
        await self.notifier.deliver(recorded)
        if key is not None:
            await self.store.forget(key)


async def _clear(session: AsyncSession, user_id: int) -> None:
    await session.execute(update(User).where(User.id == user_id).values(liveness_required_at=None))
