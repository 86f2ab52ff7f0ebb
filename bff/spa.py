"""Serves the built web app (webapp/dist) on the BFF's origin, with client-side routing.

Any GET that is not an API path and not a file in dist gets index.html, so that a browser
opening /home directly still boots the app. Hashed assets are cached for a year; index.html
is never cached, so a deploy takes effect on the next load.

The build writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file
(webapp/build-plugins/precompress.ts): the answer is the copy the browser accepts, brotli
first, with `Content-Encoding` and `Vary: Accept-Encoding`. These routes are therefore left
out of the on-the-fly compression of bff/app.py (`SKIP_COMPRESSION`), which would compress
them again; a file without copies (under 1 KB) is sent as it is.
"""

from __future__ import annotations

import base64
import hashlib
import mimetypes
import re
from pathlib import Path

from litestar import Request, Router, get
from litestar.response import File

from bff.errors import NotFound

API_PREFIXES = ("api/", "auth/", "schema", "admin/api/")

# The route option that bff/app.py's CompressionConfig skips (`exclude_opt_key`).
SKIP_COMPRESSION = "skip_compression"

# The encodings of the build's copies, preferred first, with their files' suffixes.
PRECOMPRESSED = (("br", ".br"), ("gzip", ".gz"))


def accepted_encodings(header: str) -> set[str]:
    """The codings an Accept-Encoding header accepts (a q of 0 refuses one)."""
    accepted = set()
    for part in header.split(","):
        coding, _, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if coding and quality > 0:
            accepted.add(coding.strip().lower())
    return accepted


# A <script> element with code inside it (not one that names a file).
_INLINE_SCRIPT = re.compile(r"<script\b[^>]*>(.+?)</script>", re.DOTALL)


def inline_script_hashes(dist: Path) -> list[str]:
    """The CSP hashes (`sha256-…`) of the inline scripts in the built index.html: its first
    script is inline (webapp/build-plugins/earlyFetch.ts), so that a phone asks for the
    first screen's data a round trip sooner. The policy allows exactly these
    (bff/security/headers.py). None without a build."""
    index = dist / "index.html"
    if not index.is_file():
        return []
    return [
        "sha256-" + base64.b64encode(hashlib.sha256(code.encode()).digest()).decode()
        for code in _INLINE_SCRIPT.findall(index.read_text(encoding="utf-8"))
    ]


def _file(path: Path, accept_encoding: str, cache_control: str, media_type: str) -> File:
    """`path`, or the precompressed copy of it that the request accepts."""
    headers = {"Cache-Control": cache_control}
    copies = [(coding, path.with_name(path.name + suffix)) for coding, suffix in PRECOMPRESSED]
    if any(copy.is_file() for _, copy in copies):
        # Caches must keep one answer per encoding.
        headers["Vary"] = "Accept-Encoding"
        accepted = accepted_encodings(accept_encoding)
        for coding, copy in copies:
            if coding in accepted and copy.is_file():
                headers["Content-Encoding"] = coding
                path = copy
                break
    return File(path, media_type=media_type, content_disposition_type="inline", headers=headers)


def spa_router(dist: Path) -> Router:
    root = dist.resolve()
    index = root / "index.html"

    @get(["/", "/{path:path}"], include_in_schema=False, cache=False, opt={SKIP_COMPRESSION: True})
    async def serve(request: Request, path: str = "") -> File:
        relative = path.lstrip("/")
        if relative.startswith(API_PREFIXES):
            raise NotFound("Not found")
        accept_encoding = request.headers.get("accept-encoding", "")
        candidate = (root / relative).resolve()
        if relative and candidate.is_file() and candidate.is_relative_to(root):
            immutable = relative.startswith("assets/")
            return _file(
                candidate,
                accept_encoding,
                "public, max-age=31536000, immutable" if immutable else "no-cache",
                mimetypes.guess_type(candidate.name)[0] or "application/octet-stream",
            )
        return _file(index, accept_encoding, "no-cache", "text/html")

    return Router(path="/", route_handlers=[serve])
