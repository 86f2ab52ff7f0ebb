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

from bff.storage.keyring import KEY_BYTES, KeyRing

MAGIC = b"KOBOENC1"
_WRAPPED_BYTES = KEY_BYTES + 8
_NONCE_BYTES = 12


class TamperedObject(Exception):
    """A stored object that is not what this bank sealed: altered, truncated, renamed, or
    wrapped under a key that is not on the ring. It is never served."""


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
        raise TamperedObject(f"wrapped under key {key_id!r}, which is not on the ring")
    try:
        return aes_key_unwrap(kek, wrapped)
    except InvalidUnwrap as exc:
        raise TamperedObject("the data key failed to unwrap") from exc
