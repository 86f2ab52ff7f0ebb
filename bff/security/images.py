"""Uploaded images are decoded and written out again before they are stored.

A PNG or JPEG can carry more than pixels: EXIF (with the GPS position of the customer's
home, for a photo of an ID card taken there), comments, or bytes appended after the image
that another program might run. Re-encoding keeps only the pixels. Pillow refuses images
whose dimensions promise a decompression bomb.
"""

from __future__ import annotations

import io
import warnings

from PIL import Image, ImageOps, UnidentifiedImageError

from bff.errors import ValidationFailed

UNREADABLE = "The file could not be read. Please choose it again."
MAX_PIXELS = 40_000_000  # a 40-megapixel photo; phone cameras stay well below
FORMATS = {"image/png": "PNG", "image/jpeg": "JPEG"}


def reencode(content: bytes, content_type: str, *, field: str = "content") -> bytes:
    """The image's pixels only, in the same format; refuses what does not decode."""
    image_format = FORMATS[content_type]
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
