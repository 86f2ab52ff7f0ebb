"""Envelope encryption of one stored file.

Each file gets its own random 256-bit data key and is sealed with AES-256-GCM under it; the
data key is wrapped (RFC 3394 AES key wrap) under the ring's current key-encryption key, and
the sealed object carries the id of that key in its header:

    MAGIC | key-id length (1 byte) | key id | wrapped data key (40) | nonce (12) | ciphertext+tag

The file's storage key and MAGIC are the GCM associated data, so an object copied over
another's name, or any flipped byte, fails authentication. The header is outside the GCM
associated data on purpose: re-wrapping under a new KEK rewrites the header alone, and a
header altered by anyone else fails the key unwrap (which is authenticated too).
"""

from __future__ import annotations

import os

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.keywrap import InvalidUnwrap, aes_key_unwrap, aes_key_wrap
from prometheus_client import Counter

from bff.errors import ServiceUnavailable
from bff.storage.keyring import KEY_BYTES, KeyRing

MAGIC = b"KOBOENC1"
_WRAPPED_BYTES = KEY_BYTES + 8
_NONCE_BYTES = 12


class TamperedObject(Exception):
    """A stored object that is not what this bank sealed: altered, truncated or renamed. It
    is never served."""


# What the customer reads when this process lacks the key their data is wrapped under.
KEY_NOT_HERE = "We could not open your documents right now. Please try again shortly."


class KeyNotOnRing(ServiceUnavailable):
    """Wrapped under a key id this process's ring does not have. Not tampering: during a
    key rotation rolled out in one step, a process still on the old ring meets data sealed
    by one already on the new (docs/operations.md, "Rotating the file keys"). Another
    process may hold the key, so the customer is asked to try again (503, Retry-After),
    and the operators are told (bff/storage: an ERROR line and kobo_file_key_unknown_total).
    """

    def __init__(self, key_id: str) -> None:
        super().__init__(KEY_NOT_HERE, retry_after_s=5)
        self.key_id = key_id


# No key-id label: ids come from object headers, which whoever can write the bucket chooses.
UNKNOWN_KEY = Counter(
    "kobo_file_key_unknown",
    "Reads refused (503) because the data is wrapped under a file key this process's ring "
    "lacks, by what was read: file or number (BVN, NIN)",
    ["what"],
)


def seal(ring: KeyRing, storage_key: str, plaintext: bytes) -> bytes:
    data_key = AESGCM.generate_key(bit_length=256)
    nonce = os.urandom(_NONCE_BYTES)
    body = AESGCM(data_key).encrypt(nonce, plaintext, _associated(storage_key))
    return _header(ring.current_id, aes_key_wrap(ring.current, data_key)) + nonce + body


def unseal(ring: KeyRing, storage_key: str, sealed: bytes) -> bytes:
    key_id, wrapped, rest = _split(sealed)
    data_key = _unwrap(ring, key_id, wrapped)
    nonce, body = rest[:_NONCE_BYTES], rest[_NONCE_BYTES:]
    try:
        return AESGCM(data_key).decrypt(nonce, body, _associated(storage_key))
    except InvalidTag as exc:
        raise TamperedObject("the file's content failed authentication") from exc


def key_id_of(sealed: bytes) -> str:
    return _split(sealed)[0]


def rewrap(ring: KeyRing, sealed: bytes) -> bytes | None:
    """The same object with its data key wrapped under the current KEK; None when it already
    is. The encrypted body is left as it is."""
    key_id, wrapped, rest = _split(sealed)
    if key_id == ring.current_id:
        return None
    data_key = _unwrap(ring, key_id, wrapped)
    return _header(ring.current_id, aes_key_wrap(ring.current, data_key)) + rest


def _associated(storage_key: str) -> bytes:
    return MAGIC + storage_key.encode("ascii")


def _header(key_id: str, wrapped: bytes) -> bytes:
    encoded = key_id.encode("ascii")
    return MAGIC + bytes([len(encoded)]) + encoded + wrapped


def _split(sealed: bytes) -> tuple[str, bytes, bytes]:
    if not sealed.startswith(MAGIC) or len(sealed) < len(MAGIC) + 1:
        raise TamperedObject("not a sealed object")
    at = len(MAGIC)
    id_length = sealed[at]
    at += 1
    try:
        key_id = sealed[at : at + id_length].decode("ascii")
    except UnicodeDecodeError as exc:
        raise TamperedObject("the key id is not readable") from exc
    at += id_length
    wrapped = sealed[at : at + _WRAPPED_BYTES]
    rest = sealed[at + _WRAPPED_BYTES :]
    if len(wrapped) != _WRAPPED_BYTES or len(rest) < _NONCE_BYTES + 16:
        raise TamperedObject("the object is truncated")
    return key_id, wrapped, rest


def _unwrap(ring: KeyRing, key_id: str, wrapped: bytes) -> bytes:
    kek = ring.keys.get(key_id)
    if kek is None:
        raise KeyNotOnRing(key_id)
    try:
        return aes_key_unwrap(kek, wrapped)
    except InvalidUnwrap as exc:
        raise TamperedObject("the data key failed to unwrap") from exc
