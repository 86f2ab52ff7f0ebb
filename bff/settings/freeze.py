"""Freezing: the customer stops every payment leaving their account at once, without a code
(they are signed in and speed matters); unfreezing needs a code plus a new password, or the
back office, because a plain "unfreeze" would hand the account back to whoever took it.

While frozen, the payment domains refuse (bff/users/freeze.py); money still arrives."""

from __future__ import annotations

from sqlalchemy import select, update

from bff.audit.events import Event
from bff.audit.notices import SecurityNotices
from bff.audit.service import record
from bff.auth.codes import OneTimeCodes
from bff.auth.service import AuthService
from bff.dates import format_date
from bff.db import Database, utcnow
from bff.errors import Conflict, FieldErrors, NotFound
from bff.liveness.service import LivenessService
from bff.security.password_policy import password_errors
from bff.security.passwords import Passwords
from bff.settings.schemas import FreezeOut, FrozenCustomerOut, UnfreezeIn
from bff.users.models import Role, User
from bff.users.principal import Principal

UNFREEZE = "UNFREEZE"  # a code purpose
FROZEN_NOW = (
    "Your account is frozen. No money can leave it, and everywhere else you were signed in "
    "has been signed out. Money sent to you still arrives."
)
NOT_FROZEN = "Your account is not frozen"
UNFROZEN = "Your account is unfrozen and your password is changed"
CUSTOMER_NOT_FROZEN = "This customer's account is not frozen"


def freeze_out(user: User) -> FreezeOut:
    if user.frozen_at is None:
        return FreezeOut(frozen=False, frozen_at=None, message="Your account is not frozen")
    return FreezeOut(
        frozen=True,
        frozen_at=format_date(user.frozen_at),
        message=(
            "Your account is frozen: no money can leave it. Unfreeze it with a code and a new "
            "password, or contact customer service."
        ),
    )


class FreezeService:
    def __init__(
        self,
        db: Database,
        passwords: Passwords,
        auth: AuthService,
        codes: OneTimeCodes,
        notices: SecurityNotices,
    ) -> None:
        self.db = db
        self.passwords = passwords
        self.auth = auth
        self.codes = codes
        self.notices = notices

    async def _fresh(self, user_id: int) -> User:
        async with self.db.transaction() as session:
            user = await session.get(User, user_id)
        if user is None:
            raise NotFound("Customer not found")
        return user

    async def state(self, user: User) -> FreezeOut:
        return freeze_out(await self._fresh(user.id))

    async def freeze(self, principal: Principal) -> FreezeOut:
        """At once and without a code. Freezing a frozen account changes nothing."""
        user = principal.user
        async with self.db.transaction() as session:
            changed = await session.execute(
                update(User)
                .where(User.id == user.id, User.frozen_at.is_(None))
                .values(frozen_at=utcnow())
            )
            if changed.rowcount:  # type: ignore[attr-defined]
                record(session, Event.ACCOUNT_FROZEN, user_id=user.id, actor_id=user.id)
            # Whoever else is signed in as this customer may be the one taking the money.
            await self.auth.revoke_sessions(session, user.id, keep_session_id=principal.session_id)
        if changed.rowcount:  # type: ignore[attr-defined]
            await self.notices.tell(user, Event.ACCOUNT_FROZEN, FROZEN_NOW)
        state = await self.state(user)
        return FreezeOut(frozen=state.frozen, frozen_at=state.frozen_at, message=FROZEN_NOW)

    async def _checked_unfreeze(self, user: User, data: UnfreezeIn) -> str:
        if (await self._fresh(user.id)).frozen_at is None:
            raise Conflict(NOT_FROZEN)
        errors = password_errors(data.new_password, data.confirm_password, field="newPassword")
        if errors:
            raise FieldErrors(errors)
        assert data.new_password is not None
        return data.new_password

    async def send_unfreeze_code(self, principal: Principal, data: UnfreezeIn) -> str:
        """Step 1: the new password is checked, then a code goes to the customer's second
        factor. Nothing changes yet."""
        await self._checked_unfreeze(principal.user, data)
        return await self.codes.ask_to_confirm(principal.user, UNFREEZE)

    async def unfreeze(self, principal: Principal, data: UnfreezeIn, otp: str) -> None:
        """Step 2: the same body with the code: the password changes, the account unfreezes,
        and every other session is signed out again (it may have been signed in since)."""
        user = principal.user
        new = await self._checked_unfreeze(user, data)
        await self.codes.consume(user.id, UNFREEZE, otp)
        new_hash = await self.passwords.hash(new)
        async with self.db.transaction() as session:
            await session.execute(
                update(User)
                .where(User.id == user.id)
                .values(frozen_at=None, password_hash=new_hash)
            )
            record(session, Event.ACCOUNT_UNFROZEN, user_id=user.id, actor_id=user.id)
            record(session, Event.PASSWORD_CHANGED, user_id=user.id)
            # Coming back by themselves: a selfie before money leaves again (bff/liveness).
            await LivenessService.require_in(session, user.id)
            await self.auth.revoke_sessions(session, user.id, keep_session_id=principal.session_id)
        await self.notices.tell(
            user,
            Event.ACCOUNT_UNFROZEN,
            "Your account was unfrozen with a code and a new password. Money can leave it again.",
        )

    # -- back office --------------------------------------------------------------------
    async def frozen_customers(self) -> list[FrozenCustomerOut]:
        async with self.db.transaction() as session:
            users = (
                await session.scalars(
                    select(User).where(User.frozen_at.is_not(None)).order_by(User.frozen_at)
                )
            ).all()
        return [
            FrozenCustomerOut(
                user_id=u.id,
                name=f"{u.first_name} {u.last_name}",
                email=u.email,
                frozen_at=format_date(u.frozen_at),  # type: ignore[arg-type]
            )
            for u in users
        ]

    async def admin_unfreeze(self, admin: User, user_id: int) -> None:
        async with self.db.transaction() as session:
            customer = await session.get(User, user_id)
            if customer is None or customer.role != Role.CUSTOMER:
                raise NotFound("Customer not found")
            if customer.frozen_at is None:
                raise Conflict(CUSTOMER_NOT_FROZEN)
            customer.frozen_at = None
            record(session, Event.ACCOUNT_UNFROZEN, user_id=user_id, actor_id=admin.id)
        await self.notices.tell(
            customer,
            Event.ACCOUNT_UNFROZEN,
            "Kobo customer service unfroze your account. Money can leave it again.",
        )
