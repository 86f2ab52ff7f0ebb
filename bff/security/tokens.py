"""Opaque secrets: session tokens, one-time codes, and how they are stored (hashed)."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_session_token() -> str:
    """256 random bits, URL-safe."""
    return secrets.token_urlsafe(32)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_otp_code() -> str:
    return f"{secrets.randbelow(1_000_000):06d}"


def otp_digest(secret_key: str, purpose: str, code: str) -> str:
    """Keyed so a stolen table cannot be brute-forced offline over the 10^6 possible codes,
    and bound to the purpose so a login code cannot confirm a transfer."""
    return hmac.new(secret_key.encode(), f"{purpose}:{code}".encode(), hashlib.sha256).hexdigest()


def same(a: str, b: str) -> bool:
    return hmac.compare_digest(a, b)
