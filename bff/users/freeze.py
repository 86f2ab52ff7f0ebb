"""A frozen account: the customer stopped every payment leaving it (they suspect someone else
is using it). Money still arrives. Each payment domain refuses with `refuse_if_frozen` at its
start and again at its code step (the freeze may come in between), from the user row the
request's session check read; a scheduled run, which no request started, reads it with
`refuse_if_frozen_now`. The state itself is changed by `bff/settings/freeze.py` and the
back office."""

from __future__ import annotations

from sqlalchemy import select

from bff.db import Database
from bff.errors import Conflict
from bff.users.models import User

FROZEN = (
    "Your account is frozen, so no money can leave it. To unfreeze it, use a code and a new "
    "password in Settings, or contact customer service."
)


class AccountFrozen(Conflict):
    """409, not 403: the web app reads 401 and 403 as a session that ended (docs/contract.md
    §2.5), and a frozen customer is still signed in."""

    def __init__(self) -> None:
        super().__init__(FROZEN)


def refuse_if_frozen(user: User) -> None:
    """`user` as this request's session check read it: every request reads the user's row
    afresh, so a freeze made before this request began counts, and no statement is added
    to a payment's path. A request that began elsewhere just before the freeze cannot go
    on to its code step: freezing signs every other session out."""
    if user.frozen_at is not None:
        raise AccountFrozen()


async def refuse_if_frozen_now(db: Database, user_id: int) -> None:
    """Reads the user's row: for work no request started (a scheduled payment's run)."""
    async with db.autocommit() as session:
        frozen_at = await session.scalar(select(User.frozen_at).where(User.id == user_id))
    if frozen_at is not None:
        raise AccountFrozen()
