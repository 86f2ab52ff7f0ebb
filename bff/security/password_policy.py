"""The one password policy (registration, reset, change), with the spec's messages."""

from __future__ import annotations

import re

REQUIRED = "This field is required"
TOO_SHORT = "Password must be at least 8 characters"
TOO_WEAK = "Password must contain at least 1 uppercase letter, 1 special character, and 1 number"
CONFIRM_REQUIRED = "Confirm Password is required"
MISMATCH = "Passwords do not match"
TOO_LONG = "Password must be at most 128 characters"

MIN_LENGTH = 8
MAX_LENGTH = 128  # argon2 takes any length; this bounds the work an attacker can ask for


def password_errors(
    password: str | None,
    confirm: str | None,
    *,
    field: str = "password",
    confirm_field: str = "confirmPassword",
) -> list[dict[str, str]]:
    errors: list[dict[str, str]] = []
    if not password:
        errors.append({"field": field, "message": REQUIRED})
    elif len(password) < MIN_LENGTH:
        errors.append({"field": field, "message": TOO_SHORT})
    elif len(password) > MAX_LENGTH:
        errors.append({"field": field, "message": TOO_LONG})
    elif not (
        re.search(r"[A-Z]", password)
        and re.search(r"\d", password)
        and re.search(r"[^A-Za-z0-9\s]", password)
    ):
        errors.append({"field": field, "message": TOO_WEAK})
    if not confirm:
        errors.append({"field": confirm_field, "message": CONFIRM_REQUIRED})
    elif password and confirm != password:
        errors.append({"field": confirm_field, "message": MISMATCH})
    return errors
