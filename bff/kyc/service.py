"""KYC levels. Levels 1 and 2 are checked against the identity registry at once (the
numbers must belong to this customer); level 3 (utility bill and ID card images) waits for
back-office review. An approved level raises the customer's tier, and with it the ceiling
of their transaction limits (bff/limits/rules.py)."""

from __future__ import annotations

import logging

from sqlalchemy import select, update

from bff.audit.events import Event
from bff.audit.service import record
from bff.core_client import CoreClient, CoreRefused, CoreUnavailable
from bff.db import Database, utcnow
from bff.errors import Conflict, FieldErrors, NotFound, ServiceUnavailable, ValidationFailed
from bff.kyc.models import KycStatus, KycSubmission
from bff.kyc.schemas import BiodataOut, KycDocumentOut, KycStatusOut, LevelIn, LevelStatusOut
from bff.security.uploads import IMAGES, Upload, parse_data_url
from bff.storage import DocumentStore
from bff.storage.fields import SealedFields
from bff.users.models import User

log = logging.getLogger(__name__)

CORE_DOWN = "We could not verify your details right now. Please try again shortly."
MAX_IMAGE_BYTES = 5 * 1024 * 1024


def number_context(user_id: int, kind: str) -> str:
    """What a sealed BVN or NIN of a KYC submission is bound to: its table, owner and field."""
    return f"kyc_submissions:{user_id}:{kind}"


class KycService:
    def __init__(
        self, db: Database, core: CoreClient, store: DocumentStore, numbers: SealedFields
    ) -> None:
        self.db = db
        self.core = core
        self.store = store
        # BVN and NIN are sealed in their columns (docs/security.md, "Identity numbers").
        self.numbers = numbers

    async def _latest(self, user_id: int) -> dict[int, KycSubmission]:
        async with self.db.transaction() as session:
            rows = (
                await session.scalars(
                    select(KycSubmission)
                    .where(KycSubmission.user_id == user_id)
                    .order_by(KycSubmission.id)
                )
            ).all()
        return {row.level: row for row in rows}  # the last submission per level wins

    async def status(self, user: User) -> KycStatusOut:
        """The customer's level is the one source: a level at or below it is approved,
        whether it was passed here or brought from the core (the seeded personas)."""
        latest = await self._latest(user.id)
        levels = [
            LevelStatusOut(
                level=n,
                status=_level_status(n, user.kyc_level, latest.get(n)),
                comment=latest[n].comment if n in latest else None,
            )
            for n in (1, 2, 3)
        ]
        return KycStatusOut(current_level=user.kyc_level, levels=levels)

    async def biodata(self, user: User) -> BiodataOut:
        assert user.customer_id is not None
        try:
            customer = await self.core.customer(user.customer_id)
        except CoreUnavailable as exc:
            raise ServiceUnavailable(CORE_DOWN) from exc
        return BiodataOut(
            first_name=customer.first_name,
            last_name=customer.last_name,
            date_of_birth=customer.date_of_birth,
            gender=customer.gender,
            phone_number=customer.phone_number,
            email=user.email,
            address=customer.address,
            bvn=customer.bvn or await self._verified_number(user, "bvn"),
            # Registration asks only for the BVN: a NIN the customer proved at a KYC level is
            # theirs too, even though the core's record does not carry it.
            nin=customer.nin or await self._verified_number(user, "nin"),
        )

    async def _verified_number(self, user: User, kind: str) -> str | None:
        latest = await self._latest(user.id)
        for level in (2, 1):
            row = latest.get(level)
            if row is not None and row.status == KycStatus.APPROVED and getattr(row, kind):
                return self.numbers.open(number_context(user.id, kind), getattr(row, kind))
        return None

    async def documents(self, user: User) -> list[KycDocumentOut]:
        level3 = (await self._latest(user.id)).get(3)
        status = _level_status(3, user.kyc_level, level3)
        if status is None:
            return []
        return [
            KycDocumentOut(
                name=name,
                status=status,
                comment=level3.comment if level3 else None,
            )
            for name in ("UTILITY_BILL", "VALID_IDENTIFICATION_CARD")
        ]

    def _numbers(self, data: LevelIn, *, need_both: bool) -> tuple[str | None, str | None]:
        bvn, nin = (data.bvn or "").strip() or None, (data.nin or "").strip() or None
        errors = []
        if need_both:
            errors += [
                {"field": f, "message": "This field is required"}
                for f, v in (("bvn", bvn), ("nin", nin))
                if not v
            ]
        elif not bvn and not nin:
            errors.append({"field": "bvn", "message": "Either BVN or NIN is required"})
        if bvn and (len(bvn) < 11 or not bvn.isdigit()):
            errors.append({"field": "bvn", "message": "BVN must be atleast 11 characters"})
        if nin and (len(nin) != 11 or not nin.isdigit()):
            errors.append({"field": "nin", "message": "NIN must be 11 digits"})
        if errors:
            raise FieldErrors(errors)
        return bvn, nin

    async def _check_open(self, user: User, level: int) -> None:
        if user.kyc_level < level - 1:
            raise Conflict(f"Complete level {level - 1} first")
        current = (await self._latest(user.id)).get(level)
        if current is not None and current.status != KycStatus.DECLINED:
            raise Conflict("This level has already been submitted")

    async def _verify(self, user: User, bvn: str | None, nin: str | None) -> str | None:
        """None when both numbers are this customer's; else the reason they are not."""
        assert user.customer_id is not None
        try:
            customer = await self.core.customer(user.customer_id)
            for label, number, lookup in (
                ("BVN", bvn, self.core.identity_by_bvn),
                ("NIN", nin, self.core.identity_by_nin),
            ):
                if number is None:
                    continue
                try:
                    record = await lookup(number)
                except CoreRefused:
                    return f"We could not find this {label}."
                same_person = {record.first_name.lower(), record.last_name.lower()} == {
                    customer.first_name.lower(),
                    customer.last_name.lower(),
                } and (
                    customer.date_of_birth is None or record.date_of_birth == customer.date_of_birth
                )
                if not same_person:
                    return f"This {label} does not belong to you."
        except CoreUnavailable as exc:
            raise ServiceUnavailable(CORE_DOWN) from exc
        return None

    async def submit_identity_level(self, user: User, level: int, data: LevelIn) -> KycStatusOut:
        bvn, nin = self._numbers(data, need_both=level == 2)
        await self._check_open(user, level)
        reason = await self._verify(user, bvn, nin)
        status = KycStatus.DECLINED if reason else KycStatus.APPROVED
        async with self.db.transaction() as session:
            session.add(
                KycSubmission(
                    user_id=user.id,
                    level=level,
                    status=status,
                    bvn=self.numbers.seal(number_context(user.id, "bvn"), bvn),
                    nin=self.numbers.seal(number_context(user.id, "nin"), nin),
                    comment=reason,
                    reviewed_at=utcnow(),
                )
            )
            if status == KycStatus.APPROVED:
                await session.execute(
                    update(User)
                    .where(User.id == user.id, User.kyc_level < level)
                    .values(kyc_level=level)
                )
        if reason:
            raise ValidationFailed(reason)
        async with self.db.transaction() as session:
            fresh = await session.get(User, user.id)
        assert fresh is not None
        return await self.status(fresh)

    async def submit_level_3(self, user: User, data: LevelIn) -> None:
        bvn, nin = self._numbers(data, need_both=False)
        missing = [
            {"field": f, "message": "This field is required"}
            for f, v in (
                ("utilityBill", data.utility_bill),
                ("validIdentificationCard", data.valid_identification_card),
            )
            if not v
        ]
        if missing:
            raise FieldErrors(missing)
        await self._check_open(user, 3)
        images: list[Upload] = [
            parse_data_url(
                value or "",
                allowed=IMAGES,
                max_bytes=MAX_IMAGE_BYTES,
                too_big="Each image must be at most 5MB",
                wrong_type="Only PNG and JPEG images are accepted",
                field=field,
            )
            for field, value in (
                ("utilityBill", data.utility_bill),
                ("validIdentificationCard", data.valid_identification_card),
            )
        ]
        bill_key = await self.store.put(images[0].content)
        card_key = await self.store.put(images[1].content)
        async with self.db.transaction() as session:
            session.add(
                KycSubmission(
                    user_id=user.id,
                    level=3,
                    status=KycStatus.PENDING,
                    bvn=self.numbers.seal(number_context(user.id, "bvn"), bvn),
                    nin=self.numbers.seal(number_context(user.id, "nin"), nin),
                    utility_bill_key=bill_key,
                    utility_bill_type=images[0].content_type,
                    id_card_key=card_key,
                    id_card_type=images[1].content_type,
                )
            )

    # -- back office --------------------------------------------------------------------
    async def pending_reviews(self) -> list[KycSubmission]:
        async with self.db.transaction() as session:
            return list(
                (
                    await session.scalars(
                        select(KycSubmission)
                        .where(KycSubmission.status == KycStatus.PENDING)
                        .order_by(KycSubmission.created_at)
                    )
                ).all()
            )

    async def review(
        self, submission_id: int, approve: bool, comment: str | None, reviewer: User | None = None
    ) -> None:
        if not approve and not (comment or "").strip():
            raise ValidationFailed("Give the customer a reason when declining", field="comment")
        async with self.db.transaction() as session:
            row = await session.get(KycSubmission, submission_id)
            if row is None or row.status != KycStatus.PENDING:
                raise NotFound("No pending KYC submission with this id")
            row.status = KycStatus.APPROVED if approve else KycStatus.DECLINED
            row.comment, row.reviewed_at = (comment or "").strip() or None, utcnow()
            record(
                session,
                Event.KYC_REVIEWED,
                user_id=row.user_id,
                actor_id=reviewer.id if reviewer else None,
                detail=f"level {row.level} {row.status}",
            )
            if approve:
                await session.execute(
                    update(User)
                    .where(User.id == row.user_id, User.kyc_level < row.level)
                    .values(kyc_level=row.level)
                )

    async def image(self, submission_id: int, which: str) -> str:
        async with self.db.transaction() as session:
            row = await session.get(KycSubmission, submission_id)
        key, kind = (
            (
                (row.utility_bill_key, row.utility_bill_type)
                if which == "utility-bill"
                else (row.id_card_key, row.id_card_type)
            )
            if row
            else (None, None)
        )
        if key is None or kind is None:
            raise NotFound("Document not found")
        return Upload(await self.store.get(key), kind).data_url()


def _level_status(level: int, passed: int, latest: KycSubmission | None) -> str | None:
    if level <= passed:
        return KycStatus.APPROVED
    return latest.status if latest is not None else None
