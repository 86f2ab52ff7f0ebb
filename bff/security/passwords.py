"""argon2id password hashing."""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from bff.config import Argon2Params


class Passwords:
    def __init__(self, params: Argon2Params) -> None:
        self._hasher = PasswordHasher(
            time_cost=params.time_cost,
            memory_cost=params.memory_cost_kib,
            parallelism=params.parallelism,
        )
        # Verified against when the user does not exist, so that an unknown identifier
        # costs the same time as a wrong password (no user enumeration by timing).
        self._dummy_hash = self._hasher.hash("not-a-real-password")

    def hash(self, password: str) -> str:
        return self._hasher.hash(password)

    def verify(self, password_hash: str | None, password: str) -> bool:
        try:
            return self._hasher.verify(password_hash or self._dummy_hash, password) and (
                password_hash is not None
            )
        except (VerificationError, InvalidHashError):
            return False
