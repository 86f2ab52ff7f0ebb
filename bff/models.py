"""Imports every domain's tables so that Alembic and tests see the whole schema."""

from bff.auth.models import LoginFailure, OtpChallenge, PasswordReset, User, UserSession
from bff.onboarding.models import OnboardingDocument, OnboardingProfile
from bff.settings.models import PendingAuthenticatorSecret, PendingLimitChange, TransactionLimit

__all__ = [
    "LoginFailure",
    "OnboardingDocument",
    "OnboardingProfile",
    "OtpChallenge",
    "PasswordReset",
    "PendingAuthenticatorSecret",
    "PendingLimitChange",
    "TransactionLimit",
    "User",
    "UserSession",
]
