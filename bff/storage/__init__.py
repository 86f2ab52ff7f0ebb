"""Where uploaded files live. A small interface so production can swap the local directory
for an object store without touching the domains that keep documents."""

from __future__ import annotations

import asyncio
import hashlib
import os
from pathlib import Path
from typing import Protocol


class DocumentStore(Protocol):
    async def put(self, content: bytes) -> str:
        """Store `content`; returns its key (the same content always gets the same key)."""
        ...

    async def get(self, key: str) -> bytes: ...


class LocalDirectoryStore:
    """Content-addressed files under a directory that nothing serves over HTTP."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def _path(self, key: str) -> Path:
        if len(key) != 64 or any(c not in "0123456789abcdef" for c in key):
            raise ValueError("not a storage key")
        return self.root / key[:2] / key

    async def put(self, content: bytes) -> str:
        key = hashlib.sha256(content).hexdigest()
        path = self._path(key)
        if not path.exists():
            await asyncio.to_thread(_write_atomically, path, content)
        return key

    async def get(self, key: str) -> bytes:
        return await asyncio.to_thread(self._path(key).read_bytes)


def _write_atomically(path: Path, content: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(f".{os.getpid()}.tmp")
    temporary.write_bytes(content)
    temporary.replace(path)
