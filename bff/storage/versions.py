"""The bucket's own history of each document (S3 versioning), for putting back a document that
was deleted or overwritten: `python -m bff storage versions|restore` (docs/operations.md,
"Restoring a customer's file"), and the start-up check that versioning is on.

obstore, which serves the documents, has no call for versions or bucket settings, so these
few calls go through boto3. A restore copies an earlier version over the current one inside
the bucket: the bytes stay sealed and never reach a disk; they are opened in memory only to
choose a version that is intact.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import boto3
from botocore.config import Config

from bff.storage import opens
from bff.storage.keyring import KeyRing
from bff.storage.objects import check_name
from bff.storage.settings import StorageSettings

log = logging.getLogger("bff.storage")


class VersioningOff(RuntimeError):
    """The bucket keeps no earlier versions: a deleted or overwritten document is gone."""


@dataclass(frozen=True, slots=True)
class Version:
    version_id: str
    modified: datetime
    size: int
    latest: bool
    deleted: bool  # a delete marker: the document was deleted at this point


@dataclass(frozen=True, slots=True)
class Restored:
    version_id: str | None  # the version copied back; None: nothing needed restoring
    opens: bool  # the chosen version opens with this process's ring


def client(settings: StorageSettings) -> Any:
    """boto3's S3 client for the BFF's bucket, with the BFF's credentials (or the standard
    AWS variables) and path-style addressing, as obstore is configured."""
    credentials = {}
    if settings.s3_access_key_id and settings.s3_secret_access_key:
        credentials = {
            "aws_access_key_id": settings.s3_access_key_id,
            "aws_secret_access_key": settings.s3_secret_access_key,
        }
    return boto3.client(
        "s3",
        endpoint_url=settings.s3_endpoint,
        region_name=settings.s3_region,
        config=Config(
            s3={"addressing_style": "path"},
            connect_timeout=min(5.0, settings.s3_timeout_s),
            read_timeout=settings.s3_timeout_s,
            retries={"max_attempts": 3},
        ),
        **credentials,
    )


def versioning_status(settings: StorageSettings) -> str:
    """ "Enabled", "Suspended" or "Off" (never turned on: S3 answers no status)."""
    answer = client(settings).get_bucket_versioning(Bucket=settings.s3_bucket)
    return str(answer.get("Status") or "Off")


async def check_versioning(settings: StorageSettings) -> None:
    """At start, in production, on the S3 store. Versioning off or suspended stops the start
    (VersioningOff): a document deleted or overwritten by mistake could not be brought back,
    and the bank must keep KYC records for years. A store that cannot be asked (down, or the
    BFF's user lacks s3:GetBucketVersioning) is only logged: refusing then would turn an
    object-store hiccup into a whole-bank outage at the next deploy."""
    try:
        # Bounded: boto3's own timeouts and retries could hold the start for a minute.
        status = await asyncio.wait_for(
            asyncio.to_thread(versioning_status, settings), timeout=settings.s3_timeout_s
        )
    except Exception as exc:  # any client or network error, or no answer in time: unknown
        log.warning(
            "could not check versioning on bucket %s (%s): deleted or overwritten documents "
            "may not be restorable",
            settings.s3_bucket,
            exc,
        )
        return
    if status != "Enabled":
        raise VersioningOff(
            f"bucket {settings.s3_bucket}: versioning is {status}, not Enabled; a deleted or "
            "overwritten document could not be restored (docs/deploy.md, section 8)"
        )


def versions(settings: StorageSettings, name: str) -> list[Version]:
    """Every version of one document, newest first, delete markers included."""
    s3 = client(settings)
    key = settings.s3_prefix + check_name(name)
    found: list[Version] = []
    pages = s3.get_paginator("list_object_versions").paginate(Bucket=settings.s3_bucket, Prefix=key)
    for page in pages:
        for entry in page.get("Versions", []):
            if entry["Key"] == key:
                found.append(_version(entry, deleted=False))
        for entry in page.get("DeleteMarkers", []):
            if entry["Key"] == key:
                found.append(_version(entry, deleted=True))
    return sorted(found, key=lambda v: (v.latest, v.modified), reverse=True)


def restore(
    settings: StorageSettings, ring: KeyRing, name: str, version_id: str | None = None
) -> Restored:
    """Copy an earlier version of `name` back over it, as a new version (history is kept:
    nothing is deleted, so the BFF needs no s3:DeleteObjectVersion). With `version_id`, that
    version; otherwise the newest one that opens with `ring`, which skips a delete marker and
    an overwrite by anything the bank did not seal. Nothing to do when that is the current
    version already."""
    s3 = client(settings)
    key = settings.s3_prefix + check_name(name)
    history = versions(settings, name)
    chosen: Version | None = None
    for version in history:
        if version.deleted or (version_id and version.version_id != version_id):
            continue
        if version_id or opens(ring, name, _read(s3, settings, key, version.version_id)):
            chosen = version
            break
    if chosen is None:
        wanted = f"version {version_id}" if version_id else "a version that opens"
        raise LookupError(f"{name}: no {wanted} in the bucket's history")
    intact = opens(ring, name, _read(s3, settings, key, chosen.version_id))
    if chosen.latest:
        return Restored(None, intact)
    s3.copy_object(
        Bucket=settings.s3_bucket,
        Key=key,
        CopySource={"Bucket": settings.s3_bucket, "Key": key, "VersionId": chosen.version_id},
    )
    log.warning("stored file %s restored from version %s", name, chosen.version_id)
    return Restored(chosen.version_id, intact)


def _read(s3: Any, settings: StorageSettings, key: str, version_id: str) -> bytes:
    answer = s3.get_object(Bucket=settings.s3_bucket, Key=key, VersionId=version_id)
    return bytes(answer["Body"].read())


def _version(entry: dict[str, Any], *, deleted: bool) -> Version:
    return Version(
        version_id=entry["VersionId"],
        modified=entry["LastModified"],
        size=0 if deleted else int(entry["Size"]),
        latest=bool(entry["IsLatest"]),
        deleted=deleted,
    )
