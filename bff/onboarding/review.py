"""Back-office review of onboarding: what waits, and approving or declining it."""

from __future__ import annotations

from sqlalchemy import or_, select

from bff.audit.events import Event
from bff.audit.service import record
from bff.core_client import CoreClient
from bff.db import Database, utcnow
from bff.errors import NotFound, ValidationFailed
from bff.notifications.notifier import Notifier
from bff.notifications.templates import plain_email
from bff.onboarding.models import OnboardingDocument, OnboardingProfile, ReviewStatus
from bff.onboarding.review_schemas import ApplicantOut, ReviewDocumentOut
from bff.onboarding.schemas import BasicProfile
from bff.onboarding.service import OnboardingService, complete_if_all_approved
from bff.onboarding.slots import SLOTS_BY_ID
from bff.schemas import ReviewIn
from bff.users.models import User

COMMENT_REQUIRED = "Give the customer a reason when declining"


class OnboardingReviewService:
    def __init__(
        self,
        db: Database,
        core: CoreClient,
        onboarding: OnboardingService,
        notifier: Notifier | None = None,
    ) -> None:
        self.db = db
        self.core = core
        self.onboarding = onboarding
        self.notifier = notifier or Notifier.simulator(db, core)

    async def pending(self) -> list[ApplicantOut]:
        """Applicants with a basic profile or a document waiting for review."""
        async with self.db.transaction() as session:
            profile_users = select(OnboardingProfile.user_id).where(
                OnboardingProfile.basic_profile_status == ReviewStatus.SUBMITTED
            )
            document_users = select(OnboardingDocument.user_id).where(
                OnboardingDocument.status == ReviewStatus.SUBMITTED
            )
            users = (
                await session.scalars(
                    select(User)
                    .where(or_(User.id.in_(profile_users), User.id.in_(document_users)))
                    .order_by(User.id)
                )
            ).all()
        return [await self.applicant(user.id) for user in users]

    async def applicant(self, user_id: int) -> ApplicantOut:
        async with self.db.transaction() as session:
            user = await session.get(User, user_id)
            if user is None:
                raise NotFound("Applicant not found")
            profile = await session.get(OnboardingProfile, user_id)
            documents = (
                await session.scalars(
                    select(OnboardingDocument)
                    .where(OnboardingDocument.user_id == user_id)
                    .order_by(OnboardingDocument.id)
                )
            ).all()
        return ApplicantOut(
            user_id=user.id,
            first_name=user.first_name,
            last_name=user.last_name,
            email=user.email,
            basic_profile=BasicProfile(
                first_name=profile.first_name,
                last_name=profile.last_name,
                email=user.email,
                phone_number=profile.phone_number,
                bvn=self.onboarding.profile_numbers(profile)[0],
                nin=self.onboarding.profile_numbers(profile)[1],
            )
            if profile
            else None,
            status=await self.onboarding.status(user),
            documents=[
                ReviewDocumentOut(
                    id=d.id,
                    document_type_id=d.slot_id,
                    document_name=SLOTS_BY_ID[d.slot_id].name,
                    description=d.description,
                    status=d.status,
                    verification_comment=d.verification_comment,
                    uploaded_at=d.uploaded_at,
                )
                for d in documents
            ],
        )

    async def review_profile(self, reviewer: User, user_id: int, review: ReviewIn) -> None:
        status, comment = _decision(review)
        async with self.db.transaction() as session:
            profile = await session.get(OnboardingProfile, user_id)
            if profile is None:
                raise NotFound("This applicant has not submitted a basic profile")
            profile.basic_profile_status, profile.basic_profile_comment = status, comment
            profile.reviewed_by = reviewer.id
            record(
                session,
                Event.ONBOARDING_REVIEWED,
                user_id=user_id,
                actor_id=reviewer.id,
                detail=f"basic profile {status}",
            )
            await complete_if_all_approved(session, user_id)
            user = await session.get(User, user_id)
        assert user is not None
        await self._tell(user, "basic profile", status, comment)

    async def review_document(self, reviewer: User, document_id: int, review: ReviewIn) -> None:
        status, comment = _decision(review)
        async with self.db.transaction() as session:
            document = await session.get(OnboardingDocument, document_id)
            if document is None:
                raise NotFound("Document not found")
            document.status, document.verification_comment = status, comment
            document.reviewed_at, document.reviewed_by = utcnow(), reviewer.id
            record(
                session,
                Event.ONBOARDING_REVIEWED,
                user_id=document.user_id,
                actor_id=reviewer.id,
                detail=f"{document.description} document {status}",
            )
            await complete_if_all_approved(session, document.user_id)
            user = await session.get(User, document.user_id)
            name = document.description
        assert user is not None
        await self._tell(user, f"{name} document", status, comment)

    async def download(self, document_id: int) -> str:
        async with self.db.transaction() as session:
            document = await session.get(OnboardingDocument, document_id)
            if document is None:
                raise NotFound("Document not found")
            user = await session.get(User, document.user_id)
        assert user is not None
        return await self.onboarding.download(user, document_id)

    async def _tell(self, user: User, what: str, status: str, comment: str | None) -> None:
        """E-mail the customer the outcome (through the outbox: a failed e-mail is retried
        and does not undo the review)."""
        if status == ReviewStatus.APPROVED:
            body = f"Hello {user.first_name},\n\nYour {what} was approved."
        else:
            body = (
                f"Hello {user.first_name},\n\nYour {what} was declined.\nReason: {comment}\n\n"
                "Sign in to Kobo to correct it."
            )
        await self.notifier.send([plain_email(user.email, f"Your Kobo {what} review", body)])


def _decision(review: ReviewIn) -> tuple[str, str | None]:
    comment = (review.comment or "").strip() or None
    if review.decision == "DECLINE":
        if comment is None:
            raise ValidationFailed(COMMENT_REQUIRED, field="comment")
        return ReviewStatus.DECLINED, comment
    return ReviewStatus.APPROVED, comment
