"""The key-encryption keys (KEKs) that wrap each stored file's own data key.

A ring of named 256-bit keys, one of them current: new files are wrapped under the current
key, and a file wrapped under an older key stays readable for as long as its key is on the
ring (docs/security.md, "Files at rest"). `python -m bff rewrap-files` moves old files onto
the current key, after which the old key can leave the ring.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
from dataclasses import dataclass

from kobo_serving.env import SettingError

KEY_BYTES = 32
# The ring used when none is configured: a fixed key derived from a sentence in this
# repository, so that the embedded and development set-ups can read back yesterday's files.
# Anyone can derive it; production refuses to start with it (Settings.check_production).
DEVELOPMENT_KEY_ID = "dev-not-for-production"
_DEVELOPMENT_KEY = hashlib.sha256(b"kobo development file key: not for production").digest()
_KEY_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")


@dataclass(frozen=True, slots=True)
class KeyRing:
    keys: dict[str, bytes]
    current_id: str

    def __post_init__(self) -> None:
        if self.current_id not in self.keys:
            raise SettingError(f"the current file key {self.current_id!r} is not on the ring")
        for key_id, key in self.keys.items():
            if not _KEY_ID.fullmatch(key_id):
                raise SettingError(f"file key id {key_id!r}: letters, digits, . _ - (1-64)")
            if len(key) != KEY_BYTES:
                raise SettingError(f"file key {key_id!r} must be {KEY_BYTES} bytes (base64)")

    @property
    def current(self) -> bytes:
        return self.keys[self.current_id]

    @property
    def is_development(self) -> bool:
        return DEVELOPMENT_KEY_ID in self.keys or _DEVELOPMENT_KEY in self.keys.values()

    @classmethod
    def development(cls) -> KeyRing:
        return cls({DEVELOPMENT_KEY_ID: _DEVELOPMENT_KEY}, DEVELOPMENT_KEY_ID)

    @classmethod
    def parse(
        cls, listed: str, current_id: str | None = None, source: str = "KOBO_FILE_KEYS"
    ) -> KeyRing:
        """`id:base64key` entries separated by commas or new lines, as KOBO_FILE_KEYS (or the
        file KOBO_FILE_KEYS_FILE names, `source`) holds them; a line starting with `#` is a
        note. The current key is `current_id`, or the first listed."""
        keys: dict[str, bytes] = {}
        lines = (line for line in listed.splitlines() if not line.lstrip().startswith("#"))
        for entry in (part.strip() for line in lines for part in line.split(",")):
            if not entry:
                continue
            key_id, sep, encoded = entry.partition(":")
            if not sep:
                raise SettingError(f"{source}: each entry is id:base64-key")
            if key_id.strip() in keys:
                raise SettingError(f"{source} names {key_id.strip()!r} twice")
            try:
                keys[key_id.strip()] = base64.b64decode(encoded.strip(), validate=True)
            except (binascii.Error, ValueError) as exc:
                raise SettingError(f"{source}: key {key_id!r} is not base64") from exc
        if not keys:
            raise SettingError(f"{source} lists no key")
        return cls(keys, current_id or next(iter(keys)))
