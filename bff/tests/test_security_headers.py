"""Security headers on every kind of answer (API, errors, the built web app), HSTS only behind
TLS, and CORS only for configured origins (bff/security/headers.py, bff/security/cors.py)."""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path

import httpx
import pytest

from bff.security.headers import content_security_policy
from bff.spa import inline_script_hashes
from bff.tests.helpers import Bff, make_settings

CONTENT_SECURITY_POLICY = content_security_policy()
EXPECTED = {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
    "cross-origin-opener-policy": "same-origin",
}
LISTED = "https://backoffice.kobo.example"
UNLISTED = "https://evil.example"


def assert_secured(response: httpx.Response) -> None:
    for name, value in EXPECTED.items():
        assert response.headers.get(name) == value, (name, response.headers)
    assert "camera=()" in response.headers["permissions-policy"]


def test_the_policy_is_strict() -> None:
    directives = {
        name: value
        for name, _, value in (part.partition(" ") for part in CONTENT_SECURITY_POLICY.split("; "))
    }
    assert directives["script-src"] == "'self'"
    assert "unsafe-inline" not in directives["script-src"]
    assert "unsafe-eval" not in CONTENT_SECURITY_POLICY
    assert directives["default-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"
    assert directives["base-uri"] == "'self'"
    assert directives["form-action"] == "'self'"


async def test_an_api_answer_carries_the_headers(bff: Bff) -> None:
    token = await bff.sign_in()
    response = await bff.client.get("/api/accounts", headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 200
    assert_secured(response)
    assert "strict-transport-security" not in response.headers


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/api/accounts", 401),  # refused by the handler's dependency
        ("POST", "/auth/ibanking/personal/login", 400),  # a body that does not validate
        ("GET", "/no/such/route", 404),  # refused by routing, before any route middleware
        ("DELETE", "/health", 405),
    ],
)
async def test_error_answers_carry_the_headers(
    bff: Bff, method: str, path: str, status: int
) -> None:
    response = await bff.client.request(method, path, json={} if method == "POST" else None)
    assert response.status_code == status
    assert_secured(response)


async def test_the_web_app_carries_the_headers(bff_factory, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text(
        '<!doctype html><script type="module" src="/assets/app.js"></script>'
    )
    (tmp_path / "assets" / "app.js").write_text("console.log('kobo')")
    bff = await bff_factory(webapp_dist=tmp_path)
    for path in ("/", "/home", "/assets/app.js"):
        response = await bff.client.get(path)
        assert response.status_code == 200, path
        assert_secured(response)
    assert (await bff.client.get("/home")).headers["content-type"].startswith("text/html")


async def test_hsts_only_behind_tls(bff_factory) -> None:  # type: ignore[no-untyped-def]
    plain = await bff_factory()
    assert "strict-transport-security" not in (await plain.client.get("/health")).headers

    # The request itself arrived over TLS.
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=plain.app), base_url="https://bff.test"
    ) as tls_client:
        direct = await tls_client.get("/health")
    assert direct.headers["strict-transport-security"].startswith("max-age=31536000")

    # Behind the TLS-terminating proxy: the public URL says customers use https.
    proxied = await bff_factory(public_url="https://ibank.kobo.example")
    response = await proxied.client.get("/health")
    assert response.headers["strict-transport-security"] == "max-age=31536000; includeSubDomains"
    assert_secured(response)


async def test_no_cors_by_default(bff: Bff) -> None:
    preflight = await bff.client.options(
        "/auth/ibanking/personal/login",
        headers={"Origin": UNLISTED, "Access-Control-Request-Method": "POST"},
    )
    assert "access-control-allow-origin" not in preflight.headers
    simple = await bff.client.get("/health", headers={"Origin": UNLISTED})
    assert "access-control-allow-origin" not in simple.headers


async def test_cors_allows_only_configured_origins(bff_factory) -> None:  # type: ignore[no-untyped-def]
    bff = await bff_factory(cors_origins=(LISTED,))
    asked = {
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type",
    }

    allowed = await bff.client.options("/api/accounts", headers={"Origin": LISTED, **asked})
    assert allowed.status_code == 204
    assert allowed.headers["access-control-allow-origin"] == LISTED
    assert "access-control-allow-credentials" not in allowed.headers

    refused = await bff.client.options("/api/accounts", headers={"Origin": UNLISTED, **asked})
    assert refused.status_code == 400
    assert "access-control-allow-origin" not in refused.headers
    assert_secured(refused)

    read = await bff.client.get("/health", headers={"Origin": LISTED})
    assert read.headers["access-control-allow-origin"] == LISTED
    not_read = await bff.client.get("/health", headers={"Origin": UNLISTED})
    assert "access-control-allow-origin" not in not_read.headers


def test_production_refuses_a_wildcard_origin() -> None:

    settings = make_settings("sqlite+aiosqlite:///:memory:", production=True, cors_origins=("*",))
    with pytest.raises(RuntimeError, match="KOBO_CORS_ORIGINS"):
        settings.check_production(secret_from_env=True)


async def test_large_answers_are_gzipped(bff: Bff) -> None:
    """(Sign-in answers are excluded too, in bff/app.py, but are all under the 1 KB at which
    compression starts, so no test can tell.)"""
    token = await bff.sign_in()
    listing = await bff.client.get(
        "/api/ibanking/personal/transactions",
        headers={"Authorization": f"Bearer {token}", "Accept-Encoding": "gzip"},
        params={"size": 50},
    )
    assert listing.headers.get("content-encoding") == "gzip"


async def test_api_and_auth_answers_are_never_stored(bff_factory, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Issue 43: no cache (the browser's, a proxy's, the web app's service worker) may keep the
    customer's data: every answer under /api and /auth says `no-store`, a failure too; the web
    app's own files keep their caching, which the service worker and a repeat visit rely on."""
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html><title>Kobo</title>")
    (tmp_path / "assets" / "app-1a2b.js").write_text("console.log('kobo')")
    bff = await bff_factory(webapp_dist=tmp_path)
    token = await bff.sign_in()
    signed_in = {"Authorization": f"Bearer {token}"}
    private = [
        await bff.client.get("/api/client-summary", headers=signed_in),
        await bff.client.get("/api/accounts", headers=signed_in),
        await bff.client.get("/api/accounts"),  # 401
        await bff.client.post("/auth/ibanking/personal/login", json={}),  # 400
        await bff.client.post(
            "/auth/ibanking/personal/login",
            json={"email": "ada.okafor@example.com", "password": "wrong"},
        ),
    ]
    for response in private:
        assert response.headers.get("cache-control") == "no-store", (
            response.request.url,
            response.headers,
        )
    assert private[0].status_code == 200

    assert (await bff.client.get("/home")).headers["cache-control"] == "no-cache"
    assert (await bff.client.get("/assets/app-1a2b.js")).headers["cache-control"] == (
        "public, max-age=31536000, immutable"
    )
    assert (await bff.client.get("/health")).headers.get("cache-control") != "no-store"


async def test_the_web_apps_inline_script_and_no_other_is_allowed(  # type: ignore[no-untyped-def]
    bff_factory, tmp_path: Path
) -> None:
    """index.html's first script is inline (webapp/build-plugins/earlyFetch.ts): the policy
    names its hash, so that script runs and an injected one would not."""
    code = "(()=>{window.kobo = 1})()"
    (tmp_path / "index.html").write_text(
        f'<!doctype html><head><script data-app="/assets/app.js">{code}</script>'
        '<link rel="modulepreload" crossorigin href="/assets/app.js"></head>'
    )
    digest = base64.b64encode(hashlib.sha256(code.encode()).digest()).decode()
    assert inline_script_hashes(tmp_path) == [f"sha256-{digest}"]
    bff = await bff_factory(webapp_dist=tmp_path)
    for path in ("/home", "/api/accounts"):
        policy = (await bff.client.get(path)).headers["content-security-policy"]
        assert f"script-src 'self' 'sha256-{digest}';" in policy, policy
