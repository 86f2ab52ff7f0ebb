"""Imports every domain's tables so that Alembic and tests see the whole schema."""

from bff.auth.models import LoginFailure, OtpChallenge, PasswordReset, User, UserSession
from bff.beneficiaries.models import Beneficiary
from bff.onboarding.models import OnboardingDocument, OnboardingProfile
from bff.settings.models import PendingAuthenticatorSecret, PendingLimitChange, TransactionLimit
from bff.transfers.models import Transfer, TransferBatch

__all__ = [
    "Beneficiary",
    "LoginFailure",
    "OnboardingDocument",
    "OnboardingProfile",
    "OtpChallenge",
    "PasswordReset",
    "PendingAuthenticatorSecret",
    "PendingLimitChange",
    "TransactionLimit",
    "Transfer",
    "TransferBatch",
    "User",
    "UserSession",
]
