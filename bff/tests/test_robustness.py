"""Bad input gets a clear 4xx problem document and changes nothing, never a 5xx (round 2)."""

from __future__ import annotations

import typing

import msgspec
import pytest

from bff.app import MAX_REQUEST_BYTES
from bff.schemas import HIDDEN_CHARACTERS, RequestStruct
from bff.security.request_body import TOO_COMPLEX, too_complex
from bff.tests.helpers import (
    ADA,
    ADA_CURRENT,
    ADA_SAVINGS,
    GTB,
    TUNDE_ACCOUNT,
    T,
    auth,
    initiate,
)


def _handlers_with_bodies(app):  # type: ignore[no-untyped-def]
    """(route handler, its request-body struct) for every route that takes a body."""
    for route in app.routes:
        for handler in getattr(route, "route_handlers", []):
            data = handler.parsed_fn_signature.parameters.get("data")
            if data is not None and isinstance(data.annotation, type):
                yield handler, data.annotation


async def test_a_bulk_body_of_the_wrong_shape_is_a_400_not_a_500(bff):
    token = await bff.sign_in()
    answer = await bff.client.post(f"{T}/bulk", headers=auth(token), json={"transfers": "x"})
    assert answer.status_code == 400, answer.text
    assert answer.json()["errors"][0]["field"] == "transfers"


async def test_no_body_field_is_named_like_a_dependency(bff):
    """Litestar reports a bad value of a field named like a dependency as the server's fault
    (500): so no top-level body field may share a name with a dependency."""
    for handler, body in _handlers_with_bodies(bff.app):
        dependencies = set(handler.resolve_dependencies())
        fields = {f.encode_name for f in msgspec.structs.fields(body)}
        fields |= {f.name for f in msgspec.structs.fields(body)}
        assert not fields & dependencies, (handler.handler_name, fields & dependencies)


async def test_an_unknown_simulator_scenario_is_refused_up_front_on_every_route(bff_factory):
    bff = await bff_factory(allow_sim_scenarios=True)
    token = await bff.sign_in()
    unknown = {**auth(token), "X-Sim-Scenario": "nip.transfer.no-such-thing"}
    source = {"sourceAccountNumber": ADA_SAVINGS, "amount": 5, "description": "scenario"}
    started = await initiate(bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT)
    calls = [
        ("post", f"{T}/name-inquiry", {"accountNumber": "9000000014", "bankCode": GTB}),
        (
            "post",
            f"{T}/other-banks",
            {**source, "destinationAccountNumber": "9000000014", "destinationBankCode": GTB},
        ),
        ("post", f"{T}/own-account", {**source, "destinationAccountNumber": ADA_CURRENT}),
        ("get", "/api/client-summary", None),
        ("post", f"{T}/intrabank/confirm", {"otp": "000000", "id": started.json()["id"]}),
        ("get", "/health", None),
    ]
    for method, path, body in calls:
        kwargs = {"json": body} if body is not None else {}
        answer = await bff.client.request(method, path, headers=unknown, **kwargs)
        assert answer.status_code == 400, (path, answer.text)
        assert answer.headers["content-type"].startswith("application/problem+json")
        assert answer.json()["detail"] == "Unknown simulator scenario: nip.transfer.no-such-thing"
    # Nothing happened: the transfer still waits for its code, and known ids still work.
    transfer = await bff.client.get(f"{T}/{started.json()['id']}", headers=auth(token))
    assert transfer.json()["status"] == "AWAITING_OTP"
    known = {**auth(token), "X-Sim-Scenario": "nip.transfer.success"}
    assert (await bff.client.get("/api/client-summary", headers=known)).status_code == 200


DEEP_ARRAY = "[" * 1000 + "]" * 1000
DEEP_OBJECT = '{"a":' * 1000 + "1" + "}" * 1000


@pytest.mark.parametrize("body", [DEEP_ARRAY, DEEP_OBJECT], ids=["array", "object"])
async def test_deeply_nested_json_is_refused_before_parsing(bff, body):
    token = await bff.sign_in()
    json_type = {"content-type": "application/json"}
    for path, headers in (
        ("/auth/ibanking/personal/login", json_type),  # not signed in
        (f"{T}/bulk", {**json_type, **auth(token)}),
        (f"{T}/intrabank", {**json_type, **auth(token)}),
    ):
        answer = await bff.client.post(path, headers=headers, content=body)
        assert answer.status_code == 400, (path, answer.text)
        assert answer.headers["content-type"].startswith("application/problem+json")
        assert answer.json()["detail"] == TOO_COMPLEX


def test_the_depth_scan_ignores_brackets_inside_strings():
    limits = {"max_depth": 3, "max_brackets": 100, "max_strings": 100}
    assert not too_complex(b'[[1,[2]],{"a":"[[[[[[\\"]]"}]', **limits)
    assert too_complex(b"[[[[1]]]]", **limits)
    assert too_complex(b"[[[[", **limits)  # unclosed openers nest too
    assert too_complex(b"[]" * 51, **limits)
    assert too_complex(b'["' + b'","' * 100 + b'"]', **limits)
    assert not too_complex(b'{"transfers": [{"amount": 1}, {"amount": 2}]}', **limits)


async def inbox_size(bff, recipient: str = ADA) -> int:  # type: ignore[no-untyped-def]
    return len((await bff.sim.get("/sim/messages", params={"recipient": recipient})).json())


@pytest.mark.parametrize(
    "amount",
    ['"NaN"', '"Infinity"', '"-Infinity"', '"1e309"', '"1e3"', '"1E2"', "1e309", "1e3"],
)
async def test_amounts_that_are_not_plain_numbers_are_refused_clearly(bff, amount):
    token = await bff.sign_in()
    before = await inbox_size(bff)
    body = (
        f'{{"sourceAccountNumber": "{ADA_SAVINGS}", "destinationAccountNumber": '
        f'"{TUNDE_ACCOUNT}", "description": "amount", "amount": {amount}}}'
    )
    answer = await bff.client.post(
        f"{T}/intrabank",
        headers={**auth(token), "content-type": "application/json"},
        content=body,
    )
    assert answer.status_code == 400, answer.text
    assert answer.json()["detail"] == "Enter a valid amount"
    assert answer.json()["errors"] == [{"field": "amount", "message": "Enter a valid amount"}]
    assert await inbox_size(bff) == before  # no transfer started, no code sent


def _structs_inside(annotation, found):  # type: ignore[no-untyped-def]
    """Every msgspec struct an annotation reaches (through lists, unions, Annotated)."""
    if isinstance(annotation, type) and issubclass(annotation, msgspec.Struct):
        if annotation not in found:
            found.add(annotation)
            for field in msgspec.structs.fields(annotation):
                _structs_inside(field.type, found)
        return found
    for argument in typing.get_args(annotation):
        _structs_inside(argument, found)
    return found


async def test_every_request_body_checks_its_text_centrally(bff):
    found: set[type] = set()
    for _, body in _handlers_with_bodies(bff.app):
        _structs_inside(body, found)
    assert found and all(issubclass(struct, RequestStruct) for struct in found), [
        struct.__name__ for struct in found if not issubclass(struct, RequestStruct)
    ]


HIDDEN = ["\u0000", "\u0007", "\t", "\n", "\u001f", "\u007f", "\u200e", "\u200f"]
HIDDEN += ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068"]
HIDDEN += ["\u2069"]


async def tickets(bff, token: str) -> list:  # type: ignore[no-untyped-def,type-arg]
    return (await bff.client.get("/api/tickets", headers=auth(token))).json()  # type: ignore[no-any-return]


async def test_hidden_and_control_characters_are_refused_in_free_text(bff):
    token = await bff.sign_in()
    before = await tickets(bff, token)
    for character in HIDDEN:
        answer = await bff.client.post(
            "/api/tickets",
            headers=auth(token),
            json={"subject": f"Card{character}blocked", "body": "Please help."},
        )
        assert answer.status_code == 400, (repr(character), answer.text)
        assert answer.json()["detail"] == HIDDEN_CHARACTERS
        assert answer.json()["errors"] == [{"field": "subject", "message": HIDDEN_CHARACTERS}]
    reversed_description = await initiate(
        bff,
        token,
        "intrabank",
        destinationAccountNumber=TUNDE_ACCOUNT,
        description="Rent \u202etnuocca",
    )
    assert reversed_description.status_code == 400
    assert reversed_description.json()["errors"][0]["field"] == "description"
    bulk_row = await bff.client.post(
        f"{T}/bulk",
        headers=auth(token),
        json={"transfers": [{"sourceAccountNumber": ADA_SAVINGS, "description": "a\u0000b"}]},
    )
    assert bulk_row.status_code == 400
    assert bulk_row.json()["detail"] == HIDDEN_CHARACTERS
    assert await tickets(bff, token) == before


@pytest.mark.parametrize("blank", ["\u0000", " ", "   ", "\u200b", "\u00a0\u3000", "\ufeff"])
async def test_required_means_at_least_one_visible_character(bff, blank):
    token = await bff.sign_in()
    answer = await bff.client.post(
        "/api/tickets", headers=auth(token), json={"subject": blank, "body": "Please help."}
    )
    assert answer.status_code == 400, answer.text
    assert answer.json()["errors"][0]["field"] == "subject"
    assert answer.json()["errors"][0]["message"] in ("This field is required", HIDDEN_CHARACTERS)


async def test_multi_line_text_keeps_its_line_breaks(bff):
    token = await bff.sign_in()
    answer = await bff.client.post(
        "/api/tickets",
        headers=auth(token),
        json={"subject": "Card blocked", "body": "Hello,\r\n\tmy card is blocked.\nThanks"},
    )
    assert answer.status_code == 201, answer.text
    assert answer.json()["ticket"]["body"] == "Hello,\r\n\tmy card is blocked.\nThanks"


async def test_the_history_search_refuses_hidden_characters(bff):
    token = await bff.sign_in()
    answer = await bff.client.get(
        "/api/ibanking/personal/transactions", headers=auth(token), params={"search": "rent\x00"}
    )
    assert answer.status_code == 400, answer.text
    assert answer.json()["errors"] == [{"field": "search", "message": HIDDEN_CHARACTERS}]


async def test_a_body_over_the_size_limit_is_refused_with_413_before_it_is_read(bff):
    oversized = b" " * (MAX_REQUEST_BYTES + 1)
    answer = await bff.client.post(
        "/auth/ibanking/personal/login",
        headers={"content-type": "application/json"},
        content=oversized,
    )
    assert answer.status_code == 413, answer.text
    assert answer.headers["content-type"].startswith("application/problem+json")
