"""Uploads (issue 12): type by magic bytes, size refused before decoding, images re-encoded
(metadata and trailing bytes gone), stored where nothing serves them, and given back only
as data inside a JSON answer, to their owner."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from PIL import Image

from bff.errors import ValidationFailed
from bff.security.images import TRAILING_DATA
from bff.security.uploads import DOCUMENTS, IMAGES, parse_data_url
from bff.tests.helpers import GPS_TAG, auth, data_url, jpeg_with_gps

WINDOWS_PROGRAM = b"MZ\x90\x00" + b"\x00" * 60 + b"This program cannot be run in DOS mode."


def png_with_text() -> bytes:
    """A real PNG with a text chunk holding a script."""
    image = Image.new("RGB", (8, 8), (0, 128, 0))
    out = io.BytesIO()
    image.save(out, format="PNG")
    content = out.getvalue()
    text = b"Comment\x00<script>alert(1)</script>"
    chunk = struct.pack(">I", len(text)) + b"tEXt" + text
    chunk += struct.pack(">I", zlib.crc32(b"tEXt" + text))
    end = content.rindex(b"IEND") - 4
    return content[:end] + chunk + content[end:]


def bomb_png() -> bytes:
    """A PNG header promising 100,000 x 100,000 pixels."""
    header = struct.pack(">IIBBBBB", 100_000, 100_000, 8, 2, 0, 0, 0)
    ihdr = (
        struct.pack(">I", 13) + b"IHDR" + header + struct.pack(">I", zlib.crc32(b"IHDR" + header))
    )
    idat_data = zlib.compress(b"\x00" * 1000)
    idat = struct.pack(">I", len(idat_data)) + b"IDAT" + idat_data
    idat += struct.pack(">I", zlib.crc32(b"IDAT" + idat_data))
    return b"\x89PNG\r\n\x1a\n" + ihdr + idat


def parse(content: bytes, mime: str = "image/png", allowed: frozenset[str] = IMAGES):  # type: ignore[no-untyped-def]
    return parse_data_url(
        data_url(content, mime),
        allowed=allowed,
        max_bytes=5 * 1024 * 1024,
        too_big="too big",
        wrong_type="wrong type",
    )


def test_jpeg_metadata_is_removed_and_the_pixels_kept():
    upload = parse(jpeg_with_gps(), "image/jpeg")
    with Image.open(io.BytesIO(upload.content)) as image:
        assert image.size == (32, 24)
        assert GPS_TAG not in image.getexif() and not image.getexif()
        red, green, blue = image.convert("RGB").getpixel((5, 5))
        assert red > 180 and green < 60 and blue < 60


def test_png_text_is_removed():
    upload = parse(png_with_text())
    assert b"<script>" not in upload.content and b"tEXt" not in upload.content
    assert upload.content.endswith(b"IEND\xaeB`\x82")
    with Image.open(io.BytesIO(upload.content)) as image:
        assert image.size == (8, 8)


def test_a_png_with_a_program_appended_is_refused():
    with pytest.raises(ValidationFailed) as refused:
        parse(png_with_text() + WINDOWS_PROGRAM)
    assert refused.value.message == TRAILING_DATA


async def test_a_jpeg_with_a_program_appended_is_stored_without_it(bff):
    """A JPEG's end is not looked for; re-encoding alone keeps only the picture."""
    token = await bff.sign_in()
    jpeg = jpeg_with_gps() + WINDOWS_PROGRAM
    created = await bff.client.post(
        "/api/tickets",
        headers=auth(token),
        json={
            "subject": "Receipt",
            "body": "See the photo.",
            "attachments": [{"name": "receipt.jpg", "document": data_url(jpeg, "image/jpeg")}],
        },
    )
    assert created.status_code == 201, created.text
    stored = [p.read_bytes() for p in bff.app.state.settings.uploads_dir.rglob("*") if p.is_file()]
    assert stored and all(
        b"MZ\x90" not in content and b"DOS mode" not in content for content in stored
    )


async def test_a_png_with_a_program_appended_is_refused_and_nothing_is_stored(bff):
    token = await bff.sign_in()
    png = png_with_text() + WINDOWS_PROGRAM
    refused = await bff.client.post(
        "/api/tickets",
        headers=auth(token),
        json={
            "subject": "Receipt",
            "body": "See the picture.",
            "attachments": [{"name": "receipt.png", "document": data_url(png, "image/png")}],
        },
    )
    assert refused.status_code == 400, refused.text
    assert refused.json()["detail"] == TRAILING_DATA
    assert not [p for p in bff.app.state.settings.uploads_dir.rglob("*") if p.is_file()]


@pytest.mark.parametrize(
    ("content", "mime", "message"),
    [
        (
            b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>",
            "image/png",
            "wrong type",
        ),
        (b"<html><script>alert(1)</script></html>", "image/jpeg", "wrong type"),
        (b"MZ\x90\x00" + b"\x00" * 64, "application/pdf", "wrong type"),  # a Windows program
        (
            b"\x89PNG\r\n\x1a\n" + b"garbage" * 20,
            "image/png",
            "The file could not be read. Please choose it again.",
        ),
        (bomb_png(), "image/png", "The file could not be read. Please choose it again."),
    ],
)
def test_what_is_not_what_it_claims_is_refused(content, mime, message):
    with pytest.raises(ValidationFailed) as refused:
        parse(content, mime, DOCUMENTS)
    assert refused.value.message == message


def test_size_is_refused_before_decoding():
    huge = "A" * (8 * 1024 * 1024)  # 6 MB once decoded; never decoded at all
    with pytest.raises(ValidationFailed) as refused:
        parse_data_url(
            f"data:image/png;base64,{huge}",
            allowed=IMAGES,
            max_bytes=5 * 1024 * 1024,
            too_big="too big",
            wrong_type="wrong type",
        )
    assert refused.value.message == "too big"


async def test_an_attachment_is_stored_unserved_and_given_back_clean_to_its_owner(bff):
    token = await bff.sign_in()
    created = await bff.client.post(
        "/api/tickets",
        headers=auth(token),
        json={
            "subject": "Receipt",
            "body": "See the photo.",
            "attachments": [
                {"name": "receipt.jpg", "document": data_url(jpeg_with_gps(), "image/jpeg")}
            ],
        },
    )
    assert created.status_code == 201, created.text
    attachment = created.json()["ticket"]["messages"][0]["attachments"][0]
    answer = await bff.client.get(attachment["url"], headers=auth(token))
    assert answer.headers["content-type"].startswith("application/json")
    content = answer.json()["content"]
    assert content.startswith("data:image/jpeg;base64,")
    stored = [p for p in bff.app.state.settings.uploads_dir.rglob("*") if p.is_file()]
    assert stored, "the file is kept in the uploads directory"
    for path in stored:
        assert (
            b"Lagos" not in path.read_bytes()
            and GPS_TAG.to_bytes(2, "big") not in path.read_bytes()[:64]
        )
        for url in (
            f"/{path.name}",
            f"/{path.parent.name}/{path.name}",
            f"/uploads/{path.parent.name}/{path.name}",
            f"/var/uploads/{path.parent.name}/{path.name}",
        ):
            served = await bff.client.get(url)
            assert served.content != path.read_bytes(), url
