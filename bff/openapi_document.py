"""The OpenAPI document a non-production app serves: Litestar's own, with each operation's
real refusals (bff/openapi_errors.py) and msgspec's bounds (bff/openapi_bounds.py).

Building and annotating it costs about 0.4 s of CPU, as much as the rest of `create_app`.
Every non-production app of one process has the same routes (the web app's route is not in
the document), so the document is built for the first app and shared by the later ones: a
`bff serve` worker builds one app, but the test suite builds hundreds in each process.
Nothing changes the document once it is built.
"""

from __future__ import annotations

from litestar import Litestar

# Litestar builds the document on first use into this plugin's `_openapi` slot; handing it
# the finished one there is the only way to share it (bff/tests/test_openapi.py checks that
# a shared document is the one a fresh build gives).
from litestar._openapi.plugin import OpenAPIPlugin
from litestar.openapi.spec import OpenAPI

from bff.openapi_bounds import document_bounds
from bff.openapi_errors import document_refusals

_built: list[OpenAPI] = []


def document_api(app: Litestar) -> None:
    if _built:
        app.plugins.get(OpenAPIPlugin)._openapi = _built[0]
        return
    document_refusals(app)
    document_bounds(app)
    _built.append(app.openapi_schema)


def forget_document() -> None:
    """For the test that compares a shared document with a fresh build."""
    _built.clear()
