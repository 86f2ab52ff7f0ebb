"""Identity numbers (BVN, NIN) sealed in their database columns the way files are sealed:
each value under its own data key, wrapped by the ring's current key (bff/storage/envelope.py),
bound to its table, owner and field so that a value copied to another row does not open.

The BFF looks no one up by these numbers (it reads them back for their owner's forms and
the reviewer's screen, and compares them in Python), so no keyed hash is kept beside them:
a column of hashes of 11-digit numbers is guessable by anyone with the hash key anyway.
"""

from __future__ import annotations

import base64
import binascii
import logging

from bff.storage.envelope import (
    UNKNOWN_KEY,
    KeyNotOnRing,
    TamperedObject,
    key_id_of,
    rewrap,
    seal,
    unseal,
)
from bff.storage.keyring import KeyRing

PREFIX = "sealed1:"
log = logging.getLogger("bff.storage")


class SealedFields:
    def __init__(self, ring: KeyRing) -> None:
        self.ring = ring

    def seal(self, context: str, value: str | None) -> str | None:
        if value is None:
            return None
        return PREFIX + base64.b64encode(seal(self.ring, context, value.encode())).decode()

    def open(self, context: str, stored: str | None) -> str | None:
        """The value; a value written before sealing existed (plain digits) is returned as it
        is until `python -m bff rewrap-files` seals it."""
        if stored is None or not stored.startswith(PREFIX):
            return stored
        try:
            return unseal(self.ring, context, _decode(stored)).decode()
        except KeyNotOnRing as missing:
            UNKNOWN_KEY.labels("number").inc()
            log.error(
                "sealed %s is wrapped under key %r, which this process's ring lacks: answered 503",
                context,
                missing.key_id,
            )
            raise

    def renewed(self, context: str, stored: str | None) -> str | None:
        """`stored` sealed under the current key; None when it already is (or is empty)."""
        if not stored:
            return None
        if not stored.startswith(PREFIX):
            return self.seal(context, stored)
        moved = rewrap(self.ring, _decode(stored))
        return None if moved is None else PREFIX + base64.b64encode(moved).decode()

    def key_id(self, stored: str) -> str:
        return key_id_of(_decode(stored))


def _decode(stored: str) -> bytes:
    try:
        return base64.b64decode(stored.removeprefix(PREFIX), validate=True)
    except (binascii.Error, ValueError) as exc:
        raise TamperedObject("a sealed value that is not base64") from exc
