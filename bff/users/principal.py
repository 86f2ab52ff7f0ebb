"""Who is calling: what the auth guard hands to every signed-in route."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bff.users.models import User


@dataclass(frozen=True, slots=True)
class SessionDevice:
    """A browser a payment comes from (bff/devices): its id and the end of its new-device cap
    window (None: not capped), as the session check read them with the session, so a payment
    from a known device reads nothing more. `window_known=False`: only the id is known (a
    scheduled run, a payment confirmed from another device); the window is read when needed."""

    id: int
    capped_until: datetime | None = None
    window_known: bool = True


@dataclass(frozen=True, slots=True)
class Principal:
    """Who is calling: the user and the session their bearer token belongs to."""

    user: User
    session_id: int
    # The browser the session was opened in (bff/devices); None for sessions from before.
    device: SessionDevice | None = None

    @property
    def device_id(self) -> int | None:
        return self.device.id if self.device is not None else None
