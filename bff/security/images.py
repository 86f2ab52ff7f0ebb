"""Uploaded images are decoded and written out again before they are stored.

A PNG or JPEG can carry more than pixels: EXIF (with the GPS position of the customer's
home, for a photo of an ID card taken there), comments, or bytes appended after the image
that another program might run. Re-encoding keeps only the pixels. Pillow refuses images
whose dimensions promise a decompression bomb.

A PNG with bytes after its end (an executable appended to a picture, say) is refused outright:
re-encoding would drop them, but a file built that way is no photo a customer took, and
saying so is clearer than quietly storing something else. A JPEG's end cannot be found that
cheaply (its thumbnails have end markers of their own), so for JPEGs the re-encoding alone
drops what follows the image (bff/tests/test_uploads.py checks the stored bytes).
"""

from __future__ import annotations

import io
import struct
import warnings

from PIL import Image, ImageOps, UnidentifiedImageError

from bff.errors import ValidationFailed

UNREADABLE = "The file could not be read. Please choose it again."
TRAILING_DATA = (
    "This image has other data attached after the picture. "
    "Please save the picture again and upload the new file."
)
MAX_PIXELS = 40_000_000  # a 40-megapixel photo; phone cameras stay well below
FORMATS = {"image/png": "PNG", "image/jpeg": "JPEG"}


def reencode(content: bytes, content_type: str, *, field: str = "content") -> bytes:
    """The image's pixels only, in the same format; refuses what does not decode."""
    image_format = FORMATS[content_type]
    if image_format == "PNG" and (end := png_end(content)) is not None and end != len(content):
        raise ValidationFailed(TRAILING_DATA, field=field)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(content), formats=[image_format]) as image:
                if image.width * image.height > MAX_PIXELS:
                    raise ValidationFailed(UNREADABLE, field=field)
                image.load()
                upright = ImageOps.exif_transpose(image)  # keep the photo's orientation
                pixels = upright.convert("RGB") if image_format == "JPEG" else upright
                out = io.BytesIO()
                if image_format == "JPEG":
                    pixels.save(out, format="JPEG", quality=90, optimize=True)
                else:
                    pixels.save(out, format="PNG", optimize=False)
                return out.getvalue()
    except (
        UnidentifiedImageError,
        OSError,
        ValueError,
        Image.DecompressionBombError,
        Image.DecompressionBombWarning,
        SyntaxError,
    ) as exc:
        raise ValidationFailed(UNREADABLE, field=field) from exc


PNG_SIGNATURE_LENGTH = 8
CHUNK_OVERHEAD = 12  # length, type and CRC around each chunk's data


def png_end(content: bytes) -> int | None:
    """The offset just past a PNG's IEND chunk, found by walking the chunks (so an "IEND"
    inside a chunk's data is not mistaken for it); None when there is no IEND chunk."""
    offset = PNG_SIGNATURE_LENGTH
    while offset + CHUNK_OVERHEAD <= len(content):
        (length,) = struct.unpack_from(">I", content, offset)
        kind = content[offset + 4 : offset + 8]
        offset += CHUNK_OVERHEAD + length
        if kind == b"IEND":
            return offset
    return None
