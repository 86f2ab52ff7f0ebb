"""Security headers on every answer the BFF sends: API, errors, the built web app, even a
404/405 from routing, which never reaches route middleware. That is why this is a
`before_send` hook (it sees every `http.response.start`) rather than route middleware.

The Content-Security-Policy fits the built web app (webapp/dist), checked in a browser by the
Playwright journeys:
- scripts only from our origin, and the built index.html's own inline script (its first
  script, webapp/build-plugins/earlyFetch.ts), allowed by its hash (bff/spa.py reads it);
- styles also inline: antd injects its CSS-in-JS as <style> elements;
- images from data: and blob: URLs: KYC and ticket previews of files the customer picked;
- frames from blob: URLs: the ticket attachment viewer shows a PDF in an <iframe> of a blob;
- no plugins (object-src 'none'), no <base> or form posts elsewhere, never framed.

HSTS only makes sense where browsers reach us over TLS: when KOBO_PUBLIC_URL is https (the
TLS-terminating proxy in front, docs/deploy.md) or the request itself came over TLS. The
scheme is the connection's own unless KOBO_TRUSTED_PROXIES names the peer: only then does
uvicorn take X-Forwarded-Proto (bff/tests/test_reverse_proxy.py, behind a real nginx).

Every answer under the API's prefixes (/api, /auth, /admin/api) is `Cache-Control: no-store`,
errors included (issue 43): balances, statements and tokens are the customer's, and no browser
cache, proxy or the web app's service worker may keep a copy after the tab is closed or the
customer signs out. The web app's own files keep bff/spa.py's caching.
"""

from __future__ import annotations

from collections.abc import Sequence

from litestar.datastructures import MutableScopeHeaders
from litestar.types import BeforeMessageSendHookHandler, Message, Scope


def content_security_policy(script_hashes: Sequence[str] = ()) -> str:
    """The policy, allowing the inline scripts whose `sha256-…` hashes are given."""
    script_src = " ".join(("'self'", *(f"'{digest}'" for digest in script_hashes)))
    return "; ".join(
        (
            "default-src 'self'",
            f"script-src {script_src}",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data: blob:",
            "font-src 'self'",
            "connect-src 'self'",
            "frame-src 'self' blob:",
            "worker-src 'self'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        )
    )


# Nothing in the web app needs a powerful browser feature; say so, so an injected frame
# or script cannot ask for one either.
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()"

# One year, as recommended for HSTS once a site is known to work over TLS.
HSTS = "max-age=31536000; includeSubDomains"

# The paths whose answers are the customer's data (bff/spa.py's API_PREFIXES, as paths).
PRIVATE_PREFIXES = ("/api/", "/auth/", "/admin/api/")

STATIC_HEADERS: tuple[tuple[str, str], ...] = (
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    # no-referrer: links carry secrets (/reset-password/<code>/<email>), and nothing in Kobo
    # needs the Referer header, not even on our own origin (bearer tokens, no CSRF checks).
    ("Referrer-Policy", "no-referrer"),
    ("Permissions-Policy", PERMISSIONS_POLICY),
    ("Cross-Origin-Opener-Policy", "same-origin"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
)


def security_headers_hook(
    public_url: str, script_hashes: Sequence[str] = ()
) -> BeforeMessageSendHookHandler:
    """The hook for `Litestar(before_send=[...])`; `script_hashes` as for the policy."""
    served_over_tls = public_url.lower().startswith("https://")
    policy = content_security_policy(script_hashes)

    async def add_security_headers(message: Message, scope: Scope) -> None:
        if message["type"] != "http.response.start":
            return
        headers = MutableScopeHeaders.from_message(message)
        headers["Content-Security-Policy"] = policy
        for name, value in STATIC_HEADERS:
            headers[name] = value
        if served_over_tls or scope.get("scheme") == "https":
            headers["Strict-Transport-Security"] = HSTS
        if str(scope.get("path", "")).startswith(PRIVATE_PREFIXES):
            headers["Cache-Control"] = "no-store"

    return add_security_headers
