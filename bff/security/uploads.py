"""Uploaded files arrive as data URLs; their type is decided by their bytes, never their name."""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass

from bff.errors import ValidationFailed
from bff.security.images import reencode

_DATA_URL = re.compile(r"^data:([\w.+-]+/[\w.+-]+)?(;[\w-]+=[\w.-]+)*;base64,(?P<data>.*)$", re.S)

# Magic numbers of the formats Kobo accepts anywhere.
SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
    (b"BM", "image/bmp"),
    (b"%PDF-", "application/pdf"),
)
IMAGES = frozenset({"image/png", "image/jpeg"})
EXTENSIONS = {
    "image/png": "png",
    "image/jpeg": "jpg",
    "image/gif": "gif",
    "image/bmp": "bmp",
    "application/pdf": "pdf",
}


@dataclass(frozen=True, slots=True)
class Upload:
    content: bytes
    content_type: str

    def data_url(self) -> str:
        return f"data:{self.content_type};base64,{base64.b64encode(self.content).decode()}"


ZIP = b"PK\x03\x04"  # docx, xlsx, odt are zip containers
OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # legacy doc, xls
BY_EXTENSION_IN_CONTAINER = {
    "docx": (ZIP, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    "xlsx": (ZIP, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    "odt": (ZIP, "application/vnd.oasis.opendocument.text"),
    "doc": (OLE2, "application/msword"),
    "xls": (OLE2, "application/vnd.ms-excel"),
}
# What a ticket attachment may be (the contract's list), decided by content.
DOCUMENTS = frozenset(
    {
        "image/png",
        "image/jpeg",
        "application/pdf",
        "text/plain",
        *(mime for _, mime in BY_EXTENSION_IN_CONTAINER.values()),
    }
)


def sniff(content: bytes, name: str | None = None) -> str | None:
    """The file's type by its bytes. Office formats share container signatures, so for
    those the name's extension picks among the types the bytes allow."""
    for signature, content_type in SIGNATURES:
        if content.startswith(signature):
            return content_type
    extension = (name or "").rsplit(".", 1)[-1].lower() if name and "." in name else ""
    container = BY_EXTENSION_IN_CONTAINER.get(extension)
    if container and content.startswith(container[0]):
        return container[1]
    if extension == "txt" and b"\x00" not in content:
        try:
            content.decode("utf-8")
        except UnicodeDecodeError:
            return None
        return "text/plain"
    return None


def parse_data_url(
    value: str,
    *,
    allowed: frozenset[str],
    max_bytes: int,
    too_big: str,
    wrong_type: str,
    field: str = "content",
    name: str | None = None,
) -> Upload:
    match = _DATA_URL.match(value.strip()) if value else None
    if match is None:
        raise ValidationFailed("The file could not be read. Please choose it again.", field=field)
    data = match.group("data")
    # Refuse before decoding when the base64 text alone is already too long.
    if len(data) > (max_bytes + 2) // 3 * 4 + 4:
        raise ValidationFailed(too_big, field=field)
    try:
        content = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise ValidationFailed(
            "The file could not be read. Please choose it again.", field=field
        ) from exc
    if len(content) > max_bytes:
        raise ValidationFailed(too_big, field=field)
    if not content:
        raise ValidationFailed("The file is empty.", field=field)
    content_type = sniff(content, name)
    if content_type not in allowed:
        raise ValidationFailed(wrong_type, field=field)
    if content_type in IMAGES:
        content = reencode(content, content_type, field=field)
    return Upload(content=content, content_type=content_type)
