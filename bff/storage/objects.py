"""Where sealed objects are kept: a local directory (the embedded default) or an S3-compatible
object store (several BFF hosts, no shared disk). Both hold opaque bytes under a 64-hex name;
encryption happens above them (bff/storage/__init__.py)."""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import obstore
from obstore.store import S3Store

from bff.errors import ServiceUnavailable
from bff.storage.settings import StorageSettings

if TYPE_CHECKING:
    from obstore.store import S3Config

_HEX = frozenset("0123456789abcdef")
log = logging.getLogger("bff.storage")
FILES_UNAVAILABLE = "We could not reach your documents right now. Please try again shortly."


def check_name(name: str) -> str:
    if len(name) != 64 or not _HEX.issuperset(name):
        raise ValueError("not a storage key")
    return name


class ObjectStore(Protocol):
    async def write(self, name: str, content: bytes) -> None: ...

    async def read(self, name: str) -> bytes: ...

    async def delete(self, name: str) -> None:
        """Gone; no error if it already was."""
        ...

    def names(self) -> AsyncIterator[str]:
        """Every object's name (for re-wrapping)."""
        ...


class LocalDirectoryObjects:
    """Files under a directory that nothing serves over HTTP, two hex digits per folder."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def _path(self, name: str) -> Path:
        return self.root / check_name(name)[:2] / name

    async def write(self, name: str, content: bytes) -> None:
        await asyncio.to_thread(_write_atomically, self._path(name), content)

    async def read(self, name: str) -> bytes:
        return await asyncio.to_thread(self._path(name).read_bytes)

    async def delete(self, name: str) -> None:
        await asyncio.to_thread(self._path(name).unlink, missing_ok=True)

    async def names(self) -> AsyncIterator[str]:
        paths = await asyncio.to_thread(lambda: sorted(self.root.glob("??/*")))
        for path in paths:
            if len(path.name) == 64 and _HEX.issuperset(path.name):
                yield path.name


class S3Objects:
    """One bucket (and a prefix in it) of an S3-compatible store, through obstore. Credentials
    come from the standard AWS variables (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or a
    web-identity token on a cluster): docs/deploy.md, "Object storage"."""

    def __init__(self, settings: StorageSettings) -> None:
        if not settings.s3_bucket:
            raise ValueError("an S3 store needs a bucket")
        endpoint = settings.s3_endpoint
        self.prefix = settings.s3_prefix
        # Path-style addressing works with every S3-compatible server; virtual-hosted style
        # needs DNS per bucket, which an in-cluster store rarely has.
        config: S3Config = {"region": settings.s3_region, "virtual_hosted_style_request": False}
        if endpoint:
            config["endpoint"] = endpoint
        if settings.s3_access_key_id and settings.s3_secret_access_key:
            config["access_key_id"] = settings.s3_access_key_id
            config["secret_access_key"] = settings.s3_secret_access_key
        self.store = S3Store(
            settings.s3_bucket,
            config=config,
            client_options={
                "allow_http": bool(endpoint and endpoint.startswith("http://")),
                "timeout": timedelta(seconds=settings.s3_timeout_s),
                "connect_timeout": timedelta(seconds=min(5.0, settings.s3_timeout_s)),
            },
            # A request that fails is tried again briefly, not for obstore's default 3 minutes:
            # the customer is waiting for the answer.
            retry_config={
                "max_retries": 2,
                "retry_timeout": timedelta(seconds=settings.s3_timeout_s),
                "backoff": {
                    "init_backoff": timedelta(milliseconds=100),
                    "max_backoff": timedelta(seconds=1),
                    "base": 2,
                },
            },
        )

    async def write(self, name: str, content: bytes) -> None:
        with _outage_answered():
            await obstore.put_async(self.store, self.prefix + check_name(name), content)

    async def read(self, name: str) -> bytes:
        with _outage_answered():
            result = await obstore.get_async(self.store, self.prefix + check_name(name))
            return bytes(await result.bytes_async())

    async def delete(self, name: str) -> None:
        # S3's DELETE answers success for a missing object too.
        with _outage_answered():
            await obstore.delete_async(self.store, self.prefix + check_name(name))

    async def names(self) -> AsyncIterator[str]:
        async for batch in obstore.list(self.store, prefix=self.prefix or None):
            for meta in batch:
                name = meta["path"].removeprefix(self.prefix)
                if len(name) == 64 and _HEX.issuperset(name):
                    yield name


@contextmanager
def _outage_answered() -> Iterator[None]:
    """The store unreachable, refusing us or too slow: the customer is asked to try again
    shortly (503, as for a core outage). A missing object is not an outage: it stays an
    error (a row that names a file the store does not have is an incident)."""
    try:
        yield
    except FileNotFoundError:
        raise
    except Exception as exc:
        log.warning("object store call failed: %s", exc)
        raise ServiceUnavailable(FILES_UNAVAILABLE, retry_after_s=5) from exc


def open_objects(settings: StorageSettings, uploads_dir: Path) -> ObjectStore:
    if settings.backend == "s3":
        return S3Objects(settings)
    return LocalDirectoryObjects(uploads_dir)


def _write_atomically(path: Path, content: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(f".{os.getpid()}.tmp")
    temporary.write_bytes(content)
    temporary.replace(path)
