"""The one password policy (registration, reset, change), with the contract's messages."""

from __future__ import annotations

import gzip
import re
from functools import cache
from pathlib import Path

REQUIRED = "This field is required"
TOO_SHORT = "Password must be at least 8 characters"
TOO_WEAK = "Password must contain at least 1 uppercase letter, 1 special character, and 1 number"
CONFIRM_REQUIRED = "Confirm Password is required"
MISMATCH = "Passwords do not match"
TOO_LONG = "Password must be at most 128 characters"
TOO_COMMON = "This password is too common. Choose one that is harder to guess"

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
    elif is_common(password):
        errors.append({"field": field, "message": TOO_COMMON})
    if not confirm:
        errors.append({"field": confirm_field, "message": CONFIRM_REQUIRED})
    elif password and confirm != password:
        errors.append({"field": confirm_field, "message": MISMATCH})
    return errors


# 20,000 common passwords, lowercased: the list Django ships (BSD licence), made by Royce
# Williams from breach corpora (https://gist.github.com/roycewilliams/226886fd01572964e1431ac8afc999ce).
COMMON_LIST = Path(__file__).with_name("common-passwords.txt.gz")
# Letters people swap for look-alike symbols to satisfy a rule like ours.
_LOOK_ALIKES = str.maketrans(
    {"@": "a", "4": "a", "3": "e", "1": "i", "!": "i", "0": "o", "$": "s", "5": "s", "7": "t"}
)
_EDGES = re.compile(r"^[\W\d_]+|[\W\d_]+$")


@cache
def _common() -> frozenset[str]:
    with gzip.open(COMMON_LIST, "rt", encoding="utf-8") as lines:
        return frozenset(line.strip() for line in lines if line.strip())


def is_common(password: str) -> bool:
    """On the list as typed, or once the digits and symbols people add at either end to meet
    the rules are taken off and look-alike symbols read as letters ("P@ssw0rd!2026")."""
    lowered = password.lower()
    if lowered in _common():
        return True
    word = _EDGES.sub("", lowered).translate(_LOOK_ALIKES)
    return len(word) >= 4 and word in _common()
