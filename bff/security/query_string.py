"""A query parameter is given once.

No BFF route takes a list in its query string (`bff/tests/test_query_string.py` holds the
document to that), so a parameter given twice is a request the contract does not describe.
Litestar would keep the last value and check only that one: `?search=a&search=<control
character>` reached the route with "a"'s neighbour unchecked (schemathesis found it on a
dispute list). Refused here, before any route runs, with a 400 naming the parameter.
"""

from __future__ import annotations

from litestar import Request

from bff.errors import ValidationFailed

GIVEN_TWICE = "Give this parameter once"


async def refuse_repeated_query_parameters(request: Request) -> None:
    """Litestar's `before_request`: returns nothing (the route runs) or raises a 400.
    A coroutine on purpose: Litestar runs a plain function hook in a worker thread, and that
    hand-off cost more CPU per request than the check (py-spy, session 20)."""
    params = request.query_params
    for name in params:
        if len(params.getall(name)) > 1:
            raise ValidationFailed(GIVEN_TWICE, field=name)
