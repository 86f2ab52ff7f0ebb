"""Cross-origin access: none unless KOBO_CORS_ORIGINS lists origins.

The web app is served by the BFF on its own origin, so by default no CORS headers are sent and
browsers keep every other site from reading Kobo's answers. A listed origin (say, a separate
back-office front end) may call the API with a bearer token; cookies are never involved.
"""

from __future__ import annotations

from litestar.config.cors import CORSConfig

from bff.config import Settings


def cors_config(settings: Settings) -> CORSConfig | None:
    if not settings.cors_origins:
        return None
    return CORSConfig(
        allow_origins=list(settings.cors_origins),
        allow_methods=["GET", "POST", "PUT", "PATCH", "DELETE"],
        allow_headers=["Authorization", "Content-Type", "X-Request-ID"],
        allow_credentials=False,
        expose_headers=["X-Request-ID", "Retry-After", "Content-Disposition"],
    )
