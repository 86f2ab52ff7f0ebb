"""The customer's data rights (NDPA 2023, ss. 34-38; docs/contract.md §14.6): the archive of
everything Kobo holds about them (asked for with a code or a passkey, built by the jobs
runner, sealed at rest, fetched once through a short-lived link, deleted after the keep
days), the record of processing, marketing consents with their log, and correction and
erasure requests (tracked tickets). The back office's side is bff/privacy/backoffice.py."""

from __future__ import annotations

import hashlib
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

import msgspec
from sqlalchemy import MetaData, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bff.audit.events import Event
from bff.audit.service import record
from bff.auth.codes import OneTimeCodes
from bff.banks import BANK_NAME
from bff.core_client import CoreClient
from bff.dates import REFERENCE_DAY, WAT, format_date
from bff.db import Database, utcnow
from bff.errors import Conflict, FieldErrors, NotFound, ValidationFailed
from bff.notifications.message import Message
from bff.notifications.notifier import Notifier
from bff.notifications.templates import branded_email, sms
from bff.passkeys.schemas import PasskeyAssertionIn
from bff.passkeys.service import Action, PasskeyApprovals, PasskeyService
from bff.privacy import archive, retention, summary
from bff.privacy.models import (
    ConsentChannel,
    ConsentEvent,
    DataExport,
    DataRequest,
    ExportStatus,
    RequestKind,
    RequestStatus,
)
from bff.privacy.record import CONTACT, CONTROLLER, FINANCIAL_RETENTION, RECORD, RIGHTS
from bff.privacy.schemas import (
    ConsentLogOut,
    ConsentsOut,
    DataRequestOut,
    ExportOut,
    ProcessingOut,
    RecordOut,
)
from bff.storage import EncryptedDocumentStore
from bff.storage.fields import SealedFields
from bff.tickets.service import TicketService
from bff.users.models import User

log = logging.getLogger(__name__)

EXPORT_CODE = "DATA_EXPORT"  # a code purpose
PREPARING = "We are preparing a copy of your data. We will e-mail you when it is ready to download."
ALREADY_PREPARING = (
    "We are already preparing a copy of your data. We will e-mail you when it is ready."
)
LINK_NOT_FOUND = "This download link is not valid"
LINK_USED = "This link has already been used. To download your data again, ask for a new copy."
LINK_EXPIRED = "This link has expired. To download your data, ask for a new copy."
ALERTS_NOTE = (
    "Alerts about money moving in or out of your accounts, codes and security notices are not "
    "marketing: we must send them, and they cannot be switched off."
)
CHOOSE_CHANNEL = "Choose text messages or e-mail"
CHOOSE_KIND = "Choose what you are asking for"
DETAILS_REQUIRED = "Tell us what to correct"
REQUEST_NOT_FOUND = "Request not found"
EXPORT_STATUS_LABELS = {
    ExportStatus.PREPARING: "Being prepared",
    ExportStatus.READY: "Ready to download",
    ExportStatus.DOWNLOADED: "Downloaded",
    ExportStatus.DELETED: "Deleted",
    ExportStatus.FAILED: "Could not be prepared",
}
CHANNEL_LABELS = {ConsentChannel.SMS: "Text messages", ConsentChannel.EMAIL: "E-mail"}
KIND_LABELS = {
    RequestKind.CORRECTION: "Correct my data",
    RequestKind.ERASURE: "Erase my data and close my profile",
}
REQUEST_STATUS_LABELS = {
    RequestStatus.RECEIVED: "Received",
    RequestStatus.DONE: "Done",
    RequestStatus.REJECTED: "Rejected",
}
# Letters and digits nobody confuses when reading them out (no 0/O, 1/I/L), as disputes'.
_TRACKING_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
EXPORT_LEASE = timedelta(minutes=10)
GIVE_UP_AFTER = timedelta(days=1)


@dataclass(frozen=True, slots=True)
class PrivacySettings:
    keep_days: int = 7
    link_hours: int = 24
    answer_days: int = 30
    public_url: str = "http://127.0.0.1:8000"


def export_action(user_id: int) -> Action:
    """What a passkey approves: a copy of this customer's data."""
    return Action(key=f"{EXPORT_CODE}:{user_id}", text=f"{EXPORT_CODE}\n{user_id}")


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_tracking_number(now: datetime) -> str:
    tail = "".join(secrets.choice(_TRACKING_ALPHABET) for _ in range(6))
    return f"KOBO-DRQ-{format_date(now, REFERENCE_DAY)}-{tail}"


def record_out() -> RecordOut:
    return RecordOut(
        controller=CONTROLLER,
        contact=CONTACT,
        rights=RIGHTS,
        retention=f"Financial records are kept for {FINANCIAL_RETENTION}.",
        processing=[
            ProcessingOut(
                what=p.what,
                why=p.why,
                legal_basis=p.legal_basis,
                kept_for=p.kept_for,
                recipients=list(p.recipients),
                erased_on_request=p.erased_on_request,
            )
            for p in RECORD
        ],
    )


def export_out(row: DataExport) -> ExportOut:
    def iso(moment: datetime | None) -> str | None:
        return moment.isoformat() if moment else None

    return ExportOut(
        id=row.id,
        status=row.status,
        status_label=EXPORT_STATUS_LABELS[row.status],
        requested_at=row.requested_at.isoformat(),
        ready_at=iso(row.ready_at),
        link_expires_at=iso(row.link_expires_at),
        delete_after=iso(row.delete_after),
    )


def request_out(row: DataRequest, now: datetime) -> DataRequestOut:
    return DataRequestOut(
        tracking_number=row.tracking_number,
        kind=row.kind,
        kind_label=KIND_LABELS[row.kind],
        status=row.status,
        status_label=REQUEST_STATUS_LABELS[row.status],
        details=row.details,
        created_at=row.created_at.isoformat(),
        answer_by=format_date(row.due_at, WAT),
        answer_by_utc=row.due_at.isoformat(),
        past_deadline=row.status == RequestStatus.RECEIVED and row.due_at < now,
        answer=row.answer,
        ticket_id=row.ticket_id,
    )


class PrivacyService(PasskeyApprovals):
    def __init__(
        self,
        db: Database,
        settings: PrivacySettings,
        codes: OneTimeCodes,
        notifier: Notifier,
        store: EncryptedDocumentStore,
        numbers: SealedFields,
        core: CoreClient,
        tickets: TicketService,
        metadata: MetaData,
        passkeys: PasskeyService | None = None,
    ) -> None:
        """`metadata`: the whole schema's (bff/models.py imports every table), which the
        archive walks."""
        self.db = db
        self.metadata = metadata
        self.settings = settings
        self.codes = codes
        self.notifier = notifier
        self.store = store
        self.numbers = numbers
        self.core = core
        self.tickets = tickets
        self.passkeys = passkeys
        # The time every rule here reads (tests pin it).
        self.clock: Callable[[], datetime] = utcnow

    # -- the archive: asked for with a code or a passkey ----------------------------------
    async def _refuse_second(self, user: User, now: datetime) -> None:
        async with self.db.autocommit() as session:
            waiting = await session.scalar(
                select(DataExport.id).where(
                    DataExport.user_id == user.id, DataExport.status == ExportStatus.PREPARING
                )
            )
        if waiting is not None:
            raise Conflict(ALREADY_PREPARING)

    async def send_export_code(self, user: User, now: datetime | None = None) -> str:
        await self._refuse_second(user, now or self.clock())
        return await self.codes.ask_to_confirm(user, EXPORT_CODE)

    async def export_options(self, user: User) -> dict[str, object]:
        return await self._passkeys().approval_options(user.id, export_action(user.id))

    async def request_export(
        self,
        user: User,
        otp: str | None,
        passkey: PasskeyAssertionIn | None,
        now: datetime | None = None,
    ) -> DataExport:
        """With the code, or a passkey's approval of this very request: a row the jobs
        runner turns into the archive (bff/jobs/runner.py `prepare_data_exports`)."""
        now = now or self.clock()
        await self._refuse_second(user, now)
        if passkey is None:
            if not otp:
                raise ValidationFailed("This field is required", field="otp")
            await self.codes.consume(user.id, EXPORT_CODE, otp)
        async with self.db.transaction() as session:
            if passkey is not None:
                await self._passkeys().approve_in(session, user.id, export_action(user.id), passkey)
            row = DataExport(user_id=user.id, status=ExportStatus.PREPARING, requested_at=now)
            session.add(row)
            await session.flush()
            record(session, Event.DATA_EXPORT_ASKED, user_id=user.id, actor_id=user.id)
        return row

    async def exports_of(self, user: User) -> list[ExportOut]:
        async with self.db.autocommit() as session:
            rows = (
                await session.scalars(
                    select(DataExport)
                    .where(DataExport.user_id == user.id)
                    .order_by(DataExport.requested_at.desc(), DataExport.id.desc())
                    .limit(20)
                )
            ).all()
        return [export_out(row) for row in rows]

    # -- the archive: built in the background ---------------------------------------------
    async def prepare_due(self, now: datetime | None = None) -> int:
        """Builds every archive asked for and not yet built (each under a lease, so two
        processes never build one twice); returns how many were built."""
        now = now or self.clock()
        async with self.db.autocommit() as session:
            waiting = (
                await session.scalars(
                    select(DataExport.id)
                    .where(
                        DataExport.status == ExportStatus.PREPARING,
                        or_(DataExport.lease_until.is_(None), DataExport.lease_until < now),
                    )
                    .order_by(DataExport.id)
                    .limit(5)
                )
            ).all()
        built = 0
        for export_id in waiting:
            async with self.db.autocommit() as session:
                claimed = await session.execute(
                    update(DataExport)
                    .where(
                        DataExport.id == export_id,
                        DataExport.status == ExportStatus.PREPARING,
                        or_(DataExport.lease_until.is_(None), DataExport.lease_until < now),
                    )
                    .values(lease_until=now + EXPORT_LEASE)
                )
            if claimed.rowcount != 1:  # type: ignore[attr-defined]
                continue
            try:
                await self.build(export_id, now)
                built += 1
            except Exception:  # the lease runs out and the next pass tries again ...
                log.exception("data archive %s could not be built", export_id)
                await self._give_up_if_old(export_id, now)
        return built

    async def _give_up_if_old(self, export_id: int, now: datetime) -> None:
        """... for a day; then the copy is FAILED (`Could not be prepared`), so the customer
        may ask again."""
        async with self.db.autocommit() as session:
            await session.execute(
                update(DataExport)
                .where(
                    DataExport.id == export_id,
                    DataExport.status == ExportStatus.PREPARING,
                    DataExport.requested_at < now - GIVE_UP_AFTER,
                )
                .values(status=ExportStatus.FAILED, lease_until=None)
            )

    async def archive_of(self, user: User, now: datetime) -> bytes:
        """The customer's archive as a zip (data.json, schema.json, summary.pdf, files/)."""
        owner = archive.Owner(user.id, user.email, user.phone_number, user.customer_id)
        async with self.db.reader() as session:
            gathered = await archive.gather(
                session, self.metadata, owner, self.numbers, self.store.get
            )
        lines = 0
        if user.customer_id:
            gathered.core, lines = await self._core_part(user.customer_id)
        name = f"{user.first_name} {user.last_name}"
        pdf = summary.render(name, now, gathered.tables, len(gathered.files), lines)
        data = archive.document(gathered, owner, now, self.metadata)
        return archive.pack(data, archive.schema_of(self.metadata), gathered.files, pdf)

    async def _core_part(self, customer_id: str) -> tuple[dict[str, object], int]:
        """The customer as the core keeps them: profile, accounts, every ledger line."""
        customer = await self.core.customer(customer_id)
        accounts = await self.core.customer_accounts(customer_id)
        lines = {
            account.account_number: msgspec.to_builtins(
                await self.core.statement(account.account_number, limit=20_000)
            )
            for account in accounts
        }
        part = {
            "customer": msgspec.to_builtins(customer),
            "accounts": msgspec.to_builtins(accounts),
            "lines": lines,
        }
        return part, sum(len(v) for v in lines.values())

    async def build(self, export_id: int, now: datetime) -> None:
        async with self.db.autocommit() as session:
            row = await session.get(DataExport, export_id)
            assert row is not None
            user = await session.get(User, row.user_id)
            assert user is not None
        content = await self.archive_of(user, now)
        key = await self.store.put(content)  # sealed at rest, as documents are
        token = secrets.token_urlsafe(32)
        async with self.db.transaction() as session:
            await session.execute(
                update(DataExport)
                .where(DataExport.id == export_id)
                .values(
                    status=ExportStatus.READY,
                    storage_key=key,
                    size_bytes=len(content),
                    ready_at=now,
                    token_hash=token_digest(token),
                    link_expires_at=now + timedelta(hours=self.settings.link_hours),
                    delete_after=now + timedelta(days=self.settings.keep_days),
                    lease_until=None,
                )
            )
        # The link carries a secret: sent at once, never kept in the outbox (as reset links).
        try:
            await self.notifier.send_now(self._ready_email(user, export_id, token, now))
        except Exception:
            log.exception("the e-mail for data archive %s could not be sent", export_id)

    def _ready_email(self, user: User, export_id: int, token: str, now: datetime) -> Message:
        base = f"{self.settings.public_url}/settings?tab=your-data"
        link = f"{base}&export={export_id}&token={token}"
        expires = now + timedelta(hours=self.settings.link_hours)
        return branded_email(
            user.email,
            "Your Kobo data is ready to download",
            "Your data is ready",
            [
                f"Hello {user.first_name}, the copy of your data you asked for is ready.",
                f"Download it here (sign in first): {link}",
                f"The link works once, until {format_date(expires, WAT)}. We delete the copy "
                f"{self.settings.keep_days} days after we prepared it.",
                "If you did not ask for it, contact Kobo customer service at once and change "
                "your password.",
            ],
        )

    async def download(
        self, user: User, export_id: int, token: str, now: datetime | None = None
    ) -> bytes:
        """The archive, once: the link's secret is checked and used up together; a second
        use, or one after the link's hours, is refused."""
        now = now or self.clock()
        async with self.db.autocommit() as session:
            row = await session.get(DataExport, export_id)
        if row is None or row.user_id != user.id or row.token_hash is None:
            raise NotFound(LINK_NOT_FOUND)
        if not secrets.compare_digest(row.token_hash, token_digest(token)):
            raise NotFound(LINK_NOT_FOUND)
        if row.downloaded_at is not None or row.status != ExportStatus.READY:
            raise Conflict(LINK_USED if row.downloaded_at else LINK_EXPIRED)
        if row.link_expires_at is None or row.link_expires_at <= now or row.storage_key is None:
            raise Conflict(LINK_EXPIRED)
        content = await self.store.get(row.storage_key)
        async with self.db.transaction() as session:
            used = await session.execute(
                update(DataExport)
                .where(
                    DataExport.id == export_id,
                    DataExport.status == ExportStatus.READY,
                    DataExport.downloaded_at.is_(None),
                )
                .values(status=ExportStatus.DOWNLOADED, downloaded_at=now)
            )
            if used.rowcount != 1:  # type: ignore[attr-defined]
                raise Conflict(LINK_USED)  # another request used it just now
            record(session, Event.DATA_DOWNLOADED, user_id=user.id, actor_id=user.id)
        return content

    async def delete_expired(self, now: datetime | None = None) -> int:
        """Archives past their keep days: the sealed file forgotten, the row kept (it says
        when the customer asked and when it was deleted)."""
        now = now or self.clock()
        async with self.db.autocommit() as session:
            due = (
                await session.scalars(
                    select(DataExport).where(
                        DataExport.delete_after <= now, DataExport.deleted_at.is_(None)
                    )
                )
            ).all()
        for row in due:
            if row.storage_key:
                await self.store.forget(row.storage_key)
            async with self.db.autocommit() as session:
                await session.execute(
                    update(DataExport)
                    .where(DataExport.id == row.id)
                    .values(
                        storage_key=None,
                        token_hash=None,
                        deleted_at=now,
                        status=ExportStatus.DELETED,
                    )
                )
        return len(due)

    async def delete_past_retention(self, now: datetime | None = None) -> int:
        """Closed profiles whose retention has ended: everything this BFF held about each
        deleted (bff/privacy/retention.py), one profile per transaction; one that fails is
        logged and tried again on the next pass. Answers how many were deleted."""
        now = now or self.clock()
        async with self.db.autocommit() as session:
            due = (await session.scalars(retention.past_retention(now))).all()
        deleted = 0
        for user in due:
            try:
                async with self.db.transaction() as session:
                    forget = await retention.delete_records_in(session, self.metadata, user)
            except Exception:
                log.exception("could not delete the records of closed profile %s", user.id)
                continue
            for key in forget:
                await self.store.forget(key)
            log.info("deleted the records of profile %s: its retention ended", user.id)
            deleted += 1
        return deleted

    # -- consents ------------------------------------------------------------------------
    async def consents(self, user: User) -> ConsentsOut:
        async with self.db.autocommit() as session:
            events = (
                await session.scalars(
                    select(ConsentEvent)
                    .where(ConsentEvent.user_id == user.id)
                    .order_by(ConsentEvent.at.desc(), ConsentEvent.id.desc())
                )
            ).all()
        state = {ConsentChannel.SMS: False, ConsentChannel.EMAIL: False}
        for event in reversed(events):
            state[event.channel] = event.given
        return ConsentsOut(
            marketing_sms=state[ConsentChannel.SMS],
            marketing_email=state[ConsentChannel.EMAIL],
            alerts_note=ALERTS_NOTE,
            log=[
                ConsentLogOut(
                    channel=e.channel,
                    channel_label=CHANNEL_LABELS[e.channel],
                    given=e.given,
                    at=e.at.isoformat(),
                )
                for e in events
            ],
        )

    async def set_consent(
        self, user: User, channel: str, given: bool, now: datetime | None = None
    ) -> ConsentsOut:
        """Logged with its time when it changes what is in force (a repeat changes nothing)."""
        channel = channel.strip().upper()
        if channel not in CHANNEL_LABELS:
            raise ValidationFailed(CHOOSE_CHANNEL, field="channel")
        current = await self.consents(user)
        in_force = (
            current.marketing_sms if channel == ConsentChannel.SMS else current.marketing_email
        )
        if in_force != given:
            async with self.db.transaction() as session:
                session.add(
                    ConsentEvent(
                        user_id=user.id, channel=channel, given=given, at=now or self.clock()
                    )
                )
        return await self.consents(user)

    # -- correction and erasure requests -------------------------------------------------
    async def open_request(
        self, user: User, kind: str | None, details: str | None, now: datetime | None = None
    ) -> DataRequestOut:
        now = now or self.clock()
        kind = (kind or "").strip().upper()
        text = (details or "").strip()
        errors = []
        if kind not in KIND_LABELS:
            errors.append({"field": "kind", "message": CHOOSE_KIND})
        elif kind == RequestKind.CORRECTION and not text:
            errors.append({"field": "details", "message": DETAILS_REQUIRED})
        if errors:
            raise FieldErrors(errors)
        async with self.db.autocommit() as session:
            open_one = await session.scalar(
                select(DataRequest).where(
                    DataRequest.user_id == user.id,
                    DataRequest.kind == kind,
                    DataRequest.status == RequestStatus.RECEIVED,
                )
            )
        if open_one is not None:
            raise Conflict(
                f"You already have a request like this open ({open_one.tracking_number}). "
                f"We will answer by {format_date(open_one.due_at, WAT)}."
            )
        label = KIND_LABELS[kind]
        async with self.db.transaction() as session:
            ticket = await self.tickets.open_in(session, user, label, text or label, [], [])
            row = DataRequest(
                tracking_number=new_tracking_number(now),
                user_id=user.id,
                ticket_id=ticket.id,
                kind=kind,
                details=text,
                status=RequestStatus.RECEIVED,
                due_at=now + timedelta(days=self.settings.answer_days),
                created_at=now,
            )
            session.add(row)
            await session.flush()
            recorded = await self.notifier.record(session, acknowledgement(user, row))
        await self.notifier.deliver(recorded)
        return request_out(row, now)

    async def requests_of(self, user: User, now: datetime | None = None) -> list[DataRequestOut]:
        async with self.db.autocommit() as session:
            rows = (
                await session.scalars(
                    select(DataRequest)
                    .where(DataRequest.user_id == user.id)
                    .order_by(DataRequest.created_at.desc(), DataRequest.id.desc())
                )
            ).all()
        return [request_out(row, now or self.clock()) for row in rows]

    async def request_in(self, session: AsyncSession, tracking_number: str) -> DataRequest:
        row = await session.scalar(
            select(DataRequest).where(
                DataRequest.tracking_number == tracking_number.strip().upper()
            )
        )
        if row is None:
            raise NotFound(REQUEST_NOT_FOUND)
        return row


def acknowledgement(user: User, row: DataRequest) -> list[Message]:
    number, label, due = row.tracking_number, KIND_LABELS[row.kind], format_date(row.due_at, WAT)
    messages = [
        branded_email(
            user.email,
            f"We received your request {number}",
            "We received your request",
            [
                f"We received your request: {label.lower()}.",
                f"We will answer by {due}. Quote {number} whenever you contact us.",
            ],
            [("Tracking number", number), ("Request", label), ("Answer by", due)],
        )
    ]
    if user.phone_number:
        messages.append(
            sms(
                user.phone_number,
                f"Kobo: we received your request {number}. We will answer by {due}.",
            )
        )
    return messages


def told(user: User, subject: str, text: str) -> list[Message]:
    """The customer told of an answer to their request, by e-mail and SMS."""
    messages = [branded_email(user.email, subject, subject, [text, BANK_NAME])]
    if user.phone_number:
        messages.append(sms(user.phone_number, f"Kobo: {text}"))
    return messages
