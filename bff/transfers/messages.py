"""What the customer reads when a transfer does not go through, by NIP response code."""

from __future__ import annotations

NOT_DEBITED = "Your account was not debited."

BY_CODE = {
    "51": "Insufficient funds.",
    "57": "This transaction is not permitted on this account.",
    "06": "The beneficiary account is dormant.",
    "07": "The beneficiary account could not be found.",
    "25": "The beneficiary account could not be found.",
    "03": "The transfer was refused by the beneficiary bank.",
    "05": "The transfer was refused by the beneficiary bank.",
    "12": "The transfer could not be processed. Please look the account up again.",
    "13": "The amount is not valid.",
    "16": "The beneficiary bank is not known.",
    "26": "This transfer was already made.",
    # The core's watch on money coming in stopped the account's outflows (bff/risk).
    "34": "We have paused payments out of this account while our team checks money paid "
    "into it. We will contact you; you can also call customer service.",
    "61": "The transfer is above the limit allowed.",
    "63": "The transfer was refused for security reasons. Please contact us.",
    "91": "The beneficiary bank is not available right now. Please try again later.",
    "92": "The beneficiary bank could not be reached. Please try again later.",
    "94": "This transfer was already made.",
    "96": "The transfer failed because of a system error. Please try again later.",
}


def failure_message(code: str | None) -> str:
    reason = BY_CODE.get(code or "", "The transfer failed.")
    return f"{reason} {NOT_DEBITED}"


PENDING_MESSAGE = (
    "Your transfer is being processed. We will send you an SMS as soon as it completes."
)
