"""The contract states its limits (issue 41): every string, array and number a client sends
carries, in the OpenAPI document, the bound the server enforces; and for a sample of fields
the server refuses one past the bound with a 400 while taking the bound itself."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from bff.__main__ import _export_document
from bff.schemas import MAX_NAIRA, VISIBLE_TEXT_PATTERN
from bff.tests.helpers import ADA_SAVINGS, TUNDE_ACCOUNT, auth
from bff.tickets.schemas import MAX_ATTACHMENTS
from bff.transfers.schemas import MAX_BULK_ROWS

METHODS = ("get", "put", "post", "delete", "patch")


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return _export_document()


def _resolve(document: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = document["components"]["schemas"][node["$ref"].rsplit("/", 1)[-1]]
    return node


def _request_nodes(document: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(where, schema) for every schema node a client sends: bodies and parameters."""

    def walk(where: str, node: dict[str, Any], seen: frozenset[str]) -> Iterator[Any]:
        if "$ref" in node:
            if node["$ref"] in seen:
                return
            seen = seen | {node["$ref"]}
            where = node["$ref"].rsplit("/", 1)[-1]
            node = _resolve(document, node)
        yield where, node
        for branch in node.get("oneOf", []) + node.get("anyOf", []):
            yield from walk(where, branch, seen)
        for name, child in node.get("properties", {}).items():
            yield from walk(f"{where}.{name}", child, seen)
        if isinstance(node.get("items"), dict):
            yield from walk(f"{where}[]", node["items"], seen)

    for path, item in document["paths"].items():
        for method in METHODS:
            operation = item.get(method)
            if not operation:
                continue
            for parameter in operation.get("parameters", []):
                where = f"{method.upper()} {path} ?{parameter['name']}"
                yield from walk(where, parameter["schema"], frozenset())
            for media in operation.get("requestBody", {}).get("content", {}).values():
                yield from walk(f"{method.upper()} {path} body", media["schema"], frozenset())


def test_every_request_string_array_and_number_states_its_bound(document) -> None:  # type: ignore[no-untyped-def]
    unbounded = set()
    counted = {"string": 0, "array": 0, "integer": 0, "number": 0}
    for where, node in _request_nodes(document):
        kind = node.get("type")
        if kind == "string":
            counted[kind] += 1
            if not ({"maxLength", "enum", "const"} & node.keys()):
                unbounded.add(f"{where}: string without maxLength")
            if not ({"pattern", "format", "enum", "const"} & node.keys()):
                unbounded.add(f"{where}: string without pattern or format")
        elif kind == "array":
            counted[kind] += 1
            if "maxItems" not in node:
                unbounded.add(f"{where}: array without maxItems")
        elif kind in ("integer", "number"):
            counted[kind] += 1
            if not {"minimum", "maximum"} <= node.keys():
                unbounded.add(f"{where}: {kind} without minimum and maximum")
            if kind == "integer" and node.get("format") not in ("int32", "int64"):
                unbounded.add(f"{where}: integer without int32/int64")
    assert not unbounded, "\n".join(sorted(unbounded))
    # The walk saw the request side (a walk that found nothing would pass vacuously).
    assert counted["string"] > 200 and counted["array"] >= 4 and counted["integer"] > 10


def test_the_bounds_in_the_document_are_the_declared_ones(document) -> None:  # type: ignore[no-untyped-def]
    schemas = document["components"]["schemas"]
    assert schemas["BulkTransferIn"]["properties"]["transfers"]["maxItems"] == MAX_BULK_ROWS
    assert schemas["TicketIn"]["properties"]["attachments"]["maxItems"] == MAX_ATTACHMENTS
    number, integer, text, _ = schemas["TransferIn"]["properties"]["amount"]["oneOf"]
    assert (number["maximum"], integer["maximum"], text["maxLength"]) == (MAX_NAIRA,) * 2 + (24,)
    # The pattern says what RequestStruct enforces: it refuses exactly what the pattern refuses.
    assert text["pattern"] == VISIBLE_TEXT_PATTERN
    assert re.fullmatch(VISIBLE_TEXT_PATTERN, "Rent for May, ₦5,000")
    assert not re.fullmatch(VISIBLE_TEXT_PATTERN, "rent\x00")
    assert not re.fullmatch(VISIBLE_TEXT_PATTERN, "abc\u202edef")


def _refused_for_size(answer: Any, field: str) -> bool:
    """A 400 whose errors name `field` (a schema refusal, not a service sentence)."""
    if answer.status_code != 400:
        return False
    return any(field in str(error.get("field")) for error in answer.json().get("errors", []))


async def test_a_body_string_one_past_its_bound_is_refused_and_the_bound_is_taken(bff) -> None:  # type: ignore[no-untyped-def]
    token = await bff.sign_in()
    ticket = "/api/tickets"
    too_long = await bff.client.post(
        ticket, headers=auth(token), json={"subject": "s" * 201, "body": "Hello"}
    )
    assert _refused_for_size(too_long, "subject"), too_long.text
    at_bound = await bff.client.post(
        ticket, headers=auth(token), json={"subject": "s" * 200, "body": "Hello"}
    )
    assert at_bound.status_code == 201, at_bound.text


async def test_the_login_email_bound(bff) -> None:  # type: ignore[no-untyped-def]
    too_long = await bff.login("a" * 201)
    assert _refused_for_size(too_long, "email"), too_long.text
    at_bound = await bff.login("a" * 200)
    assert at_bound.status_code != 400 or not _refused_for_size(at_bound, "email")


async def test_an_array_one_past_its_bound_is_refused_and_the_bound_is_not(bff) -> None:  # type: ignore[no-untyped-def]
    token = await bff.sign_in()
    row = {
        "sourceAccountNumber": ADA_SAVINGS,
        "destinationAccountNumber": TUNDE_ACCOUNT,
        "destinationBankCode": "000000",
        "amount": 1,
        "description": "bulk",
    }
    path = "/api/transfer/bulk"
    too_many = await bff.client.post(
        path, headers=auth(token), json={"transfers": [row] * (MAX_BULK_ROWS + 1)}
    )
    assert _refused_for_size(too_many, "transfers"), too_many.text
    at_bound = await bff.client.post(
        path, headers=auth(token), json={"transfers": [row] * MAX_BULK_ROWS}
    )
    assert not _refused_for_size(at_bound, "transfers") or "length" not in at_bound.text


async def test_a_query_string_and_an_integer_at_and_past_their_bounds(bff) -> None:  # type: ignore[no-untyped-def]
    token = await bff.sign_in()
    history = "/api/ibanking/personal/transactions"
    too_long = await bff.client.get(history, headers=auth(token), params={"search": "r" * 101})
    assert too_long.status_code == 400, too_long.text
    at_bound = await bff.client.get(history, headers=auth(token), params={"search": "r" * 100})
    assert at_bound.status_code == 200, at_bound.text
    too_big = await bff.client.get(history, headers=auth(token), params={"size": 101})
    assert too_big.status_code == 400, too_big.text
    biggest = await bff.client.get(history, headers=auth(token), params={"size": 100})
    assert biggest.status_code == 200, biggest.text


async def test_an_amount_past_its_bound_is_refused_by_the_schema(bff) -> None:  # type: ignore[no-untyped-def]
    token = await bff.sign_in()
    body = {"sourceAccountNumber": ADA_SAVINGS, "description": "big"}
    path = "/api/transfer/intrabank"
    too_big = await bff.client.post(
        path, headers=auth(token), json={**body, "amount": MAX_NAIRA + 1}
    )
    assert _refused_for_size(too_big, "amount"), too_big.text
    text_too_long = await bff.client.post(
        path, headers=auth(token), json={**body, "amount": "1" * 25}
    )
    assert _refused_for_size(text_too_long, "amount"), text_too_long.text
