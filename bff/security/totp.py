"""Google Authenticator codes (RFC 6238 TOTP, 30-second steps, 6 digits)."""

from __future__ import annotations

import time

import pyotp

STEP_S = 30


def new_secret() -> str:
    return pyotp.random_base32()


def matching_step(
    secret: str, code: str, now: float | None = None, drift_steps: int = 1
) -> int | None:
    """The time step `code` belongs to, allowing one step of clock drift either way."""
    now = time.time() if now is None else now
    totp = pyotp.TOTP(secret)
    current = int(now // STEP_S)
    for step in range(current - drift_steps, current + drift_steps + 1):
        if pyotp.utils.strings_equal(totp.at(step * STEP_S), code):
            return step
    return None
