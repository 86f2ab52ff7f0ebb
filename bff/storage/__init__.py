"""Where uploaded files live: sealed with their own data key (bff/storage/envelope.py) and
kept in a local directory or an S3-compatible bucket (bff/storage/objects.py). The domains
that keep documents see only `DocumentStore`: put bytes, get a key; get the bytes back."""

from __future__ import annotations

import hashlib
import logging
import secrets
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from bff.storage.envelope import (
    MAGIC,
    UNKNOWN_KEY,
    KeyNotOnRing,
    TamperedObject,
    key_id_of,
    rewrap,
    seal,
    unseal,
)
from bff.storage.keyring import KeyRing
from bff.storage.objects import ObjectStore, check_name, open_objects
from bff.storage.settings import StorageSettings

log = logging.getLogger("bff.storage")

__all__ = [
    "PLAIN",
    "UNREADABLE",
    "DocumentStore",
    "EncryptedDocumentStore",
    "KeyNotOnRing",
    "Rewrapped",
    "TamperedObject",
    "open_document_store",
    "opens",
]

# In a count of what each key wraps: written before sealing existed, and not sealed at all.
PLAIN = "(plain, not yet sealed)"
UNREADABLE = "(unreadable header)"


class DocumentStore(Protocol):
    async def put(self, content: bytes) -> str:
        """Store `content`; returns the key to get it back with."""
        ...

    async def get(self, key: str) -> bytes: ...

    async def forget(self, key: str) -> None:
        """Delete a file no row refers to any more. Never fails the caller: a file left
        behind is sealed, and is logged for the operators."""
        ...


@dataclass(frozen=True, slots=True)
class Rewrapped:
    moved: int
    already_current: int
    refused: int


class EncryptedDocumentStore:
    """Every file encrypted at rest. Keys are random, not the content's hash: a hash of the
    plaintext as the object's name would let anyone who can list the bucket confirm a guess
    at a document."""

    def __init__(self, objects: ObjectStore, ring: KeyRing) -> None:
        self.objects = objects
        self.ring = ring

    async def put(self, content: bytes) -> str:
        key = secrets.token_hex(32)
        await self.objects.write(key, seal(self.ring, key, content))
        return key

    async def get(self, key: str) -> bytes:
        sealed = await self.objects.read(check_name(key))
        if _written_before_sealing(key, sealed):
            return sealed  # its name is its SHA-256: intact; rewrap-files seals it
        try:
            return unseal(self.ring, key, sealed)
        except KeyNotOnRing as missing:
            UNKNOWN_KEY.labels("file").inc()
            log.error(
                "stored file %s is wrapped under key %r, which this process's ring lacks: "
                "answered 503 (a rotation rolled out before every process had the key?)",
                key,
                missing.key_id,
            )
            raise
        except TamperedObject as problem:
            # Never served: the caller gets an error, and the operators a line to act on.
            log.error("stored file %s refused: %s", key, problem)
            raise

    async def forget(self, key: str) -> None:
        try:
            await self.objects.delete(check_name(key))
        except Exception:  # any store failure: the row is gone already
            log.warning("stored file %s could not be deleted; it stays sealed", key, exc_info=True)

    async def rewrap_all(self) -> Rewrapped:
        """Wrap every object's data key under the current KEK (the bodies stay as they are).
        An object that fails is logged and counted, and the others go on."""
        moved = current = refused = 0
        async for key in self.objects.names():
            try:
                sealed = await self.objects.read(key)
                if _written_before_sealing(key, sealed):
                    renewed: bytes | None = seal(self.ring, key, sealed)
                else:
                    renewed = rewrap(self.ring, sealed)
            except (TamperedObject, KeyNotOnRing) as problem:
                log.error("stored file %s not re-wrapped: %s", key, problem)
                refused += 1
                continue
            if renewed is None:
                current += 1
            else:
                await self.objects.write(key, renewed)
                moved += 1
        return Rewrapped(moved, current, refused)

    async def count_by_key(self) -> Counter[str]:
        """How many objects each key id wraps (read from the headers alone): a key may leave
        the ring once this counts nothing under it."""
        counts: Counter[str] = Counter()
        async for key in self.objects.names():
            sealed = await self.objects.read(key)
            if _written_before_sealing(key, sealed):
                counts[PLAIN] += 1
                continue
            try:
                counts[key_id_of(sealed)] += 1
            except TamperedObject:
                counts[UNREADABLE] += 1
        return counts


def opens(ring: KeyRing, key: str, content: bytes) -> bool:
    """Whether the store would serve `content` under the name `key` (read in memory only)."""
    if _written_before_sealing(key, content):
        return True
    try:
        unseal(ring, key, content)
    except (TamperedObject, KeyNotOnRing):
        return False
    return True


def _written_before_sealing(key: str, content: bytes) -> bool:
    """Files stored before issue 41: plain, named by their SHA-256. Still served (the name
    proves them intact) until `python -m bff rewrap-files` seals them in place."""
    return not content.startswith(MAGIC) and hashlib.sha256(content).hexdigest() == key


def open_document_store(settings: StorageSettings, uploads_dir: Path) -> EncryptedDocumentStore:
    return EncryptedDocumentStore(open_objects(settings, uploads_dir), settings.keys)
