"""Imports every domain's tables so that Alembic and tests see the whole schema."""

from bff.auth.models import LoginFailure, OtpChallenge, User, UserSession

__all__ = ["LoginFailure", "OtpChallenge", "User", "UserSession"]
