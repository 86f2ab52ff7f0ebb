"""Every query parameter is given once (bff/security/query_string.py)."""

from __future__ import annotations

import inspect
import json
from pathlib import Path

from bff.tests.helpers import Bff

DOCUMENT = Path(__file__).resolve().parents[2] / "webapp" / "src" / "api" / "openapi.json"


def test_no_route_takes_a_list_in_its_query_string() -> None:
    """What makes refusing a repeated parameter safe for every route."""
    document = json.loads(DOCUMENT.read_text())
    lists = [
        f"{method.upper()} {path} ?{parameter['name']}"
        for path, operations in document["paths"].items()
        for method, operation in operations.items()
        for parameter in operation.get("parameters", [])
        if parameter.get("in") == "query" and '"array"' in json.dumps(parameter.get("schema"))
    ]
    assert lists == []


async def test_a_parameter_given_twice_is_refused_naming_it(bff: Bff) -> None:
    token = await bff.sign_in()
    headers = {"Authorization": f"Bearer {token}"}
    for url, name in (
        ("/api/disputes?paymentReference=%13b&paymentReference=a", "paymentReference"),
        ("/api/ibanking/personal/transactions?size=5&search=a&search=b", "search"),
    ):
        answer = await bff.client.get(url, headers=headers)
        assert answer.status_code == 400, answer.text
        problem = answer.json()
        assert problem["detail"] == "Give this parameter once"
        assert problem["errors"] == [{"field": name, "message": "Give this parameter once"}]
    once = await bff.client.get(
        "/api/ibanking/personal/transactions?size=5&search=a", headers=headers
    )
    assert once.status_code == 200


async def test_no_hook_or_handler_runs_in_a_worker_thread(bff: Bff) -> None:
    """Litestar runs a plain function (a handler, a `before_request` hook, a dependency not
    marked otherwise) in its thread pool: a hand-off per request that cost more CPU than the
    check it ran (py-spy on the transfer, session 20). Every one on the request path is a
    coroutine, or a dependency marked `sync_to_thread=False`."""
    threaded = []
    for route in bff.app.routes:
        for handler in getattr(route, "route_handlers", ()):
            if getattr(handler, "sync_to_thread", False):
                threaded.append(f"{route.path}: {handler.handler_name}")
            hook = handler.resolve_before_request()
            if hook is not None and not inspect.iscoroutinefunction(hook):
                threaded.append(f"{route.path}: before_request {hook!r}")
            for name, provider in handler.resolve_dependencies().items():
                if provider.has_sync_callable and provider.sync_to_thread is not False:
                    threaded.append(f"{route.path}: dependency {name}")
    assert threaded == []
