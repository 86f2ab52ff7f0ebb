"""One-time codes for every purpose (login, e-mail verification, and later transfers…).

A challenge is issued per (user, purpose); issuing again replaces the open one. A code is 6
random digits, stored as a keyed HMAC bound to its purpose, valid for a few minutes, used
once, and a challenge dies after 5 wrong tries. For Google Authenticator users the code is
their current TOTP instead, and a time step once accepted is never accepted again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any, NamedTuple

from sqlalchemy import BindParameter, Select, Table, Update, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bff.audit.events import Event
from bff.audit.notices import SecurityNotices
from bff.audit.service import record
from bff.auth.models import OtpChallenge, OtpPurpose
from bff.config import Settings
from bff.core_client import CoreClient
from bff.db import Database, utcnow
from bff.errors import ServiceUnavailable, TooManyRequests, ValidationFailed
from bff.notifications.notifier import Notifier
from bff.notifications.templates import plain_email, sms
from bff.notifications.transports import DeliveryFailed
from bff.security import tokens, totp
from bff.users.models import TwoFactor, User

log = logging.getLogger(__name__)
_USERS: Table = User.__table__  # type: ignore[assignment]
_CHALLENGES: Table = OtpChallenge.__table__  # type: ignore[assignment]

INVALID_CODE = "Invalid or expired OTP"
TOO_MANY_CODES = "Too many wrong codes. Please log in again."
CODE_NOT_SENT = "We could not send your verification code. Please try again."
RESEND_TOO_SOON = "Please wait a moment before requesting another code."
CODES_PAUSED = (
    "Too many wrong codes were entered. For your safety, verification is paused for a while: "
    "please try again later."
)
TOO_MANY_CODES_SENT = "Too many codes were requested. Please wait a few minutes and try again."

EMAIL = "EMAIL"
SMS = "SMS"


class OpenChallenge(NamedTuple):
    """A row of `OneTimeCodes.open_challenge`."""

    challenge: OtpChallenge | None
    paused_until: datetime | None
    failures_in_a_row: int


class OneTimeCodes:
    def __init__(
        self,
        db: Database,
        settings: Settings,
        core: CoreClient,
        notifier: Notifier | None = None,
    ) -> None:
        self.db = db
        self.settings = settings
        self.core = core
        self.notifier = notifier or Notifier.simulator(db, core)
        self.notices = SecurityNotices(self.notifier)
        self._background: set[asyncio.Task[None]] = set()

    async def issue(
        self,
        user: User,
        purpose: str,
        *,
        method: str = TwoFactor.OTP,
        channels: Sequence[str] = (EMAIL, SMS),
        remember: bool = False,
        subject: str = "Your Kobo verification code",
        min_interval_s: int = 0,
        store_with: Sequence[object] = (),
    ) -> None:
        """Open a challenge and, for OTP, deliver the code. Replaces any open challenge.

        `store_with`: new rows that the code confirms (a payment), stored in the challenge's
        transaction. Their purpose is new, so there is no open challenge to replace.
        """
        code = tokens.new_otp_code() if method == TwoFactor.OTP else None
        now = utcnow()
        # The pause as the request's own read of the user found it (the session check, the
        # sign-in): no statement of its own. A pause that starts in between still stops the
        # code when it is used (`use_in` reads it with the challenge).
        _refuse_if_paused(user.codes_paused_until, now)
        async with self.db.transaction() as session:
            if purpose == OtpPurpose.LOGIN and method == TwoFactor.OTP:
                await self._check_sign_in_codes_sent(session, user.id, now)
            session.add_all(store_with)
            if min_interval_s:
                last = await session.scalar(
                    select(OtpChallenge.created_at)
                    .where(OtpChallenge.user_id == user.id, OtpChallenge.purpose == purpose)
                    .order_by(OtpChallenge.id.desc())
                    .limit(1)
                )
                if last is not None and (now - last).total_seconds() < min_interval_s:
                    raise TooManyRequests(RESEND_TOO_SOON, retry_after_s=min_interval_s)
            if not store_with:
                # The open challenges are locked newest first, the order in which a code
                # check (`use_in`) locks them: in the table's order, a sign-in that sent a
                # new code while another checked one deadlocked with it (found by the
                # drills, two sessions of one customer signing in at once).
                still_open = (
                    select(OtpChallenge.id)
                    .where(
                        OtpChallenge.user_id == user.id,
                        OtpChallenge.purpose == purpose,
                        OtpChallenge.consumed_at.is_(None),
                    )
                    .order_by(OtpChallenge.id.desc())
                    .with_for_update()
                )
                await session.execute(
                    update(OtpChallenge)
                    .where(OtpChallenge.id.in_(still_open.scalar_subquery()))
                    .values(expires_at=now)
                )
            challenge = OtpChallenge(
                user_id=user.id,
                purpose=purpose,
                method=method,
                code_hash=tokens.otp_digest(self.settings.secret_key, purpose, code)
                if code
                else None,
                remember=remember,
                created_at=now,
                expires_at=now + timedelta(seconds=self.settings.otp_ttl_s),
            )
            session.add(challenge)
        if code is not None:
            await self._deliver(user, code, challenge.id, channels, subject)

    async def ask_to_confirm(
        self, user: User, purpose: str, *, store_with: Sequence[object] = ()
    ) -> str:
        """Start the code step of a sensitive action with the user's own second factor;
        returns the sentence that tells them where to find the code. `store_with` as in
        `issue`."""
        await self.issue(user, purpose, method=user.two_factor, store_with=store_with)
        if user.two_factor == TwoFactor.GOOGLE:
            return "Enter the verification code in your google authenticator app"
        return "Enter the OTP sent to your registered email & phone number"

    async def _deliver(
        self, user: User, code: str, challenge_id: int, channels: Sequence[str], subject: str
    ) -> None:
        minutes = self.settings.otp_ttl_s // 60
        text = (
            f"Your Kobo verification code is {code}. It expires in {minutes} minutes. "
            "Never share it with anyone, including Kobo staff."
        )
        # Straight through the transports, not the outbox: a code is worth something only
        # now, and one that cannot be sent is voided at once (docs/operations.md).
        messages = []
        if EMAIL in channels:
            messages.append(plain_email(user.email, subject, text))
        if SMS in channels and user.phone_number:
            messages.append(sms(user.phone_number, text))
        results = await self.notifier.send_all_now(messages)
        for result in results:
            if result is not None and not isinstance(result, DeliveryFailed):
                raise result
            if isinstance(result, DeliveryFailed):
                log.warning("code delivery failed for user %s: %s", user.id, result)
        if all(isinstance(r, DeliveryFailed) for r in results):
            # Nobody received the code: void it so it can never be used.
            async with self.db.transaction() as session:
                await session.execute(
                    update(OtpChallenge)
                    .where(OtpChallenge.id == challenge_id)
                    .values(expires_at=utcnow())
                )
            raise ServiceUnavailable(CODE_NOT_SENT)

    async def consume(
        self, user_id: int, purpose: str, otp: str, *, too_many: str = TOO_MANY_CODES
    ) -> OtpChallenge:
        """Check `otp` against the user's open challenge for `purpose`; use it up if right.

        A wrong code is counted (committed) before the refusal is raised.
        """
        async with self.db.transaction() as session:
            challenge = await self.use_in(session, user_id, purpose, otp, too_many=too_many)
        if challenge is None:
            raise wrong_code()
        return challenge

    def open_challenge(
        self, user_id: int | BindParameter[Any], purpose: str | BindParameter[Any]
    ) -> Select[OtpChallenge, datetime | None, int]:
        """The user's pause and wrong codes in a row, with their open challenge for `purpose`
        (None when there is none), for a caller to extend and lock as it needs:
        `payments.lifecycle.begin_with_code` reads its payment in the same statement and
        locks the payment's row. Its row is what `use_read` takes."""
        latest_open = (
            select(OtpChallenge.id)
            .where(*_unused(user_id, purpose))
            .order_by(OtpChallenge.id.desc())
            .limit(1)
            .scalar_subquery()
        )
        return (
            select(OtpChallenge, User.codes_paused_until, User.code_failures)
            .select_from(User)
            .outerjoin(OtpChallenge, OtpChallenge.id == latest_open)
            .where(User.id == user_id)
        )

    async def use_in(
        self,
        session: AsyncSession,
        user_id: int,
        purpose: str,
        otp: str,
        *,
        too_many: str = TOO_MANY_CODES,
    ) -> OtpChallenge | None:
        """`consume` inside the caller's transaction, so the code is used up together with
        what it confirms. Raises while nothing is written (no open challenge, expired, too
        many tries); returns None for a wrong code, whose try is counted in `session`: the
        caller commits, then raises `wrong_code()`. The challenge's row is locked while
        the code is checked."""
        # The open challenge, the account's pause and its wrong codes in a row in one
        # statement; only the challenge's row is locked (PostgreSQL cannot lock the nullable
        # side of `open_challenge`'s outer join). With no open challenge, the pause is read
        # on its own.
        found = (
            await session.execute(
                select(OtpChallenge, User.codes_paused_until, User.code_failures)
                .join(User, User.id == OtpChallenge.user_id)
                .where(*_unused(user_id, purpose))
                .order_by(OtpChallenge.id.desc())
                .limit(1)
                .with_for_update(of=OtpChallenge)
            )
        ).first()
        if found is None:
            await self._check_not_paused(session, user_id, utcnow())
            raise wrong_code()
        return await self.use_read(
            session, OpenChallenge(*found), user_id, purpose, otp, too_many=too_many
        )

    async def use_read(
        self,
        session: AsyncSession,
        found: OpenChallenge,
        user_id: int,
        purpose: str,
        otp: str,
        *,
        too_many: str = TOO_MANY_CODES,
        mark_used: bool = True,
    ) -> OtpChallenge | None:
        """`use_in` on what the caller read with `open_challenge`, in `session`, holding a
        lock that keeps a concurrent use of the same code out (the challenge's row, or the
        payment's it confirms). A paused account hears that it is paused, whatever it sends.
        `mark_used=False`: a right code's challenge is answered as it is, and the caller
        writes `used(challenge.id)` in its own statement (the payment's start, one
        statement fewer)."""
        otp = otp.strip()
        now = utcnow()
        _refuse_if_paused(found.paused_until, now)
        challenge = found.challenge
        if challenge is None or challenge.expires_at <= now:
            raise wrong_code()
        if challenge.attempts >= self.settings.otp_max_attempts:
            raise ValidationFailed(too_many, field="otp")
        if await self._matches(session, challenge, otp):
            if mark_used:
                challenge.consumed_at = now
            # A right code ends a run of wrong ones; with none counted there is nothing to
            # write (a wrong code counted meanwhile by another request then stays counted).
            if found.failures_in_a_row:
                await session.execute(
                    update(_USERS)
                    .where(_USERS.c.id == user_id, _USERS.c.code_failures != 0)
                    .values(code_failures=0)
                )
            return challenge
        challenge.attempts += 1
        record(
            session,
            Event.CODE_FAILED,
            user_id=user_id,
            detail=f"{purpose.split(':', 1)[0]}, wrong try {challenge.attempts}",
        )
        await self._count_failure(session, user_id, now)
        return None

    @staticmethod
    def used(challenge_id: int) -> Update:
        """The statement that marks a right code's challenge used (see `use_read`)."""
        return (
            update(_CHALLENGES).where(_CHALLENGES.c.id == challenge_id).values(consumed_at=utcnow())
        )

    async def _check_not_paused(self, session: AsyncSession, user_id: int, now: datetime) -> None:
        paused_until = await session.scalar(
            select(User.codes_paused_until).where(User.id == user_id)
        )
        _refuse_if_paused(paused_until, now)

    async def _check_sign_in_codes_sent(
        self, session: AsyncSession, user_id: int, now: datetime
    ) -> None:
        """Each sign-in sends an SMS and an e-mail: a password in the wrong hands must not
        become a way to spam the owner (or run up the bank's SMS bill)."""
        since = now - timedelta(seconds=self.settings.login_failure_window_s)
        sent = await session.scalar(
            select(func.count())
            .select_from(OtpChallenge)
            .where(
                OtpChallenge.user_id == user_id,
                OtpChallenge.purpose == OtpPurpose.LOGIN,
                OtpChallenge.created_at >= since,
            )
        )
        if (sent or 0) >= self.settings.login_codes_per_window:
            raise TooManyRequests(
                TOO_MANY_CODES_SENT, retry_after_s=self.settings.login_failure_window_s
            )

    async def _count_failure(self, session: AsyncSession, user_id: int, now: datetime) -> None:
        """One more wrong code in a row for the account, whichever challenge it was for: a
        fresh sign-in does not give a guesser five fresh tries. At the limit the second
        factor pauses and the owner is told."""
        failures = await session.scalar(
            update(User)
            .where(User.id == user_id)
            .values(code_failures=User.code_failures + 1)
            .returning(User.code_failures)
        )
        if (failures or 0) < self.settings.code_max_consecutive_failures:
            return
        until = now + timedelta(seconds=self.settings.code_pause_s)
        await session.execute(
            update(User).where(User.id == user_id).values(code_failures=0, codes_paused_until=until)
        )
        record(session, Event.CODES_PAUSED, user_id=user_id, detail=f"until {until:%H:%M} UTC")
        user = await session.get(User, user_id)
        if user is not None:
            minutes = self.settings.code_pause_s // 60
            what = (
                f"{self.settings.code_max_consecutive_failures} wrong verification codes in a "
                f"row were entered on your Kobo account. To protect your money, verification "
                f"is paused for {minutes} minutes. Whoever tried also knew your password: "
                "please reset it now from the sign-in page."
            )
            # After the caller's commit would be better; the pause is committed with the
            # wrong try (the caller commits before refusing), so the notice is true.
            task = asyncio.create_task(self.notices.tell(user, Event.CODES_PAUSED, what))
            self._background.add(task)
            task.add_done_callback(self._background.discard)

    async def was_used(self, user_id: int, purpose: str) -> bool:
        """Whether the latest challenge for `purpose` was answered correctly."""
        async with self.db.autocommit() as session:
            consumed = await session.scalar(
                select(OtpChallenge.consumed_at)
                .where(OtpChallenge.user_id == user_id, OtpChallenge.purpose == purpose)
                .order_by(OtpChallenge.id.desc())
                .limit(1)
            )
        return consumed is not None

    async def _matches(self, session: AsyncSession, challenge: OtpChallenge, otp: str) -> bool:
        if not (len(otp) == 6 and otp.isdigit()):
            return False
        if challenge.method == TwoFactor.GOOGLE:
            # Only an authenticator's code needs the user (the secret, the last step used).
            # A challenge always has its user: deleting a user deletes their challenges.
            user = await session.get(User, challenge.user_id)
            if user is None or not user.totp_secret:
                return False
            step = totp.matching_step(user.totp_secret, otp)
            if step is None:
                return False
            # The step is claimed by a conditional UPDATE, not read-then-written: two
            # challenges for different purposes lock different rows, and the same code sent
            # to both at once must still be accepted once (the second update waits for the
            # first and then finds the step taken).
            claimed = await session.execute(
                update(User)
                .where(
                    User.id == user.id,
                    or_(User.totp_last_step.is_(None), User.totp_last_step < step),
                )
                .values(totp_last_step=step)
                .execution_options(synchronize_session=False)
            )
            return bool(claimed.rowcount == 1)  # type: ignore[attr-defined]
        expected = tokens.otp_digest(self.settings.secret_key, challenge.purpose, otp)
        return challenge.code_hash is not None and tokens.same(challenge.code_hash, expected)


def wrong_code() -> ValidationFailed:
    return ValidationFailed(INVALID_CODE, field="otp")


def _refuse_if_paused(paused_until: datetime | None, now: datetime) -> None:
    if paused_until is not None and paused_until > now:
        wait = int((paused_until - now).total_seconds()) + 1
        raise TooManyRequests(CODES_PAUSED, retry_after_s=wait)


def _unused(user_id: Any, purpose: Any) -> tuple[Any, ...]:
    """Where a customer's challenges for `purpose` that no code has used yet are (values or
    bound parameters)."""
    return (
        OtpChallenge.user_id == user_id,
        OtpChallenge.purpose == purpose,
        OtpChallenge.consumed_at.is_(None),
    )
