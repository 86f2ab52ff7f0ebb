"""The web app's files travel precompressed (issue 23): the build writes a brotli and a gzip
copy beside each text file (webapp/build-plugins/precompress.ts), and bff/spa.py sends the
copy the browser accepts, as it is, never compressed a second time."""

from __future__ import annotations

import gzip
from pathlib import Path

import httpx

from bff.spa import accepted_encodings

SCRIPT = b"console.log('kobo');\n" * 100
# The server never decodes the copies, so a marker stands in for brotli's bytes.
SCRIPT_BR = b"brotli copy of app.js"
PAGE = b'<!doctype html><script type="module" src="/assets/app.js"></script>' + b" " * 1100
PAGE_BR = b"brotli copy of index.html"


def build(dist: Path) -> None:
    (dist / "assets").mkdir()
    (dist / "assets" / "app.js").write_bytes(SCRIPT)
    (dist / "assets" / "app.js.br").write_bytes(SCRIPT_BR)
    (dist / "assets" / "app.js.gz").write_bytes(gzip.compress(SCRIPT))
    (dist / "index.html").write_bytes(PAGE)
    (dist / "index.html.br").write_bytes(PAGE_BR)
    (dist / "index.html.gz").write_bytes(gzip.compress(PAGE))
    (dist / "favicon.svg").write_text("<svg/>")


async def fetch_raw(
    client: httpx.AsyncClient, path: str, accept: str
) -> tuple[httpx.Response, bytes]:
    """The answer and its body as sent: httpx decodes gzip (so it is compressed again here
    for comparison) and, without a brotli package, leaves brotli's bytes as they are."""
    response = await client.get(path, headers={"Accept-Encoding": accept})
    body = response.content
    if response.headers.get("content-encoding") == "gzip":
        body = gzip.compress(body)
    return response, body


async def test_the_copy_the_browser_accepts_is_sent(bff_factory, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    build(tmp_path)
    bff = await bff_factory(webapp_dist=tmp_path)

    # Chrome's header: brotli first.
    response, body = await fetch_raw(bff.client, "/assets/app.js", "gzip, deflate, br, zstd")
    assert response.headers["content-encoding"] == "br"
    assert body == SCRIPT_BR
    assert response.headers["content-type"].startswith("text/javascript")
    assert "Accept-Encoding" in response.headers["vary"]
    assert response.headers["cache-control"] == "public, max-age=31536000, immutable"

    # gzip when brotli is not accepted (or refused with q=0).
    for accept in ("gzip, deflate", "br;q=0, gzip"):
        response, body = await fetch_raw(bff.client, "/assets/app.js", accept)
        assert response.headers["content-encoding"] == "gzip", accept
        assert gzip.decompress(body) == SCRIPT
        # Sent once compressed: the on-the-fly compression of bff/app.py left it alone.
        assert response.headers["content-length"] == str(len(gzip.compress(SCRIPT)))

    # Neither: the file itself, still marked as varying.
    response, body = await fetch_raw(bff.client, "/assets/app.js", "identity")
    assert "content-encoding" not in response.headers
    assert body == SCRIPT
    assert "Accept-Encoding" in response.headers["vary"]


async def test_the_page_of_every_route_comes_precompressed(bff_factory, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    build(tmp_path)
    bff = await bff_factory(webapp_dist=tmp_path)
    for path in ("/", "/home", "/transfer"):
        response, body = await fetch_raw(bff.client, path, "gzip, br")
        assert response.headers["content-encoding"] == "br", path
        assert response.headers["content-type"].startswith("text/html"), path
        assert response.headers["cache-control"] == "no-cache"
        assert body == PAGE_BR


async def test_a_file_without_copies_is_sent_as_it_is(bff_factory, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    build(tmp_path)
    bff = await bff_factory(webapp_dist=tmp_path)
    response, body = await fetch_raw(bff.client, "/favicon.svg", "gzip, br")
    assert "content-encoding" not in response.headers
    assert "vary" not in response.headers or "Accept-Encoding" not in response.headers["vary"]
    assert body == b"<svg/>"


async def test_the_api_is_still_compressed_on_the_fly(bff_factory, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    build(tmp_path)
    bff = await bff_factory(webapp_dist=tmp_path)
    token = await bff.sign_in()
    listing = await bff.client.get(
        "/api/ibanking/personal/transactions",
        headers={"Authorization": f"Bearer {token}", "Accept-Encoding": "gzip"},
        params={"size": 50},
    )
    assert listing.headers.get("content-encoding") == "gzip"


def test_accept_encoding_is_read_with_its_weights() -> None:
    assert accepted_encodings("gzip, deflate, br, zstd") == {"gzip", "deflate", "br", "zstd"}
    assert accepted_encodings("br;q=0, gzip;q=0.5") == {"gzip"}
    assert accepted_encodings("BR ; q=1.0") == {"br"}
    assert accepted_encodings("br;q=oops") == set()
    assert accepted_encodings("") == set()
