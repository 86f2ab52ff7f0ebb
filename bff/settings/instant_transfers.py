"""The instant-transfer switch (the CBN's instant-payments guidance, March 2026): a customer
can stop every transfer leaving their profile for someone else, and start them again.

Switching off needs no code: a customer in danger must be able to stop money at once (as the
freeze, bff/settings/freeze.py, which stops every payment and signs other sessions out).
Switching on needs a code or a passkey: whoever took the phone must not undo it. While off,
transfers are refused where they start (bff/users/freeze.py `refuse_if_switched_off`); moves
between the customer's own accounts, bills and money coming in are not affected.
"""

from __future__ import annotations

from sqlalchemy import update

from bff.audit.events import Event
from bff.audit.notices import SecurityNotices
from bff.audit.service import record
from bff.auth.codes import OneTimeCodes
from bff.dates import format_date
from bff.db import Database, utcnow
from bff.errors import Conflict, ValidationFailed
from bff.passkeys.schemas import PasskeyAssertionIn
from bff.passkeys.service import Action, PasskeyApprovals, PasskeyService
from bff.settings.schemas import InstantTransfersOut
from bff.users.models import User

SWITCH_ON = "INSTANT_TRANSFERS_ON"  # a code purpose
OFF_NOW = (
    "Instant transfers are off. No transfer can leave your accounts for someone else until "
    "you switch them back on. Money sent to you still arrives."
)
ON_NOW = "Instant transfers are on again."
ALREADY_ON = "Instant transfers are already on"


def state_out(user: User) -> InstantTransfersOut:
    if user.instant_transfers_off_at is None:
        return InstantTransfersOut(
            enabled=True,
            switched_off_at=None,
            message="Instant transfers are on. Switch them off at once if you think someone "
            "else may use your profile; switching back on needs a code.",
        )
    return InstantTransfersOut(
        enabled=False,
        switched_off_at=format_date(user.instant_transfers_off_at),
        message="Instant transfers are off: no transfer can leave your accounts for someone "
        "else. Switch them on with a code to send money again.",
    )


def approval_of(user_id: int) -> Action:
    """What a passkey approves: switching this customer's instant transfers on."""
    return Action(key=f"{SWITCH_ON}:{user_id}", text=f"{SWITCH_ON}\n{user_id}")


class InstantTransfers(PasskeyApprovals):
    def __init__(
        self,
        db: Database,
        codes: OneTimeCodes,
        notices: SecurityNotices,
        passkeys: PasskeyService | None = None,
    ) -> None:
        self.db = db
        self.codes = codes
        self.notices = notices
        self.passkeys = passkeys

    async def state(self, user: User) -> InstantTransfersOut:
        return state_out(user)

    async def switch_off(self, user: User) -> InstantTransfersOut:
        """At once, without a code. Switching off what is off changes nothing."""
        async with self.db.transaction() as session:
            changed = await session.execute(
                update(User)
                .where(User.id == user.id, User.instant_transfers_off_at.is_(None))
                .values(instant_transfers_off_at=utcnow())
                .returning(User.instant_transfers_off_at)
            )
            off_at = changed.scalar()
            if off_at is not None:
                record(session, Event.INSTANT_TRANSFERS_OFF, user_id=user.id, actor_id=user.id)
        if off_at is not None:
            await self.notices.tell(user, Event.INSTANT_TRANSFERS_OFF, OFF_NOW)
            user.instant_transfers_off_at = off_at
        return InstantTransfersOut(
            enabled=False,
            switched_off_at=format_date(user.instant_transfers_off_at or utcnow()),
            message=OFF_NOW,
        )

    async def send_code(self, user: User) -> str:
        """Step 1 of switching on: a code goes to the customer's second factor."""
        if user.instant_transfers_off_at is None:
            raise Conflict(ALREADY_ON)
        return await self.codes.ask_to_confirm(user, SWITCH_ON)

    async def passkey_options(self, user: User) -> dict[str, object]:
        if user.instant_transfers_off_at is None:
            raise Conflict(ALREADY_ON)
        return await self._passkeys().approval_options(user.id, approval_of(user.id))

    async def switch_on(
        self, user: User, otp: str | None, passkey: PasskeyAssertionIn | None
    ) -> InstantTransfersOut:
        """Step 2: with the code, or a passkey's approval of this very change."""
        if user.instant_transfers_off_at is None:
            raise Conflict(ALREADY_ON)
        if passkey is None:
            if not otp:
                raise ValidationFailed("This field is required", field="otp")
            await self.codes.consume(user.id, SWITCH_ON, otp)
        async with self.db.transaction() as session:
            if passkey is not None:  # used up with the change; a refusal writes nothing
                await self._passkeys().approve_in(session, user.id, approval_of(user.id), passkey)
            await session.execute(
                update(User).where(User.id == user.id).values(instant_transfers_off_at=None)
            )
            record(session, Event.INSTANT_TRANSFERS_ON, user_id=user.id, actor_id=user.id)
        await self.notices.tell(user, Event.INSTANT_TRANSFERS_ON, ON_NOW)
        user.instant_transfers_off_at = None
        return InstantTransfersOut(enabled=True, switched_off_at=None, message=ON_NOW)
