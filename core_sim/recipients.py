"""How a message's recipient is written down: one rule for the messages the gateway keeps,
the inbox's look-ups and the fault rules that target a recipient (messaging and faults both
use it, and neither may import the other's modules both ways)."""

from __future__ import annotations


def kept_recipient(recipient: str) -> str:
    """An e-mail address in lower case, a phone number as given; both without surrounding
    spaces."""
    recipient = recipient.strip()
    return recipient.lower() if "@" in recipient else recipient
