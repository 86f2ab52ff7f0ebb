"""Storage settings (KOBO_STORAGE, KOBO_S3_*, KOBO_FILE_KEYS or KOBO_FILE_KEYS_FILE):
docs/running.md."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from bff.storage.keyring import KeyRing
from kobo_serving.env import SettingError, env_choice, env_seconds


@dataclass(frozen=True, slots=True)
class StorageSettings:
    # "local": KOBO_UPLOADS_DIR on this host (one host only); "s3": an S3-compatible bucket.
    backend: str = "local"
    s3_bucket: str | None = None
    # None: AWS itself; otherwise the store's URL (http:// only inside a trusted network).
    s3_endpoint: str | None = None
    s3_region: str = "us-east-1"
    s3_prefix: str = "documents/"
    s3_timeout_s: float = 10.0
    # KOBO_S3_ACCESS_KEY_ID and KOBO_S3_SECRET_ACCESS_KEY; unset, the client reads the
    # standard AWS variables itself (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
    # AWS_SESSION_TOKEN, or a cluster's web-identity token).
    s3_access_key_id: str | None = field(default=None, repr=False)
    s3_secret_access_key: str | None = field(default=None, repr=False)
    # Wraps each file's data key; without KOBO_FILE_KEYS(_FILE), a development ring anyone
    # can derive.
    keys: KeyRing = field(default_factory=KeyRing.development)
    keys_configured: bool = False
    # Set when the ring's file is readable or writable by any user of the host: refused in
    # production (any process on the machine could read every document's key).
    keys_file_exposed: str | None = None

    def problems_for_production(self) -> list[str]:
        if not self.keys_configured:
            return [
                "KOBO_FILE_KEYS or KOBO_FILE_KEYS_FILE must be set "
                "(the keys that encrypt stored files)"
            ]
        if self.keys.is_development:
            return ["KOBO_FILE_KEYS holds this repository's development key"]
        if self.keys_file_exposed:
            return [self.keys_file_exposed]
        return []

    @classmethod
    def from_env(cls) -> StorageSettings:
        backend = env_choice("KOBO_STORAGE", "local", ("local", "s3"))
        bucket = os.environ.get("KOBO_S3_BUCKET", "").strip() or None
        if backend == "s3" and not bucket:
            raise SettingError("KOBO_STORAGE=s3 needs KOBO_S3_BUCKET")
        prefix = os.environ.get("KOBO_S3_PREFIX", "documents/").strip().lstrip("/")
        if prefix and not prefix.endswith("/"):
            prefix += "/"
        keys, exposed = _ring_from_env()
        return cls(
            backend=backend,
            s3_bucket=bucket,
            s3_endpoint=os.environ.get("KOBO_S3_ENDPOINT", "").strip().rstrip("/") or None,
            s3_region=os.environ.get("KOBO_S3_REGION", "").strip() or "us-east-1",
            s3_prefix=prefix,
            s3_timeout_s=env_seconds("KOBO_S3_TIMEOUT_S", 10),
            s3_access_key_id=os.environ.get("KOBO_S3_ACCESS_KEY_ID", "").strip() or None,
            s3_secret_access_key=os.environ.get("KOBO_S3_SECRET_ACCESS_KEY", "").strip() or None,
            keys=keys or KeyRing.development(),
            keys_configured=keys is not None,
            keys_file_exposed=exposed,
        )


def _ring_from_env() -> tuple[KeyRing | None, str | None]:
    """The ring from KOBO_FILE_KEYS, or from the file KOBO_FILE_KEYS_FILE names (a mounted
    secret: the keys stay out of the process's environment, which `ps e`, crash reports and
    child processes can show). Both set is refused: which one wins would be a guess. Also
    returns why the file is too open, if it is."""
    listed = os.environ.get("KOBO_FILE_KEYS", "").strip()
    named = os.environ.get("KOBO_FILE_KEYS_FILE", "").strip()
    current = os.environ.get("KOBO_FILE_KEY_CURRENT", "").strip() or None
    if listed and named:
        raise SettingError("set KOBO_FILE_KEYS or KOBO_FILE_KEYS_FILE, not both")
    if listed:
        return KeyRing.parse(listed, current), None
    if not named:
        return None, None
    path = Path(named)
    try:
        text = path.read_text()
        mode = path.stat().st_mode  # of the file itself (a Secret volume links to it)
    except OSError as exc:
        raise SettingError(f"KOBO_FILE_KEYS_FILE: cannot read {named}: {exc.strerror}") from exc
    exposed = None
    if mode & (stat.S_IRWXO):
        exposed = (
            f"KOBO_FILE_KEYS_FILE {named} is open to every user of the host "
            f"(mode {stat.S_IMODE(mode):04o}): allow its owner and group only (0440 or 0400)"
        )
    return KeyRing.parse(text, current, source=f"KOBO_FILE_KEYS_FILE {named}"), exposed
