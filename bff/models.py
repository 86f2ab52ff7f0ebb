"""Imports every domain's tables so that Alembic and tests see the whole schema."""

from bff.audit.models import AuditEvent
from bff.auth.models import Device, LoginFailure, OtpChallenge, PasswordReset, UserSession
from bff.beneficiaries.models import Beneficiary
from bff.bills.models import Vend
from bff.clock import ClockOffset
from bff.disputes.models import Dispute
from bff.kyc.models import KycSubmission
from bff.limits.models import PendingLimitChange, TransactionLimit
from bff.liveness.models import LivenessCheck
from bff.notifications.models import OutboxMessage
from bff.onboarding.models import OnboardingDocument, OnboardingProfile
from bff.passkeys.models import Passkey, WebAuthnChallenge
from bff.privacy.models import ConsentEvent, DataExport, DataRequest
from bff.risk.models import AccountFlag, PaymentReview, SyncCursor, WatchedAccount
from bff.schedules.models import ScheduledPayment, ScheduledRun
from bff.settings.models import PendingAuthenticatorSecret
from bff.tickets.models import Ticket, TicketAttachment, TicketMessage
from bff.transfers.models import Transfer, TransferBatch
from bff.users.models import User

__all__ = [
    "AccountFlag",
    "AuditEvent",
    "Beneficiary",
    "ClockOffset",
    "ConsentEvent",
    "DataExport",
    "DataRequest",
    "Device",
    "Dispute",
    "KycSubmission",
    "LivenessCheck",
    "LoginFailure",
    "OnboardingDocument",
    "OnboardingProfile",
    "OtpChallenge",
    "OutboxMessage",
    "Passkey",
    "PasswordReset",
    "PaymentReview",
    "PendingAuthenticatorSecret",
    "PendingLimitChange",
    "ScheduledPayment",
    "ScheduledRun",
    "SyncCursor",
    "Ticket",
    "TicketAttachment",
    "TicketMessage",
    "TransactionLimit",
    "Transfer",
    "TransferBatch",
    "User",
    "UserSession",
    "Vend",
    "WatchedAccount",
    "WebAuthnChallenge",
]
