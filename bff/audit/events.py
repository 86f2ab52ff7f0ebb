"""What the audit log records. One name per kind of event, used everywhere."""

from __future__ import annotations

from enum import StrEnum


class Event(StrEnum):
    SIGN_IN = "SIGN_IN"  # password and code both right: a session opened
    SIGN_IN_FAILED = "SIGN_IN_FAILED"  # wrong identifier or password
    SIGN_IN_LOCKED = "SIGN_IN_LOCKED"  # refused: too many failures for the identifier/address
    CODE_FAILED = "CODE_FAILED"  # a wrong one-time code
    CODES_PAUSED = "CODES_PAUSED"  # too many wrong codes in a row: the second factor pauses
    SIGN_OUT = "SIGN_OUT"
    PASSWORD_CHANGED = "PASSWORD_CHANGED"  # noqa: S105 (an event name)
    PASSWORD_RESET = "PASSWORD_RESET"  # noqa: S105 (an event name)
    TWO_FACTOR_CHANGED = "TWO_FACTOR_CHANGED"
    PASSKEY_ADDED = "PASSKEY_ADDED"
    PASSKEY_REMOVED = "PASSKEY_REMOVED"
    NEW_DEVICE = "NEW_DEVICE"  # a sign-in from a browser this customer never used
    DEVICE_REMOVED = "DEVICE_REMOVED"  # forgotten by the customer; its sessions ended
    LIMIT_CHANGED = "LIMIT_CHANGED"
    BENEFICIARY_ADDED = "BENEFICIARY_ADDED"
    BENEFICIARY_DELETED = "BENEFICIARY_DELETED"
    KYC_REVIEWED = "KYC_REVIEWED"  # a back-office decision
    ONBOARDING_REVIEWED = "ONBOARDING_REVIEWED"  # a back-office decision
    ACCOUNT_FROZEN = "ACCOUNT_FROZEN"  # by the customer, without a code
    ACCOUNT_UNFROZEN = "ACCOUNT_UNFROZEN"  # a code and a new password, or the back office
    PAYMENT_BLOCKED = "PAYMENT_BLOCKED"  # refused by the risk check (bff/risk)
    PAYMENT_REVIEWED = "PAYMENT_REVIEWED"  # a held payment released or cancelled
    INSTANT_TRANSFERS_OFF = "INSTANT_TRANSFERS_OFF"  # by the customer, without a code
    INSTANT_TRANSFERS_ON = "INSTANT_TRANSFERS_ON"  # with a code or passkey
    DATA_EXPORT_ASKED = "DATA_EXPORT_ASKED"  # a copy of the customer's data, with a code/passkey
    DATA_DOWNLOADED = "DATA_DOWNLOADED"  # its single-use link used
    DATA_REQUEST_ANSWERED = "DATA_REQUEST_ANSWERED"  # a correction done, or a request rejected
    PROFILE_ERASED = "PROFILE_ERASED"  # an erasure request fulfilled: the profile closed
