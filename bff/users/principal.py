"""Who is calling: what the auth guard hands to every signed-in route."""

from __future__ import annotations

from dataclasses import dataclass

from bff.users.models import User


@dataclass(frozen=True, slots=True)
class Principal:
    """Who is calling: the user and the session their bearer token belongs to."""

    user: User
    session_id: int
    # The browser the session was opened in (bff/devices); None for sessions from before.
    device_id: int | None = None
