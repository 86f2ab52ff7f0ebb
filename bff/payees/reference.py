"""The `nameInquiryReference` a name inquiry hands the customer: what the payee's bank said,
signed by the BFF, so the transfer that follows need not ask again (issue 39).

It carries the payee's name, the switch's name-inquiry session (another bank's: NIP still
carries it to that bank) and an expiry, and its MAC binds them to the customer who asked,
the account number and the bank. Nothing is stored: checking it is a hash, not a statement
or a call. A reference that was altered, belongs to someone else or to another account, or
is older than `LIFETIME_S` is refused with a sentence that tells the customer what to do.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
from dataclasses import dataclass

from bff.errors import ValidationFailed

# Long enough to type an amount and a description after the name shows; short enough that
# a name on a closed or renamed account does not linger.
LIFETIME_S = 10 * 60
# The request field's limit (bff/transfers/schemas.py, `Text`): a longer reference (a very
# long name) is not issued, and the transfer then asks the payee's bank again.
MAX_LENGTH = 200
FIELD = "nameInquiryReference"
NOT_VALID = "This account check is not valid. Please check the account again."
EXPIRED = "This account check has expired. Please check the account again."
_MAC_BYTES = 16


@dataclass(frozen=True, slots=True)
class CheckedPayee:
    account_name: str
    session_id: str | None  # the switch's name-inquiry session; None at Kobo


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _mac(key: str, user_id: int, account: str, bank: str, body: str) -> str:
    # "name-enquiry": the signature's label from before the rename to inquiry, kept so that
    # references handed out just before a deploy still verify.
    message = "\x1f".join(("name-enquiry", str(user_id), account, bank, body)).encode()
    digest = hmac.new(key.encode(), message, hashlib.sha256).digest()
    return _b64(digest[:_MAC_BYTES])


def issue(
    key: str,
    *,
    user_id: int,
    account: str,
    bank: str,
    account_name: str,
    session_id: str | None,
    now: float,
) -> str | None:
    """The reference for this answer, or None if it would not fit the request field."""
    body = ".".join(
        (format(int(now) + LIFETIME_S, "x"), session_id or "", _b64(account_name.encode()))
    )
    reference = f"{body}.{_mac(key, user_id, account, bank, body)}"
    return reference if len(reference) <= MAX_LENGTH else None


def check(
    key: str, reference: str, *, user_id: int, account: str, bank: str, now: float
) -> CheckedPayee:
    """What the reference says about `account` at `bank`, for this customer; refused (400 on
    `nameInquiryReference`) unless the BFF issued it to them for that account, in time."""
    body, _, mac = reference.strip().rpartition(".")
    if not body or not hmac.compare_digest(mac, _mac(key, user_id, account, bank, body)):
        raise ValidationFailed(NOT_VALID, field=FIELD)
    try:
        expiry, session_id, name = body.split(".")
        expires_at, account_name = int(expiry, 16), _unb64(name).decode()
    except (ValueError, binascii.Error) as exc:  # signed by us, so never in practice
        raise ValidationFailed(NOT_VALID, field=FIELD) from exc
    if now >= expires_at:
        raise ValidationFailed(EXPIRED, field=FIELD)
    return CheckedPayee(account_name, session_id or None)
