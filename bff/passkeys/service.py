"""Passkeys: registering one (after a one-time code), signing in with one, approving an
action with one, and removing one. The WebAuthn checks are py_webauthn's; this module keeps
the challenges (in the database, used once, short-lived) and the credentials.

An approval's challenge is derived from the action: SHA-256 over a random nonce and the
action's canonical text (for a transfer: its reference, amount in kobo, source and payee).
The assertion that answers it is checked against the challenge recomputed from the action
as stored, so a signature made for one payment can never confirm another (docs/security.md,
"Passkeys").
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, TypeVar

import msgspec
from sqlalchemy import delete, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import (
    base64url_to_bytes,
    bytes_to_base64url,
    options_to_json_dict,
    parse_client_data_json,
)
from webauthn.helpers.cose import COSEAlgorithmIdentifier
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AttestationConveyancePreference,
    AuthenticatorSelectionCriteria,
    AuthenticatorTransport,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from bff.audit.events import Event
from bff.audit.notices import SecurityNotices
from bff.audit.service import record
from bff.auth.codes import OneTimeCodes
from bff.auth.service import AuthService, Browser, NewSession
from bff.config import Settings
from bff.db import Database, utcnow
from bff.errors import NotAuthenticated, NotFound, ValidationFailed
from bff.passkeys.models import Passkey, WebAuthnChallenge
from bff.passkeys.schemas import PasskeyAssertionIn, PasskeyRegistrationIn
from bff.security import tokens
from bff.users.models import User

log = logging.getLogger(__name__)

PASSKEY_REFUSED = "We could not verify your passkey. Please try again, or use a code instead."
SIGN_IN_REFUSED = "We could not sign you in with this passkey. Please sign in with your password."
REGISTRATION_REFUSED = "We could not add this passkey. Please try again."
NO_PASSKEY = "You have no passkey yet. Add one in Settings, or use a code instead."
ALREADY_ADDED = "This passkey is already on your profile."
PASSKEY_NOT_FOUND = "Passkey not found"
NEW_PASSKEY_SMS = (
    'Kobo: a passkey named "{}" was added to your profile. If this was not you, call us now '
    "and change your password."
)

REGISTER = "REGISTER"
SIGN_IN = "SIGN_IN"
APPROVE = "APPROVE:"
# One-time-code purposes (bff/auth/codes.py) of the steps a code confirms.
ADD_CODE = "PASSKEY_ADD"
REMOVE_CODE = "PASSKEY_REMOVE:"
# ES256 first (every platform authenticator), then EdDSA and RS256 (Windows Hello).
ALGORITHMS = [
    COSEAlgorithmIdentifier.ECDSA_SHA_256,
    COSEAlgorithmIdentifier.EDDSA,
    COSEAlgorithmIdentifier.RSASSA_PKCS1_v1_5_SHA_256,
]


@dataclass(frozen=True, slots=True)
class Action:
    """Something a passkey approves: `key` names it (one open challenge per action), `text`
    is every detail the approval vouches for, in a fixed order."""

    key: str
    text: str

    def challenge(self, nonce: bytes) -> bytes:
        return hashlib.sha256(b"kobo-approval\x00" + nonce + self.text.encode()).digest()


def removal(what: str, item_id: int, user_id: int, secret: str) -> Action:
    """What a passkey approves when something of the customer's is removed (`what`:
    PASSKEY_REMOVE, DEVICE_REMOVE): that item of that customer, down to its own secret.
    The key names the kind too: a device and a passkey can share an id."""
    return Action(
        key=f"{what}:{item_id}",
        text="\n".join((what, str(item_id), str(user_id), secret)),
    )


def removal_of(passkey: Passkey) -> Action:
    """What a passkey approves when a passkey is removed: that passkey of that customer."""
    return removal("PASSKEY_REMOVE", passkey.id, passkey.user_id, passkey.credential_id)


class PasskeyRefused(ValidationFailed):
    def __init__(self, message: str = PASSKEY_REFUSED) -> None:
        super().__init__(message, field="passkey")


class PasskeyService:
    def __init__(
        self,
        db: Database,
        settings: Settings,
        codes: OneTimeCodes,
        auth: AuthService,
        notices: SecurityNotices,
    ) -> None:
        self.db = db
        self.settings = settings
        self.codes = codes
        self.auth = auth
        self.notices = notices
        self.ttl = timedelta(seconds=settings.webauthn_challenge_ttl_s)

    # -- registration (Settings, 2 Factor Authentication) ---------------------------------
    async def send_registration_code(self, user: User) -> str:
        """Step 1: a code with the customer's own second factor, as for the other choices."""
        return await self.codes.ask_to_confirm(user, ADD_CODE)

    async def registration_options(self, user: User, code: str) -> dict[str, Any]:
        """Step 2: the code is used up; the browser's creation options (challenge stored)."""
        await self.codes.consume(user.id, ADD_CODE, code)
        challenge = secrets.token_bytes(32)
        async with self.db.transaction() as session:
            existing = await self._passkeys_of(session, user.id)
            self._store(session, challenge, REGISTER, user.id)
        options = generate_registration_options(
            rp_id=self.settings.webauthn_rp_id,
            rp_name=self.settings.webauthn_rp_name,
            user_name=user.email,
            user_id=user.uuid.encode(),
            user_display_name=f"{user.first_name} {user.last_name}",
            challenge=challenge,
            timeout=self.settings.webauthn_challenge_ttl_s * 1000,
            attestation=AttestationConveyancePreference.NONE,
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED,
                user_verification=UserVerificationRequirement.REQUIRED,
            ),
            exclude_credentials=[_descriptor(p) for p in existing],
            supported_pub_key_algs=ALGORITHMS,
        )
        return options_to_json_dict(options)

    async def register(
        self,
        user: User,
        data: PasskeyRegistrationIn,
        label: str,
        device_id: int | None = None,
    ) -> Passkey:
        """Step 3: the browser's new credential, checked and kept."""
        credential = msgspec.to_builtins(data)
        name = (credential.pop("name", None) or label).strip()[:60] or "Passkey"
        challenge = _challenge_of(data.response.client_data_json, REGISTRATION_REFUSED)
        now = utcnow()
        async with self.db.transaction() as session:
            await self._claim(session, challenge, REGISTER, user.id, REGISTRATION_REFUSED)
            try:
                verified = verify_registration_response(
                    credential=credential,
                    expected_challenge=base64url_to_bytes(challenge),
                    expected_rp_id=self.settings.webauthn_rp_id,
                    expected_origin=list(self.settings.webauthn_origins),
                    require_user_verification=True,
                    supported_pub_key_algs=ALGORITHMS,
                )
            except WebAuthnException as exc:
                log.info("passkey registration refused for user %s: %s", user.id, exc)
                raise PasskeyRefused(REGISTRATION_REFUSED) from exc
            credential_id = bytes_to_base64url(verified.credential_id)
            taken = await session.scalar(
                select(Passkey.id).where(Passkey.credential_id == credential_id)
            )
            if taken is not None:
                raise PasskeyRefused(ALREADY_ADDED)
            passkey = Passkey(
                user_id=user.id,
                credential_id=credential_id,
                public_key=verified.credential_public_key,
                sign_count=verified.sign_count,
                name=name,
                transports=",".join(data.response.transports)[:120],
                backed_up=verified.credential_backed_up,
                created_at=now,
            )
            session.add(passkey)
            await session.execute(update(User).where(User.id == user.id).values(has_passkey=True))
            if self.auth.devices is not None:  # the new-device cap starts on this device
                await self.auth.devices.passkey_added_in(session, user.id, device_id, now)
            record(session, Event.PASSKEY_ADDED, user_id=user.id, detail=name)
        await self.notices.tell(
            user,
            Event.PASSKEY_ADDED,
            f'A passkey named "{name}" was added to your profile. It can sign you in and '
            "approve your payments.",
        )
        # A new way into the account is also worth an SMS: the phone reaches the customer
        # even when the e-mail account is the one in the wrong hands. Through the outbox too.
        await self.notices.text(user, NEW_PASSKEY_SMS.format(name))
        return passkey

    # -- sign-in (discoverable credentials: no identifier typed) ----------------------------
    async def sign_in_options(self) -> dict[str, Any]:
        """The challenge, stored by one INSERT that commits on its own (Database.autocommit):
        nothing else is written with it, and every sign-in of the morning rush asks for one
        (issue 57)."""
        challenge = secrets.token_bytes(32)
        async with self.db.autocommit() as session:
            await session.execute(
                insert(WebAuthnChallenge).values(**self._challenge_row(challenge, SIGN_IN, None))
            )
        return self._request_options(challenge, [])

    async def sign_in(
        self,
        data: PasskeyAssertionIn,
        remember: bool,
        client_address: str,
        browser: Browser | None = None,
    ) -> NewSession:
        """A passkey verified with user verification is both factors: something the
        customer has (the device's key) and is or knows (fingerprint, face, screen lock)."""
        challenge = _challenge_of(data.response.client_data_json, SIGN_IN_REFUSED, 401)
        async with self.db.transaction() as session:
            # The credential and its customer in one statement.
            found = (
                await session.execute(
                    select(Passkey, User)
                    .join(User, User.id == Passkey.user_id)
                    .where(Passkey.credential_id == data.id)
                )
            ).first()
            passkey, user = found.tuple() if found is not None else (None, None)
            handle = data.response.user_handle
            if passkey is None or user is None or not user.email_verified:
                raise NotAuthenticated(SIGN_IN_REFUSED)
            if handle is not None and not tokens.same(_decoded(handle), user.uuid):
                raise NotAuthenticated(SIGN_IN_REFUSED)
            await self._claim(session, challenge, SIGN_IN, None, SIGN_IN_REFUSED, 401)
            try:
                await self._verify_assertion(session, data, challenge, passkey)
            except PasskeyRefused as exc:
                raise NotAuthenticated(SIGN_IN_REFUSED) from exc
            new = await self.auth.sign_in_in(session, user, remember, client_address, browser)
            if self.auth.devices is not None and new.seen is not None:
                # A passkey younger than a day puts the device it signs in on under the cap
                # until the passkey is a day old.
                await self.auth.devices.passkey_added_in(
                    session, user.id, new.seen.device_id, passkey.created_at, new.seen
                )
            record(session, Event.SIGN_IN, user_id=user.id, detail="passkey")
        await self.auth.after_sign_in(new)
        return new.session

    # -- approvals (a payment, or any code-confirmed action) ---------------------------------
    async def approval_options(self, user_id: int, action: Action) -> dict[str, Any]:
        """The request options whose challenge commits to `action`; the customer's own
        passkeys are allowed (a refusal when they have none)."""
        nonce = secrets.token_bytes(32)
        challenge = action.challenge(nonce)
        async with self.db.transaction() as session:
            passkeys = await self._passkeys_of(session, user_id)
            if not passkeys:
                raise ValidationFailed(NO_PASSKEY, field="passkey")
            self._store(session, challenge, APPROVE + action.key, user_id, nonce)
        return self._request_options(challenge, passkeys)

    async def approve_in(
        self, session: AsyncSession, user_id: int, action: Action, data: PasskeyAssertionIn
    ) -> None:
        """Check the assertion for `action` inside the caller's transaction, so the challenge
        is used up together with what it approves. Raises PasskeyRefused (nothing written)."""
        challenge = _challenge_of(data.response.client_data_json, PASSKEY_REFUSED)
        passkey = await session.scalar(
            select(Passkey).where(Passkey.credential_id == data.id, Passkey.user_id == user_id)
        )
        if passkey is None:
            raise PasskeyRefused()
        nonce = await self._claim(session, challenge, APPROVE + action.key, user_id)
        # The challenge again, from the action as it is now: a challenge issued for other
        # details (or none) does not match.
        expected = action.challenge(base64url_to_bytes(nonce or ""))
        if not tokens.same(bytes_to_base64url(expected), challenge):
            raise PasskeyRefused()
        await self._verify_assertion(session, data, challenge, passkey)

    # -- the customer's passkeys -------------------------------------------------------------
    async def passkeys_of(self, user_id: int) -> list[Passkey]:
        async with self.db.autocommit() as session:
            return await self._passkeys_of(session, user_id)

    async def rename(self, user_id: int, passkey_id: int, name: str) -> Passkey:
        name = " ".join(name.split())[:60]
        if not name:
            raise ValidationFailed("Enter a name for this passkey", field="name")
        async with self.db.transaction() as session:
            passkey = await session.get(Passkey, passkey_id)
            if passkey is None or passkey.user_id != user_id:
                raise NotFound(PASSKEY_NOT_FOUND)
            passkey.name = name
        return passkey

    async def send_removal_code(self, user: User, passkey_id: int) -> str:
        await self._own(user.id, passkey_id)
        return await self.codes.ask_to_confirm(user, f"{REMOVE_CODE}{passkey_id}")

    async def removal_options(self, user_id: int, passkey_id: int) -> dict[str, Any]:
        """Request options that approve removing this passkey and nothing else: any of the
        customer's passkeys may approve it, this one included."""
        return await self.approval_options(
            user_id, removal_of(await self._own(user_id, passkey_id))
        )

    async def remove(
        self,
        user: User,
        passkey_id: int,
        otp: str | None,
        assertion: PasskeyAssertionIn | None = None,
    ) -> None:
        """With the code sent for it, or with a passkey's assertion of this removal (checked,
        and used up, in the removal's transaction)."""
        passkey = await self._own(user.id, passkey_id)
        async with self.db.transaction() as session:
            if assertion is not None:  # refused: raises, nothing written
                await self.approve_in(session, user.id, removal_of(passkey), assertion)
                approved = True
            else:  # a wrong code is counted when this commits
                code = f"{REMOVE_CODE}{passkey_id}"
                approved = await self.codes.use_in(session, user.id, code, otp or "") is not None
            if approved:
                await session.execute(
                    delete(Passkey).where(Passkey.id == passkey_id, Passkey.user_id == user.id)
                )
                others = select(Passkey.id).where(Passkey.user_id == user.id).exists()
                await session.execute(
                    update(User).where(User.id == user.id).values(has_passkey=others)
                )
                record(session, Event.PASSKEY_REMOVED, user_id=user.id, detail=passkey.name)
        if not approved:
            raise ValidationFailed("Invalid or expired OTP", field="otp")
        await self.notices.tell(
            user,
            Event.PASSKEY_REMOVED,
            f'The passkey named "{passkey.name}" was removed from your profile. It can no '
            "longer sign you in or approve payments.",
        )

    async def forget_expired_challenges(self, now: datetime | None = None) -> int:
        async with self.db.transaction() as session:
            result = await session.execute(
                delete(WebAuthnChallenge).where(WebAuthnChallenge.expires_at < (now or utcnow()))
            )
        return int(result.rowcount or 0)  # type: ignore[attr-defined]

    # -- helpers -----------------------------------------------------------------------------
    async def _own(self, user_id: int, passkey_id: int) -> Passkey:
        async with self.db.autocommit() as session:
            passkey = await session.get(Passkey, passkey_id)
        if passkey is None or passkey.user_id != user_id:
            raise NotFound(PASSKEY_NOT_FOUND)
        return passkey

    async def _passkeys_of(self, session: AsyncSession, user_id: int) -> list[Passkey]:
        found = await session.scalars(
            select(Passkey).where(Passkey.user_id == user_id).order_by(Passkey.id)
        )
        return list(found.all())

    def _store(
        self,
        session: AsyncSession,
        challenge: bytes,
        purpose: str,
        user_id: int | None,
        nonce: bytes | None = None,
    ) -> None:
        session.add(WebAuthnChallenge(**self._challenge_row(challenge, purpose, user_id, nonce)))

    def _challenge_row(
        self, challenge: bytes, purpose: str, user_id: int | None, nonce: bytes | None = None
    ) -> dict[str, Any]:
        now = utcnow()
        return {
            "challenge": bytes_to_base64url(challenge),
            "user_id": user_id,
            "purpose": purpose,
            "nonce": bytes_to_base64url(nonce) if nonce is not None else None,
            "created_at": now,
            "expires_at": now + self.ttl,
        }

    async def _claim(
        self,
        session: AsyncSession,
        challenge: str,
        purpose: str,
        user_id: int | None,
        refusal: str = PASSKEY_REFUSED,
        status: int = 400,
    ) -> str | None:
        """Use the stored challenge up (one conditional UPDATE: of two answers to it, one
        wins); returns its nonce. Refuses an unknown, expired, used or foreign challenge."""
        now = utcnow()
        owner = (
            WebAuthnChallenge.user_id.is_(None)
            if user_id is None
            else WebAuthnChallenge.user_id == user_id
        )
        claimed = (
            await session.execute(
                update(WebAuthnChallenge)
                .where(
                    WebAuthnChallenge.challenge == challenge,
                    WebAuthnChallenge.purpose == purpose,
                    owner,
                    WebAuthnChallenge.used_at.is_(None),
                    WebAuthnChallenge.expires_at > now,
                )
                .values(used_at=now)
                .returning(WebAuthnChallenge.nonce)
                .execution_options(synchronize_session=False)
            )
        ).first()
        if claimed is None:
            raise _refusal(refusal, status)
        return claimed[0]

    async def _verify_assertion(
        self, session: AsyncSession, data: PasskeyAssertionIn, challenge: str, passkey: Passkey
    ) -> None:
        try:
            verified = verify_authentication_response(
                credential=msgspec.to_builtins(data),
                expected_challenge=base64url_to_bytes(challenge),
                expected_rp_id=self.settings.webauthn_rp_id,
                expected_origin=list(self.settings.webauthn_origins),
                credential_public_key=passkey.public_key,
                credential_current_sign_count=passkey.sign_count,
                require_user_verification=True,
            )
        except WebAuthnException as exc:
            log.info("passkey assertion refused for passkey %s: %s", passkey.id, exc)
            raise PasskeyRefused() from exc
        # The counter moves on only from the value this check saw: an authenticator whose
        # count does not grow (a cloned key) loses a race with itself (WebAuthn §6.1.1).
        moved = await session.execute(
            update(Passkey)
            .where(
                Passkey.id == passkey.id,
                # Authenticators that keep no count send 0 every time: 0 stays 0.
                Passkey.sign_count == passkey.sign_count,
            )
            .values(sign_count=verified.new_sign_count, last_used_at=utcnow())
            .execution_options(synchronize_session=False)
        )
        if moved.rowcount != 1:  # type: ignore[attr-defined]
            raise PasskeyRefused()

    def _request_options(self, challenge: bytes, allowed: list[Passkey]) -> dict[str, Any]:
        options = generate_authentication_options(
            rp_id=self.settings.webauthn_rp_id,
            challenge=challenge,
            timeout=self.settings.webauthn_challenge_ttl_s * 1000,
            allow_credentials=[_descriptor(p) for p in allowed],
            user_verification=UserVerificationRequirement.REQUIRED,
        )
        return options_to_json_dict(options)


T = TypeVar("T")


class PasskeyApprovals:
    """For a service whose actions a passkey may approve instead of a code: `passkeys` is
    None where passkeys are not offered."""

    passkeys: PasskeyService | None

    def can_approve_with_passkey(self, user: User) -> bool:
        """From the user row the request's session check read (`User.has_passkey`)."""
        return self.passkeys is not None and user.has_passkey

    def _passkeys(self) -> PasskeyService:
        """The passkey service, or the refusal of an approval where there is none."""
        if self.passkeys is None:
            raise ValidationFailed(NO_PASSKEY, field="passkey")
        return self.passkeys

    def _approval(
        self, user: User, passkey: PasskeyAssertionIn | None, action_of: Callable[[T], Action]
    ) -> Callable[[AsyncSession, T], Awaitable[None]] | None:
        """`begin_with_code`'s `approve` (bff/payments/lifecycle.py): `passkey` checked
        against the action of the payment as its row was read; None: no passkey, the code
        approves."""
        if passkey is None:
            return None
        passkeys = self._passkeys()

        async def approve(session: AsyncSession, item: T) -> None:
            await passkeys.approve_in(session, user.id, action_of(item), passkey)

        return approve


def _descriptor(passkey: Passkey) -> PublicKeyCredentialDescriptor:
    transports = []
    for name in filter(None, passkey.transports.split(",")):
        try:
            transports.append(AuthenticatorTransport(name))
        except ValueError:
            continue  # a transport this library does not know yet: only a hint
    return PublicKeyCredentialDescriptor(
        id=base64url_to_bytes(passkey.credential_id), transports=transports or None
    )


def _challenge_of(client_data_json: str, refusal: str, status: int = 400) -> str:
    """The challenge the browser signed, as stored (base64url)."""
    try:
        client_data = parse_client_data_json(base64url_to_bytes(client_data_json))
    except (WebAuthnException, ValueError, KeyError, TypeError) as exc:
        raise _refusal(refusal, status) from exc
    return bytes_to_base64url(client_data.challenge)


def _decoded(handle: str) -> str:
    try:
        return base64url_to_bytes(handle).decode()
    except (ValueError, UnicodeDecodeError):
        return ""


def _refusal(message: str, status: int) -> ValidationFailed | NotAuthenticated:
    return NotAuthenticated(message) if status == 401 else PasskeyRefused(message)
