"""The customer's data rights (NDPA 2023, ss. 34-38): archives of their data, the marketing
consents they gave or withdrew, and their correction and erasure requests."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from bff.db import Base, UTCDateTime, utcnow


class ExportStatus:
    PREPARING = "PREPARING"  # asked for with a code or passkey; the jobs runner builds it
    READY = "READY"  # sealed in the document store; the e-mail with its link went out
    DOWNLOADED = "DOWNLOADED"  # the link was used (once)
    DELETED = "DELETED"  # its file forgotten after the keep days
    FAILED = "FAILED"  # the pass could not build it (the customer is told to ask again)


class DataExport(Base):
    __tablename__ = "data_exports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    status: Mapped[str] = mapped_column(String(10), default=ExportStatus.PREPARING, index=True)
    requested_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    # The pass that builds it holds it until then (another process leaves it alone).
    lease_until: Mapped[datetime | None] = mapped_column(UTCDateTime)
    ready_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # The sealed archive in the document store (bff/storage), None once deleted.
    storage_key: Mapped[str | None] = mapped_column(String(64))
    size_bytes: Mapped[int | None] = mapped_column(Integer)
    # SHA-256 of the link's secret: the link works once, before `link_expires_at`.
    token_hash: Mapped[str | None] = mapped_column(String(64))
    link_expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    downloaded_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # When the sealed file is forgotten, downloaded or not (KOBO_DATA_EXPORT_KEEP_DAYS).
    delete_after: Mapped[datetime | None] = mapped_column(UTCDateTime, index=True)
    deleted_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class ConsentChannel:
    SMS = "SMS"
    EMAIL = "EMAIL"


class ConsentEvent(Base):
    """Every marketing consent given or withdrawn, with its time: the latest per channel is
    the consent in force; none means no consent (off by default)."""

    __tablename__ = "consent_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    channel: Mapped[str] = mapped_column(String(5))
    given: Mapped[bool] = mapped_column(Boolean)
    at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class RequestKind:
    CORRECTION = "CORRECTION"
    ERASURE = "ERASURE"


class RequestStatus:
    RECEIVED = "RECEIVED"
    DONE = "DONE"
    REJECTED = "REJECTED"


class DataRequest(Base):
    """A correction or erasure request: a ticket (its conversation) with a tracking number
    and an answer-by time, as a dispute is."""

    __tablename__ = "data_requests"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    # KOBO-DRQ-<yymmdd>-<6 letters and digits>, quoted by the customer.
    tracking_number: Mapped[str] = mapped_column(String(24), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    ticket_id: Mapped[int] = mapped_column(ForeignKey("tickets.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(10))
    details: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(10), default=RequestStatus.RECEIVED)
    due_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    answer: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
