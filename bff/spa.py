"""Serves the built web app (webapp/dist) on the BFF's origin, with client-side routing.

Any GET that is not an API path and not a file in dist gets index.html, so that a browser
opening /home directly still boots the app. Hashed assets are cached for a year; index.html
is never cached, so a deploy takes effect on the next load.
"""

from __future__ import annotations

import mimetypes
from pathlib import Path

from litestar import Router, get
from litestar.response import File

from bff.errors import NotFound

API_PREFIXES = ("api/", "auth/", "schema", "admin/api/")


def spa_router(dist: Path) -> Router:
    root = dist.resolve()
    index = root / "index.html"

    @get(["/", "/{path:path}"], include_in_schema=False, cache=False)
    async def serve(path: str = "") -> File:
        relative = path.lstrip("/")
        if relative.startswith(API_PREFIXES):
            raise NotFound("Not found")
        candidate = (root / relative).resolve()
        if relative and candidate.is_file() and candidate.is_relative_to(root):
            immutable = relative.startswith("assets/")
            return File(
                candidate,
                media_type=mimetypes.guess_type(candidate.name)[0] or "application/octet-stream",
                content_disposition_type="inline",
                headers={
                    "Cache-Control": "public, max-age=31536000, immutable"
                    if immutable
                    else "no-cache"
                },
            )
        return File(
            index,
            media_type="text/html",
            content_disposition_type="inline",
            headers={"Cache-Control": "no-cache"},
        )

    return Router(path="/", route_handlers=[serve])
