"""Every query parameter is given once (bff/security/query_string.py)."""

from __future__ import annotations

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
