"""Onboarding rules: basic profile with BVN/NIN checks, documents, review statuses, completion.

Four sections must all be APPROVED for onboarding to be complete: BASIC_PROFILE and
DOCUMENT_VERIFICATION (reviewed by back-office staff, bff/onboarding/review.py),
BVN_VERIFICATION and NIN_VERIFICATION (checked against the identity registry automatically). A
check that could not reach the registry stays SUBMITTED and is retried when the status is next
read.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bff.config import Settings
from bff.core_client import CoreClient, CoreIdentity, CoreRefused, CoreUnavailable
from bff.db import Database, utcnow
from bff.errors import (
    AppError,
    Conflict,
    FieldErrors,
    NotFound,
    ServiceUnavailable,
    ValidationFailed,
)
from bff.liveness.models import LivenessCheck, LivenessReason, LivenessStatus
from bff.liveness.schemas import LivenessOut
from bff.liveness.service import LivenessService
from bff.onboarding.models import OnboardingDocument, OnboardingProfile, ReviewStatus
from bff.onboarding.schemas import (
    BasicProfile,
    BasicProfileIn,
    DocumentOut,
    DocumentTypeOut,
    DocumentUploadIn,
    OnboardingStatusOut,
)
from bff.onboarding.slots import PASSPORT_DESCRIPTION, SLOTS, SLOTS_BY_ID
from bff.schemas import camel_case
from bff.security.uploads import IMAGES, Upload, parse_data_url
from bff.storage import DocumentStore
from bff.storage.fields import SealedFields
from bff.users.models import User

log = logging.getLogger(__name__)

MAX_DOCUMENT_BYTES = 2 * 1024 * 1024
TOO_BIG = "File size exceeds 2MB limit"
NOT_AN_IMAGE = "Only PNG and JPEG images are accepted"
CHOOSE_TYPE = "Please select a valid document type before uploading."
CORE_DOWN = "We could not reach the bank right now. Please try again shortly."
PROFILE_LOCKED = "Your basic profile has been approved and can no longer be changed."
DOCUMENT_LOCKED = "This document has been approved and can no longer be changed."
ONBOARDING_COMPLETE = "Your onboarding is complete. These details can no longer be changed here."
PROFILE_FIRST = "Save your basic profile first: the selfie is matched to its BVN."
UNDER_REVIEW = (
    "Your onboarding is being reviewed. You can change it again if a section is declined."
)

APPROVED = ReviewStatus.APPROVED
DECLINED = ReviewStatus.DECLINED
SUBMITTED = ReviewStatus.SUBMITTED


@dataclass(frozen=True, slots=True)
class IdentityVerdict:
    status: str
    comment: str | None


def number_context(user_id: int, kind: str) -> str:
    """What a sealed BVN or NIN is bound to: its table, owner and field."""
    return f"onboarding_profiles:{user_id}:{kind}"


def _names(*parts: str) -> set[str]:
    return {p.lower() for part in parts for p in re.split(r"[\s-]+", part.strip()) if p}


class OnboardingService:
    def __init__(
        self,
        db: Database,
        settings: Settings,
        core: CoreClient,
        store: DocumentStore,
        liveness: LivenessService,
    ) -> None:
        self.db = db
        self.liveness = liveness
        self.settings = settings
        self.core = core
        self.store = store
        # BVN and NIN are sealed in their columns (docs/security.md, "Identity numbers").
        self.numbers = SealedFields(settings.storage.keys)

    def profile_numbers(self, row: OnboardingProfile) -> tuple[str, str]:
        """The profile's BVN and NIN, unsealed."""
        return (
            self.numbers.open(number_context(row.user_id, "bvn"), row.bvn) or "",
            self.numbers.open(number_context(row.user_id, "nin"), row.nin) or "",
        )

    # -- basic profile ------------------------------------------------------------------
    async def basic_profile(self, user: User) -> BasicProfile:
        async with self.db.transaction() as session:
            row = await session.get(OnboardingProfile, user.id)
        if row is not None:
            bvn, nin = self.profile_numbers(row)
            return BasicProfile(
                first_name=row.first_name,
                last_name=row.last_name,
                email=user.email,
                phone_number=row.phone_number,
                bvn=bvn,
                nin=nin,
            )
        bvn = nin = ""
        if user.customer_id:
            try:
                customer = await self.core.customer(user.customer_id)
                bvn, nin = customer.bvn or "", customer.nin or ""
            except CoreUnavailable:
                pass  # the form simply starts emptier
        return BasicProfile(
            first_name=user.first_name,
            last_name=user.last_name,
            email=user.email,
            phone_number=user.phone_number or "",
            bvn=bvn,
            nin=nin,
        )

    async def save_basic_profile(self, user: User, data: BasicProfileIn) -> None:
        async with self.db.transaction() as session:
            await refuse_if_closed(session, user.id)
        values = {
            "first_name": (data.first_name or "").strip(),
            "last_name": (data.last_name or "").strip(),
            "phone_number": (data.phone_number or "").strip(),
            "bvn": (data.bvn or "").strip(),
            "nin": (data.nin or "").strip(),
        }
        errors = [
            {"field": camel_case(name), "message": "This field is required"}
            for name, value in values.items()
            if not value
        ]
        formats = {"phone_number": "Phone number", "bvn": "BVN", "nin": "NIN"}
        for name, label in formats.items():
            if values[name] and not re.fullmatch(r"\d{11}", values[name]):
                errors.append({"field": camel_case(name), "message": f"{label} must be 11 digits"})
        if errors:
            raise FieldErrors(errors)
        async with self.db.transaction() as session:
            await refuse_if_closed(session, user.id)  # again: a review may have ended meanwhile
            row = await session.get(OnboardingProfile, user.id)
            if (
                row is not None
                and row.basic_profile_status == APPROVED
                and (row.first_name, row.last_name, row.phone_number, *self.profile_numbers(row))
                != tuple(values.values())
            ):
                raise Conflict(PROFILE_LOCKED)
            stored = {
                **values,
                "bvn": self.numbers.seal(number_context(user.id, "bvn"), values["bvn"]),
                "nin": self.numbers.seal(number_context(user.id, "nin"), values["nin"]),
            }
            if row is None:
                row = OnboardingProfile(user_id=user.id, **stored)
                session.add(row)
            else:
                for name, value in stored.items():
                    setattr(row, name, value)
            if row.basic_profile_status != APPROVED:
                row.basic_profile_status = (
                    APPROVED if self.settings.auto_approve_reviews else SUBMITTED
                )
                row.basic_profile_comment = None
            row.bvn_status, row.bvn_comment = SUBMITTED, None
            row.nin_status, row.nin_comment = SUBMITTED, None
            row.updated_at = utcnow()
        await self._check_identity(user)

    async def _check_identity(self, user: User) -> None:
        """Compare BVN and NIN records with the profile (and the core customer, if any)."""
        async with self.db.transaction() as session:
            row = await session.get(OnboardingProfile, user.id)
        if row is None:
            return
        customer = None
        if user.customer_id:
            try:
                customer = await self.core.customer(user.customer_id)
            except CoreUnavailable:
                return  # stays SUBMITTED; retried on the next status read
        verdicts: dict[str, IdentityVerdict] = {}
        numbers = dict(zip(("bvn", "nin"), self.profile_numbers(row), strict=True))
        for kind, number in numbers.items():
            if getattr(row, f"{kind}_status") != SUBMITTED:
                continue
            label = kind.upper()
            try:
                lookup = self.core.identity_by_bvn if kind == "bvn" else self.core.identity_by_nin
                record = await lookup(number)
            except CoreUnavailable:
                continue
            except CoreRefused:
                verdicts[kind] = IdentityVerdict(
                    DECLINED, f"We could not find this {label}. Check the number and try again."
                )
                continue
            verdicts[kind] = _judge(label, record, row, customer, number)
        if not verdicts:
            return
        async with self.db.transaction() as session:
            fresh = await session.get(OnboardingProfile, user.id)
            assert fresh is not None
            for kind, verdict in verdicts.items():
                setattr(fresh, f"{kind}_status", verdict.status)
                setattr(fresh, f"{kind}_comment", verdict.comment)
            await complete_if_all_approved(session, user.id)

    # -- statuses -----------------------------------------------------------------------
    async def status(self, user: User) -> OnboardingStatusOut:
        async with self.db.transaction() as session:
            row = await session.get(OnboardingProfile, user.id)
        if row is not None and SUBMITTED in (row.bvn_status, row.nin_status):
            await self._check_identity(user)
        if not user.onboarding_complete:  # a person may have approved the selfie since
            async with self.db.transaction() as session:
                await complete_if_all_approved(session, user.id)
        async with self.db.transaction() as session:
            row = await session.get(OnboardingProfile, user.id)
            documents = await _documents(session, user.id)
            fresh_user = await session.get(User, user.id)
        document_status, document_comment = document_section(documents)
        return OnboardingStatusOut(
            basic_profile_status=row.basic_profile_status if row else None,
            basic_profile_comment=row.basic_profile_comment if row else None,
            document_status=document_status,
            document_comment=document_comment,
            bvn_status=row.bvn_status if row else None,
            bvn_comment=row.bvn_comment if row else None,
            nin_status=row.nin_status if row else None,
            nin_comment=row.nin_comment if row else None,
            onboarding_complete=bool(fresh_user and fresh_user.onboarding_complete),
            liveness_status=await self._liveness_status(user.id),
        )

    # -- liveness (a section of its own: a selfie matched to the BVN photo) ---------------
    async def _liveness_status(self, user_id: int) -> str:
        return (await self.liveness.state(user_id, LivenessStatus.REQUIRED)).status

    async def liveness_state(self, user: User) -> LivenessOut:
        return await self.liveness.state(user.id, LivenessStatus.REQUIRED)

    async def submit_selfie(self, user: User, image: str | None) -> LivenessOut:
        """Matched against the BVN of the basic profile; a pass may complete onboarding."""
        async with self.db.transaction() as session:
            await refuse_if_completed(session, user.id)
            row = await session.get(OnboardingProfile, user.id)
        if row is None:
            raise Conflict(PROFILE_FIRST)
        bvn, _ = self.profile_numbers(row)
        state = await self.liveness.submit(user, LivenessReason.ONBOARDING, "BVN", bvn, image)
        if state.status == LivenessStatus.PASSED:
            async with self.db.transaction() as session:
                await complete_if_all_approved(session, user.id)
        return state

    # -- documents ----------------------------------------------------------------------
    async def document_types(self) -> list[DocumentTypeOut]:
        try:
            types = await self.core.document_types()
        except CoreUnavailable as exc:
            raise ServiceUnavailable(CORE_DOWN) from exc
        return [DocumentTypeOut(core_banking_id=t.id, name=t.name) for t in types]

    async def documents(self, user: User) -> list[DocumentOut]:
        async with self.db.transaction() as session:
            uploaded = {d.slot_id: d for d in await _documents(session, user.id)}
        return [document_out(slot.id, uploaded.get(slot.id)) for slot in SLOTS]

    async def upload(self, user: User, data: DocumentUploadIn) -> DocumentOut:
        async with self.db.transaction() as session:
            await refuse_if_closed(session, user.id)  # before the file is stored
        slot = SLOTS_BY_ID.get(data.document_type_id)
        if slot is None:
            raise ValidationFailed(CHOOSE_TYPE, field="documentTypeId")
        description = PASSPORT_DESCRIPTION
        if slot.needs_type:
            types = {t.core_banking_id: t.name for t in await self.document_types()}
            if data.core_banking_document_type_id not in types:
                raise ValidationFailed(CHOOSE_TYPE, field="coreBankingDocumentTypeId")
            description = types[data.core_banking_document_type_id]
        upload: Upload = parse_data_url(
            data.content,
            allowed=IMAGES,
            max_bytes=MAX_DOCUMENT_BYTES,
            too_big=TOO_BIG,
            wrong_type=NOT_AN_IMAGE,
        )
        key = await self.store.put(upload.content)
        replaced: str | None = None
        try:
            async with self.db.transaction() as session:
                await refuse_if_closed(session, user.id)
                current = {d.slot_id: d for d in await _documents(session, user.id)}.get(slot.id)
                if current is not None and current.status == APPROVED:
                    raise Conflict(DOCUMENT_LOCKED)
                if current is not None:
                    replaced = current.storage_key
                    await session.delete(current)
                document = OnboardingDocument(
                    user_id=user.id,
                    slot_id=slot.id,
                    core_document_type_id=data.core_banking_document_type_id
                    if slot.needs_type
                    else None,
                    description=description,
                    storage_key=key,
                    content_type=upload.content_type,
                    size_bytes=len(upload.content),
                    status=APPROVED if self.settings.auto_approve_reviews else SUBMITTED,
                )
                session.add(document)
                await session.flush()
                await complete_if_all_approved(session, user.id)
        except AppError:
            # Refused before anything was committed: no row refers to the new file. (Not on
            # any error: a commit whose answer was lost may have kept the row.)
            await self.store.forget(key)
            raise
        if replaced is not None:
            await self.store.forget(replaced)  # a draft never approved: not a KYC record yet
        return document_out(slot.id, document)

    async def _own_document(
        self, session: AsyncSession, user: User, document_id: int
    ) -> OnboardingDocument:
        document = await session.get(OnboardingDocument, document_id)
        if document is None or document.user_id != user.id:
            raise NotFound("Document not found")
        return document

    async def download(self, user: User, document_id: int) -> str:
        async with self.db.transaction() as session:
            document = await self._own_document(session, user, document_id)
        content = await self.store.get(document.storage_key)
        return Upload(content=content, content_type=document.content_type).data_url()

    async def delete(self, user: User, document_id: int) -> None:
        async with self.db.transaction() as session:
            document = await self._own_document(session, user, document_id)
            await refuse_if_closed(session, user.id)
            if document.status == APPROVED:
                raise Conflict(DOCUMENT_LOCKED)
            await session.delete(document)
        await self.store.forget(document.storage_key)


def _judge(
    label: str, record: CoreIdentity, row: OnboardingProfile, customer: object | None, number: str
) -> IdentityVerdict:
    if _names(record.first_name, record.last_name) != _names(row.first_name, row.last_name):
        return IdentityVerdict(
            DECLINED, f"The name on this {label} does not match the name in your profile."
        )
    born = getattr(customer, "date_of_birth", None)
    if born is not None and born != record.date_of_birth:
        return IdentityVerdict(
            DECLINED, f"The date of birth on this {label} does not match our records."
        )
    on_file = getattr(customer, label.lower(), None)
    if on_file and on_file != number:
        return IdentityVerdict(DECLINED, f"This {label} is not the one on your bank account.")
    return IdentityVerdict(APPROVED, None)


async def _documents(session: AsyncSession, user_id: int) -> list[OnboardingDocument]:
    rows = await session.scalars(
        select(OnboardingDocument)
        .where(OnboardingDocument.user_id == user_id)
        .order_by(OnboardingDocument.id)
    )
    return list(rows.all())


def document_out(slot_id: int, document: OnboardingDocument | None) -> DocumentOut:
    slot = SLOTS_BY_ID[slot_id]
    return DocumentOut(
        id=document.id if document else None,
        document_type_id=slot.id,
        document_name=slot.name,
        description=document.description if document else None,
        mandatory=slot.mandatory,
        uploaded=document is not None,
        status=document.status if document else None,
        verification_comment=document.verification_comment if document else None,
    )


def document_section(documents: list[OnboardingDocument]) -> tuple[str | None, str | None]:
    """The DOCUMENT_VERIFICATION section's status, derived from the documents."""
    declined = [d for d in documents if d.status == DECLINED]
    if declined:
        return DECLINED, declined[0].verification_comment
    uploaded = {d.slot_id for d in documents}
    if not all(slot.id in uploaded for slot in SLOTS if slot.mandatory):
        return None, None
    if all(d.status == APPROVED for d in documents):
        return APPROVED, None
    return SUBMITTED, None


async def refuse_if_completed(session: AsyncSession, user_id: int) -> None:
    user = await session.get(User, user_id)
    if user is not None and user.onboarding_complete:
        raise Conflict(ONBOARDING_COMPLETE)


async def refuse_if_closed(session: AsyncSession, user_id: int) -> None:
    """Onboarding steps are for a customer still onboarding: once it is complete, or while
    every section is with the reviewers (all have a status, none declined), a step would
    only put approved or reviewed sections back to SUBMITTED. 409, and nothing changes."""
    user = await session.get(User, user_id)
    if user is not None and user.onboarding_complete:
        raise Conflict(ONBOARDING_COMPLETE)
    row = await session.get(OnboardingProfile, user_id)
    if row is None:
        return
    document_status, _ = document_section(await _documents(session, user_id))
    sections = (row.basic_profile_status, document_status, row.bvn_status, row.nin_status)
    if None not in sections and DECLINED not in sections:
        raise Conflict(UNDER_REVIEW)


async def complete_if_all_approved(session: AsyncSession, user_id: int) -> bool:
    """Marks the user's onboarding complete once all four sections are APPROVED and the
    selfie has passed (bff/liveness)."""
    await session.flush()
    row = await session.get(OnboardingProfile, user_id)
    document_status, _ = document_section(await _documents(session, user_id))
    selfie = await session.get(LivenessCheck, user_id)
    done = (
        row is not None
        and row.basic_profile_status == APPROVED
        and row.bvn_status == APPROVED
        and row.nin_status == APPROVED
        and document_status == APPROVED
        and selfie is not None
        and selfie.status == LivenessStatus.PASSED
    )
    if done:
        user = await session.get(User, user_id)
        assert user is not None
        user.onboarding_complete = True
    return done
