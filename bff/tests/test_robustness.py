"""Bad input gets a clear 4xx problem document and changes nothing, never a 5xx (round 2)."""

from __future__ import annotations

import msgspec

from bff.tests.test_transfers import auth

T = "/api/transfer"


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
