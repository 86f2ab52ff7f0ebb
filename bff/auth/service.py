"""Sign-in rules: password check, throttling, the code step, sessions, e-mail verification and
password recovery."""

from __future__ import annotations

import asyncio
import base64
import binascii
import logging
from collections.abc import Coroutine
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import quote

from sqlalchemy import bindparam, delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bff.audit.events import Event
from bff.audit.notices import SecurityNotices
from bff.audit.service import audit_params, record, record_after
from bff.auth.codes import EMAIL, INVALID_CODE, OneTimeCodes, wrong_code
from bff.auth.devices import Seen, SignInDevices
from bff.auth.models import Device, LoginFailure, OtpPurpose, PasswordReset, UserSession
from bff.config import Settings
from bff.core_client import CoreClient
from bff.db import Database, utcnow
from bff.errors import FieldErrors, Forbidden, NotAuthenticated, TooManyRequests, ValidationFailed
from bff.notifications.notifier import Notifier
from bff.notifications.templates import plain_email
from bff.notifications.transports import DeliveryFailed
from bff.security import tokens
from bff.security.password_policy import password_errors
from bff.security.passwords import Passwords
from bff.users.models import User
from bff.users.principal import Principal, SessionDevice
from kobo_serving.database import fetch_rows

log = logging.getLogger(__name__)

INVALID_CREDENTIALS = "Invalid login credentials"
TOO_MANY_LOGINS = "Too many login attempts. Please wait a few minutes and try again."
SESSION_EXPIRED = "Your session has expired. Please log in again."
NOT_SIGNED_IN = "Please log in to continue."
EMAIL_NOT_VERIFIED = "Please verify your email address. We have sent a new code to your email."
TOO_MANY_EMAIL_CODES = "Too many wrong codes. Please request a new code."
LINK_EXPIRED = "This link is invalid or has expired, a new link has been sent to your email"
LINK_INVALID = "This link is invalid or has already been used"
LINK_EXPIRED_NO_RESEND = "This link has expired. Please request a new one."
LOCKOUT_SUBJECT = "Someone tried to sign in to your Kobo account"


@dataclass(frozen=True, slots=True)
class NewSession:
    user: User
    token: str
    # The device cookie to set (bff/auth/devices.py): the browser's own, or a new one.
    device_token: str | None = None


@dataclass(frozen=True, slots=True)
class Browser:
    """What a sign-in request tells about the browser: its device cookie and User-Agent."""

    cookie: str | None = None
    user_agent: str = ""


@dataclass(frozen=True, slots=True)
class SignedIn:
    session: NewSession
    seen: Seen | None


def normalise_identifier(raw: str) -> str:
    value = raw.strip()
    return value if value.isdigit() else value.lower()


def decode_base64_identifier(encoded: str) -> str:
    """The forgot-password path carries the identifier base64-encoded (either alphabet)."""
    padded = encoded + "=" * (-len(encoded) % 4)
    for decoder in (base64.b64decode, base64.urlsafe_b64decode):
        try:
            return decoder(padded).decode("utf-8")
        except (binascii.Error, ValueError, UnicodeDecodeError):
            continue
    raise ValidationFailed("This field is required", field="email")


class AuthService:
    def __init__(
        self,
        db: Database,
        settings: Settings,
        passwords: Passwords,
        core: CoreClient,
        codes: OneTimeCodes,
        notifier: Notifier,
        notices: SecurityNotices,
        devices: SignInDevices | None = None,
    ) -> None:
        self.notifier = notifier
        self.notices = notices
        self.devices = devices
        self.db = db
        self.settings = settings
        self.passwords = passwords
        self.core = core
        self.codes = codes
        self._background: set[asyncio.Task[None]] = set()

    async def find_user(self, session: AsyncSession, identifier: str) -> User | None:
        identifier = normalise_identifier(identifier)
        column = User.phone_number if identifier.isdigit() else User.email
        # A profile closed by an erasure request (bff/privacy/erasure.py) is nobody's to sign
        # in to: it answers as an unknown identifier.
        return await session.scalar(
            select(User).where(column == identifier, User.closed_at.is_(None))
        )

    # -- login step 1 -------------------------------------------------------------------
    async def login(
        self, identifier: str, password: str, remember: bool, client_address: str
    ) -> User:
        identifier = normalise_identifier(identifier)
        if not identifier or not password:
            field = "email" if not identifier else "password"
            raise ValidationFailed("This field is required", field=field)
        async with self.db.transaction() as session:
            user = await self.find_user(session, identifier)
            try:
                failures = await self.check_throttle(session, identifier)
            except TooManyRequests:
                record(
                    session,
                    Event.SIGN_IN_LOCKED,
                    user_id=user.id if user else None,
                    identifier=identifier,
                )
                await session.commit()  # the refusal is raised, the audit line is kept
                raise
        checked = await self.passwords.check(user.password_hash if user else None, password)
        if user is None or not checked.ok:
            async with self.db.transaction() as session:
                session.add(LoginFailure(identifier=identifier, client_address=client_address))
                record(
                    session,
                    Event.SIGN_IN_FAILED,
                    user_id=user.id if user else None,
                    identifier=identifier,
                )
                await session.flush()
                failures = await self._recent_failures(session, identifier)
            # The failure that pauses sign-in tells the account's owner, once per lockout
            # (further tries are refused before they count). The answer stays the same as for
            # an unknown identifier, and the e-mail goes out after it, so that neither its
            # text nor its timing tells an attacker that the account exists.
            if user is not None and failures == self.settings.login_max_failures_per_identifier:
                self._in_background(self._send_lockout_notice(user))
            raise NotAuthenticated(INVALID_CREDENTIALS)
        if failures or checked.upgraded_hash:
            async with self.db.transaction() as session:
                if failures:  # a right password ends a run of wrong ones
                    await session.execute(
                        delete(LoginFailure).where(LoginFailure.identifier == identifier)
                    )
                if checked.upgraded_hash:
                    # Hashed with older parameters: stored again with today's (rehash rule).
                    await session.execute(
                        update(User)
                        .where(User.id == user.id, User.password_hash == user.password_hash)
                        .values(password_hash=checked.upgraded_hash)
                    )
        if not user.email_verified:
            await self.send_email_verification(user)
            raise Forbidden(
                EMAIL_NOT_VERIFIED, extra={"code": "EMAIL_NOT_VERIFIED", "email": user.email}
            )
        await self.codes.issue(user, OtpPurpose.LOGIN, method=user.two_factor, remember=remember)
        return user

    async def _recent_failures(self, session: AsyncSession, identifier: str) -> int:
        since = utcnow() - timedelta(seconds=self.settings.login_failure_window_s)
        count = await session.scalar(
            select(func.count())
            .select_from(LoginFailure)
            .where(LoginFailure.identifier == identifier, LoginFailure.created_at >= since)
        )
        return count or 0

    async def check_throttle(self, session: AsyncSession, identifier: str) -> int:
        """Wrong passwords pause one account, never an address: Nigerian mobile carriers put
        many customers behind one NAT address, and one guesser there must not lock them all
        out. Guessing across many accounts from one address meets the per-address rate
        limit instead (bff/security/throttling.py)."""
        per_identifier = await self._recent_failures(session, identifier)
        if per_identifier >= self.settings.login_max_failures_per_identifier:
            raise TooManyRequests(
                TOO_MANY_LOGINS, retry_after_s=self.settings.login_failure_window_s
            )
        return per_identifier

    def _in_background(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        # The loop only keeps weak references to tasks: hold it until it is done.
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _send_lockout_notice(self, user: User) -> None:
        minutes = self.settings.login_failure_window_s // 60
        tries = self.settings.login_max_failures_per_identifier
        text = (
            f"Hello {user.first_name},\n\nSomeone tried to sign in to your Kobo account "
            f"with a wrong password {tries} times. To protect your money, your sign-in is "
            f"paused for {minutes} minutes.\n\nIf this was you, wait {minutes} minutes and "
            "try again, or reset your password from the sign-in page. If it was not you, "
            "nobody got in: signing in also needs your one-time code. We still advise you "
            "to change your password."
        )
        await self.notifier.send([plain_email(user.email, LOCKOUT_SUBJECT, text)])

    # -- login step 2 -------------------------------------------------------------------
    async def verify_login(
        self,
        user_id: int,
        user_uuid: str,
        otp: str,
        client_address: str,
        browser: Browser | None = None,
    ) -> NewSession:
        """The code step in one transaction: the user, their code used up, the session (on
        its device) and its audit line (a wrong code's count is committed before the
        refusal)."""
        new = None
        async with self.db.transaction() as session:
            user = await session.get(User, user_id)
            if user is None or not tokens.same(user.uuid, user_uuid):
                raise ValidationFailed(INVALID_CODE, field="otp")
            challenge = await self.codes.use_in(session, user.id, OtpPurpose.LOGIN, otp)
            if challenge is not None:
                new = await self.sign_in_in(
                    session, user, challenge.remember, client_address, browser
                )
                record(session, Event.SIGN_IN, user_id=user.id)
        if new is None:
            raise wrong_code()
        await self.after_sign_in(new)
        return new.session

    async def sign_in_in(
        self,
        session: AsyncSession,
        user: User,
        remember: bool,
        client_address: str,
        browser: Browser | None,
    ) -> SignedIn:
        """After both factors, in the caller's transaction: the browser's device (known or
        added) and a session opened on it."""
        seen = None
        if self.devices is not None:
            browser = browser or Browser()
            seen = await self.devices.seen_in(session, user.id, browser.cookie, browser.user_agent)
        token = self.open_session_in(
            session, user.id, remember, client_address, seen.device_id if seen else None
        )
        return SignedIn(NewSession(user, token, seen.token if seen else None), seen)

    async def after_sign_in(self, new: SignedIn) -> None:
        """Once the sign-in is committed: the new-device alert, if it is one."""
        if self.devices is not None and new.seen is not None:
            await self.devices.tell(new.session.user, new.seen)

    def open_session_in(
        self,
        session: AsyncSession,
        user_id: int,
        remember: bool,
        client_address: str,
        device_id: int | None = None,
    ) -> str:
        """A new session in the caller's transaction (after both factors: the code step, or
        a passkey with user verification); returns its bearer token."""
        now = utcnow()
        token = tokens.new_session_token()
        lifetime = (
            self.settings.session_remember_absolute_s
            if remember
            else self.settings.session_absolute_s
        )
        session.add(
            UserSession(
                user_id=user_id,
                token_hash=tokens.token_digest(token),
                created_at=now,
                last_seen_at=now,
                expires_at=now + timedelta(seconds=lifetime),
                client_address=client_address,
                device_id=device_id,
            )
        )
        return token

    # -- sessions -----------------------------------------------------------------------
    async def authenticate(self, token: str | None) -> Principal:
        if not token:
            raise NotAuthenticated(NOT_SIGNED_IN)
        now = utcnow()
        # Every request: one statement reads the session and its user, on the raw driver
        # (no ORM session: its bookkeeping was the largest cost of a kept dashboard read;
        # then SQLAlchemy's execution was the largest of a computed one).
        async with self.db.plain_reader() as connection:
            rows = await fetch_rows(
                connection, SESSION_AND_USER, {"digest": tokens.token_digest(token)}
            )
        if not rows:
            raise NotAuthenticated(SESSION_EXPIRED)
        found = list(rows[0].values())
        session_id, last_seen_at, expires_at, revoked_at, device_id, capped_until = found[:6]
        if revoked_at is not None or _expired(last_seen_at, expires_at, now, self.settings):
            raise NotAuthenticated(SESSION_EXPIRED)
        # Only write when it matters, to keep reads cheap. The occasional last-seen write
        # needs no transaction around it (see Database.autocommit).
        if (now - last_seen_at).total_seconds() >= 5:
            async with self.db.autocommit() as session:
                await session.execute(
                    update(UserSession).where(UserSession.id == session_id).values(last_seen_at=now)
                )
        # A detached User, read-only to the routes: each service that changes a user gets
        # it again in its own unit of work.
        user = User(**dict(zip(USER_ATTRIBUTES, found[6:], strict=True)))
        device = None if device_id is None else SessionDevice(device_id, capped_until)
        return Principal(user=user, session_id=session_id, device=device)

    async def logout(self, principal: Principal) -> None:
        """The session ended and its audit line: on PostgreSQL one statement, which commits
        on its own (a sign-out ends every journey of the morning rush, issue 57)."""
        if self.db.is_sqlite:
            async with self.db.transaction() as session:
                await session.execute(
                    update(UserSession)
                    .where(UserSession.id == principal.session_id)
                    .values(revoked_at=utcnow())
                )
                record(session, Event.SIGN_OUT, user_id=principal.user.id)
            return
        async with self.db.autocommit() as session:
            await session.execute(
                SIGN_OUT, {"session_id": principal.session_id, "now": utcnow(), **audit_params()}
            )

    async def revoke_sessions(
        self, session: AsyncSession, user_id: int, keep_session_id: int | None = None
    ) -> None:
        query = update(UserSession).where(
            UserSession.user_id == user_id, UserSession.revoked_at.is_(None)
        )
        if keep_session_id is not None:
            query = query.where(UserSession.id != keep_session_id)
        await session.execute(query.values(revoked_at=utcnow()))

    # -- e-mail verification ------------------------------------------------------------
    async def send_email_verification(self, user: User, *, min_interval_s: int = 0) -> None:
        await self.codes.issue(
            user,
            OtpPurpose.EMAIL_VERIFICATION,
            channels=(EMAIL,),
            subject="Verify your Kobo email address",
            min_interval_s=min_interval_s,
        )

    async def verify_email(self, email: str, code: str) -> None:
        async with self.db.transaction() as session:
            user = await session.scalar(select(User).where(User.email == email.strip().lower()))
        if user is None or user.email_verified:
            raise ValidationFailed(INVALID_CODE, field="code")
        await self.codes.consume(
            user.id, OtpPurpose.EMAIL_VERIFICATION, code, too_many=TOO_MANY_EMAIL_CODES
        )
        async with self.db.transaction() as session:
            await session.execute(
                update(User).where(User.id == user.id).values(email_verified=True)
            )

    async def resend_email_code(self, email: str) -> None:
        """Answers the same for unknown and verified addresses (no account enumeration)."""
        async with self.db.transaction() as session:
            user = await session.scalar(select(User).where(User.email == email.strip().lower()))
        if user is not None and not user.email_verified:
            await self.send_email_verification(
                user, min_interval_s=self.settings.code_resend_interval_s
            )

    # -- password recovery --------------------------------------------------------------
    async def forgot_password(self, identifier: str) -> None:
        """Sends a reset link if the identifier is known; the caller answers the same anyway."""
        async with self.db.transaction() as session:
            user = await self.find_user(session, identifier)
        if user is None:
            return
        try:
            await self._send_reset_link(user)
        except DeliveryFailed as exc:
            # Runs after the answer was sent: nobody to tell but the log. Not the outbox:
            # the link is a secret, and the customer can simply ask again.
            log.warning("password reset e-mail for user %s failed: %s", user.id, exc)

    async def _send_reset_link(self, user: User) -> None:
        code = tokens.new_session_token()
        now = utcnow()
        async with self.db.transaction() as session:
            session.add(
                PasswordReset(
                    user_id=user.id,
                    code_hash=tokens.token_digest(code),
                    created_at=now,
                    expires_at=now + timedelta(seconds=self.settings.password_reset_ttl_s),
                )
            )
        link = f"{self.settings.public_url}/reset-password/{code}/{quote(user.email, safe='')}"
        minutes = self.settings.password_reset_ttl_s // 60
        await self.notifier.send_now(
            plain_email(
                user.email,
                "Reset your Kobo password",
                f"Hello {user.first_name},\n\nUse this link to set a new Kobo password. It "
                f"works once and expires in {minutes} minutes:\n\n{link}\n\nIf you did not "
                "ask for this, ignore this email: your password stays the same.",
            )
        )

    async def _reset_for(self, session: AsyncSession, code: str, email: str) -> PasswordReset:
        reset = await session.scalar(
            select(PasswordReset)
            .where(PasswordReset.code_hash == tokens.token_digest(code))
            .with_for_update()
        )
        user = await session.get(User, reset.user_id) if reset else None
        if reset is None or user is None or user.email != email.strip().lower():
            raise ValidationFailed(LINK_INVALID)
        if reset.used_at is not None:
            raise ValidationFailed(LINK_INVALID)
        return reset

    async def verify_reset_link(self, code: str, email: str) -> None:
        async with self.db.transaction() as session:
            reset = await self._reset_for(session, code, email)
            expired = reset.expires_at <= utcnow()
            user = await session.get(User, reset.user_id)
        if expired:
            assert user is not None
            await self._send_reset_link(user)
            raise ValidationFailed(LINK_EXPIRED)

    async def reset_password(self, code: str, email: str, password: str, confirm: str) -> None:
        if errors := password_errors(password, confirm):
            raise FieldErrors(errors)
        password_hash = await self.passwords.hash(password)
        async with self.db.transaction() as session:
            reset = await self._reset_for(session, code, email)
            if reset.expires_at <= utcnow():
                raise ValidationFailed(LINK_EXPIRED_NO_RESEND)
            reset.used_at = utcnow()
            await session.execute(
                update(User).where(User.id == reset.user_id).values(password_hash=password_hash)
            )
            await self.revoke_sessions(session, reset.user_id)
            record(session, Event.PASSWORD_RESET, user_id=reset.user_id)
            user = await session.get(User, reset.user_id)
        assert user is not None
        await self.notices.tell(
            user,
            Event.PASSWORD_RESET,
            "Your password was reset from the link we e-mailed you. Everywhere you were signed "
            "in has been signed out.",
        )


# Every request runs this, so it is built once (building a statement costs more than the
# cache lookup): the session's few columns, then the user's in `USER_ATTRIBUTES` order.
USER_ATTRIBUTES = tuple(column.key for column in User.__mapper__.column_attrs)
SESSION_AND_USER = (
    select(
        UserSession.id,
        UserSession.last_seen_at,
        UserSession.expires_at,
        UserSession.revoked_at,
        UserSession.device_id,
        # The device's new-device cap window with the session: a payment then reads it
        # from here, not with a statement of its own (bff/transfers/device_cap.py).
        Device.capped_until,
        *(getattr(User, name) for name in USER_ATTRIBUTES),
    )
    .join(User, User.id == UserSession.user_id)
    .outerjoin(Device, Device.id == UserSession.device_id)
    .where(UserSession.token_hash == bindparam("digest"))
)


def _expired(
    last_seen_at: datetime, expires_at: datetime, now: datetime, settings: Settings
) -> bool:
    idle = (now - last_seen_at).total_seconds() > settings.session_idle_s
    return idle or now >= expires_at


# PostgreSQL's sign-out: the session revoked and its audit line, one statement (`logout`).
SIGN_OUT = record_after(
    update(UserSession)
    .where(UserSession.id == bindparam("session_id"))
    .values(revoked_at=bindparam("now", type_=UserSession.__table__.c.revoked_at.type))
    .returning(UserSession.user_id),
    Event.SIGN_OUT,
)
