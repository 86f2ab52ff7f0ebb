"""Sign-in rules: password check, throttling, one-time-code challenges, sessions."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bff.auth.models import LoginFailure, OtpChallenge, OtpPurpose, TwoFactor, User, UserSession
from bff.core_client import CoreClient, CoreError
from bff.db import Database, utcnow
from bff.errors import NotAuthenticated, ServiceUnavailable, TooManyRequests, ValidationFailed
from bff.security import tokens, totp
from bff.security.passwords import Passwords
from bff.settings import Settings

log = logging.getLogger(__name__)

INVALID_CREDENTIALS = "Invalid login credentials"
INVALID_CODE = "Invalid or expired OTP"
TOO_MANY_CODES = "Too many wrong codes. Please log in again."
TOO_MANY_LOGINS = "Too many login attempts. Please wait a few minutes and try again."
SESSION_EXPIRED = "Your session has expired. Please log in again."
NOT_SIGNED_IN = "Please log in to continue."
CODE_NOT_SENT = "We could not send your verification code. Please try again."


@dataclass(frozen=True, slots=True)
class Principal:
    """Who is calling: the user and the session their bearer token belongs to."""

    user: User
    session_id: int


@dataclass(frozen=True, slots=True)
class NewSession:
    user: User
    token: str


def normalise_identifier(raw: str) -> str:
    value = raw.strip()
    return value if value.isdigit() else value.lower()


class AuthService:
    def __init__(
        self, db: Database, settings: Settings, passwords: Passwords, core: CoreClient
    ) -> None:
        self.db = db
        self.settings = settings
        self.passwords = passwords
        self.core = core

    # -- login step 1 -------------------------------------------------------------------
    async def login(
        self, identifier: str, password: str, remember: bool, client_address: str
    ) -> User:
        identifier = normalise_identifier(identifier)
        if not identifier or not password:
            raise ValidationFailed(
                "This field is required", field="email" if not identifier else "password"
            )
        async with self.db.transaction() as session:
            await self._check_throttle(session, identifier, client_address)
            user = await session.scalar(
                select(User).where(
                    (User.phone_number == identifier)
                    if identifier.isdigit()
                    else (User.email == identifier)
                )
            )
        # Hashing runs in a thread so the event loop keeps serving other customers.
        ok = await asyncio.to_thread(
            self.passwords.verify, user.password_hash if user else None, password
        )
        if user is None or not ok:
            async with self.db.transaction() as session:
                session.add(LoginFailure(identifier=identifier, client_address=client_address))
            raise NotAuthenticated(INVALID_CREDENTIALS)

        code = tokens.new_otp_code() if user.two_factor == TwoFactor.OTP else None
        async with self.db.transaction() as session:
            await session.execute(delete(LoginFailure).where(LoginFailure.identifier == identifier))
            challenge = await self._open_challenge(
                session, user, OtpPurpose.LOGIN, user.two_factor, code, remember
            )
        if code is not None:
            await self._deliver_code(user, code, challenge.id)
        return user

    async def _check_throttle(
        self, session: AsyncSession, identifier: str, client_address: str
    ) -> None:
        since = utcnow() - timedelta(seconds=self.settings.login_failure_window_s)
        per_identifier = await session.scalar(
            select(func.count())
            .select_from(LoginFailure)
            .where(LoginFailure.identifier == identifier, LoginFailure.created_at >= since)
        )
        per_client = await session.scalar(
            select(func.count())
            .select_from(LoginFailure)
            .where(LoginFailure.client_address == client_address, LoginFailure.created_at >= since)
        )
        if (per_identifier or 0) >= self.settings.login_max_failures_per_identifier or (
            per_client or 0
        ) >= self.settings.login_max_failures_per_client:
            raise TooManyRequests(
                TOO_MANY_LOGINS, retry_after_s=self.settings.login_failure_window_s
            )

    async def _open_challenge(
        self,
        session: AsyncSession,
        user: User,
        purpose: str,
        method: str,
        code: str | None,
        remember: bool,
    ) -> OtpChallenge:
        now = utcnow()
        # A new code replaces any earlier one for the same purpose.
        await session.execute(
            update(OtpChallenge)
            .where(
                OtpChallenge.user_id == user.id,
                OtpChallenge.purpose == purpose,
                OtpChallenge.consumed_at.is_(None),
            )
            .values(expires_at=now)
        )
        challenge = OtpChallenge(
            user_id=user.id,
            purpose=purpose,
            method=method,
            code_hash=tokens.otp_digest(self.settings.secret_key, purpose, code) if code else None,
            remember=remember,
            created_at=now,
            expires_at=now + timedelta(seconds=self.settings.otp_ttl_s),
        )
        session.add(challenge)
        await session.flush()
        return challenge

    async def _deliver_code(self, user: User, code: str, challenge_id: int) -> None:
        minutes = self.settings.otp_ttl_s // 60
        text = (
            f"Your Kobo verification code is {code}. It expires in {minutes} minutes. "
            "Never share it with anyone, including Kobo staff."
        )
        sends = [self.core.send_email(user.email, "Your Kobo verification code", text)]
        if user.phone_number:
            sends.append(self.core.send_sms(user.phone_number, text))
        results = await asyncio.gather(*sends, return_exceptions=True)
        failures = [r for r in results if isinstance(r, CoreError)]
        for failure in failures:
            log.warning("code delivery failed for user %s: %s", user.id, failure)
        if len(failures) == len(results):
            async with self.db.transaction() as session:
                await session.execute(
                    update(OtpChallenge)
                    .where(OtpChallenge.id == challenge_id)
                    .values(expires_at=utcnow())
                )
            raise ServiceUnavailable(CODE_NOT_SENT)
        other = [
            r for r in results if isinstance(r, BaseException) and not isinstance(r, CoreError)
        ]
        if other:
            raise other[0]

    # -- login step 2 -------------------------------------------------------------------
    async def verify_login(
        self, user_id: int, user_uuid: str, otp: str, client_address: str
    ) -> NewSession:
        otp = otp.strip()
        async with self.db.transaction() as session:
            user = await session.get(User, user_id)
            if user is None or not tokens.same(user.uuid, user_uuid):
                raise ValidationFailed(INVALID_CODE, field="otp")
            challenge = await session.scalar(
                select(OtpChallenge)
                .where(
                    OtpChallenge.user_id == user.id,
                    OtpChallenge.purpose == OtpPurpose.LOGIN,
                    OtpChallenge.consumed_at.is_(None),
                )
                .order_by(OtpChallenge.id.desc())
                .limit(1)
                .with_for_update()
            )
            now = utcnow()
            if challenge is None or challenge.expires_at <= now:
                raise ValidationFailed(INVALID_CODE, field="otp")
            if challenge.attempts >= self.settings.otp_max_attempts:
                raise ValidationFailed(TOO_MANY_CODES, field="otp")
            if not self._code_matches(user, challenge, otp):
                challenge.attempts += 1
                # Commit the counted attempt, then refuse.
                wrong = True
            else:
                wrong = False
                challenge.consumed_at = now
                token = tokens.new_session_token()
                lifetime = (
                    self.settings.session_remember_absolute_s
                    if challenge.remember
                    else self.settings.session_absolute_s
                )
                session.add(
                    UserSession(
                        user_id=user.id,
                        token_hash=tokens.token_digest(token),
                        created_at=now,
                        last_seen_at=now,
                        expires_at=now + timedelta(seconds=lifetime),
                        client_address=client_address,
                    )
                )
        if wrong:
            raise ValidationFailed(INVALID_CODE, field="otp")
        return NewSession(user=user, token=token)

    def _code_matches(self, user: User, challenge: OtpChallenge, otp: str) -> bool:
        if not (len(otp) == 6 and otp.isdigit()):
            return False
        if challenge.method == TwoFactor.GOOGLE:
            if not user.totp_secret:
                return False
            step = totp.matching_step(user.totp_secret, otp)
            if step is None or (user.totp_last_step is not None and step <= user.totp_last_step):
                return False
            user.totp_last_step = step
            return True
        expected = tokens.otp_digest(self.settings.secret_key, challenge.purpose, otp)
        return challenge.code_hash is not None and tokens.same(challenge.code_hash, expected)

    # -- sessions -----------------------------------------------------------------------
    async def authenticate(self, token: str | None) -> Principal:
        if not token:
            raise NotAuthenticated(NOT_SIGNED_IN)
        now = utcnow()
        async with self.db.transaction() as session:
            row = await session.scalar(
                select(UserSession).where(UserSession.token_hash == tokens.token_digest(token))
            )
            if row is None or row.revoked_at is not None or _expired(row, now, self.settings):
                raise NotAuthenticated(SESSION_EXPIRED)
            # Only write when it matters, to keep reads cheap.
            if (now - row.last_seen_at).total_seconds() >= 5:
                row.last_seen_at = now
            user = await session.get(User, row.user_id)
            assert user is not None
            return Principal(user=user, session_id=row.id)

    async def logout(self, principal: Principal) -> None:
        async with self.db.transaction() as session:
            await session.execute(
                update(UserSession)
                .where(UserSession.id == principal.session_id)
                .values(revoked_at=utcnow())
            )


def _expired(row: UserSession, now: datetime, settings: Settings) -> bool:
    idle = (now - row.last_seen_at).total_seconds() > settings.session_idle_s
    return idle or now >= row.expires_at
