"""A frozen account: the customer stopped every payment leaving it (they suspect someone else
is using it). Money still arrives. Each payment domain refuses with
`refuse_if_payments_stopped` at its start and again at its code step (the freeze may come in
between), from the user row the request's session check read; a scheduled run, which no
request started, reads it with `refuse_if_frozen_now`. The state itself is changed by
`bff/settings/freeze.py` and the back office."""

from __future__ import annotations

from sqlalchemy import select

from bff.db import Database
from bff.errors import Conflict
from bff.users.models import User

SWITCHED_OFF = (
    "Instant transfers are switched off on your profile, so no transfer can leave it. Switch "
    "them on in Settings, under Security, with a code."
)
FROZEN = (
    "Your account is frozen, so no money can leave it. To unfreeze it, use a code and a new "
    "password in Settings, or contact customer service."
)


class AccountFrozen(Conflict):
    """409, not 403: the web app reads 401 and 403 as a session that ended (docs/contract.md
    §2.5), and a frozen customer is still signed in."""

    def __init__(self) -> None:
        super().__init__(FROZEN)


class TransfersSwitchedOff(Conflict):
    """409: the customer switched instant transfers off (bff/settings/instant_transfers.py)."""

    def __init__(self) -> None:
        super().__init__(SWITCHED_OFF)


def refuse_if_switched_off(user: User) -> None:
    """Transfers to someone else while the customer has instant transfers off: refused, from
    the user row the request's session check read (as `refuse_if_payments_stopped`)."""
    if user.instant_transfers_off_at is not None:
        raise TransfersSwitchedOff()


SELFIE_REQUIRED = (
    "Please confirm it is you with a selfie before you send money: Settings, Security, "
    "Confirm it's you."
)


class SelfieRequired(Conflict):
    """409: a profile that came back (unfrozen by the customer, or dormant) sends no money
    before a selfie passes (bff/liveness)."""

    def __init__(self) -> None:
        super().__init__(SELFIE_REQUIRED)


def refuse_if_payments_stopped(user: User) -> None:
    """A frozen account, or a returning profile whose selfie has not passed: refused.
    `user` as this request's session check read it: every request reads the user's row
    afresh, so a freeze made before this request began counts, and no statement is added
    to a payment's path. A request that began elsewhere just before the freeze cannot go
    on to its code step: freezing signs every other session out."""
    if user.frozen_at is not None:
        raise AccountFrozen()
    if user.liveness_required_at is not None:
        raise SelfieRequired()


async def refuse_if_frozen_now(db: Database, user_id: int, *, transfer: bool = False) -> None:
    """Reads the user's row: for work no request started (a scheduled payment's run).
    `transfer`: a transfer to someone else, which instant transfers switched off refuse too."""
    async with db.autocommit() as session:
        frozen_at, off_at = (
            await session.execute(
                select(User.frozen_at, User.instant_transfers_off_at).where(User.id == user_id)
            )
        ).one()
    if frozen_at is not None:
        raise AccountFrozen()
    if transfer and off_at is not None:
        raise TransfersSwitchedOff()
