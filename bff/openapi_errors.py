"""The OpenAPI document lists, for each operation, every error status it answers, each as
it is sent: problem details (RFC 9457, `application/problem+json`), not Litestar's default
`{status_code, detail, extra}` shape and not a blanket `4XX`.

One step after the document is built (`document_refusals`) decides them all, in one way:
- what the guards and validators every route shares answer, read off the route itself:
  a body or parameters → 400 (invalid input), a body → 413 (too large, refused before it is
  read); the `principal` dependency → 401, `applicant`/`customer`/`admin` → 401 and 403;
  a route the rate limiter watches → 429; anything but `/health` → 503 (the core cannot be
  reached: one mapping in bff/app.py answers it wherever a call to the core fails; a few
  routes that never call the core declare it too, which is cheaper than tracing each);
- what a route's own rules answer (not found, conflict, not done, paused…), which only the
  route can know, declared on the handler with `opt=refuses(404, 409, …)`.

`bff/tests/openapi_conformance.py` checks every answer the HTTP tests get against the
result, so a status a route answers but does not declare fails a test.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from litestar import Litestar
from litestar.openapi.spec import (
    OpenAPIHeader,
    OpenAPIMediaType,
    OpenAPIResponse,
    OpenAPIType,
    Operation,
    Reference,
    Schema,
)
from litestar.routes import HTTPRoute

from bff.security.throttling import AUTH_ROUTES, NAME_INQUIRY_ROUTES

PROBLEM_JSON = "application/problem+json"
PROBLEM_DETAILS = Schema(
    type=OpenAPIType.OBJECT,
    required=["title", "status"],
    properties={
        "type": Schema(type=OpenAPIType.STRING),
        "title": Schema(type=OpenAPIType.STRING),
        "status": Schema(type=OpenAPIType.INTEGER),
        "detail": Schema(type=OpenAPIType.STRING),
        "errors": Schema(
            type=OpenAPIType.ARRAY,
            items=Schema(
                type=OpenAPIType.OBJECT,
                required=["message"],
                properties={
                    "field": Schema(type=[OpenAPIType.STRING, OpenAPIType.NULL]),
                    "message": Schema(type=OpenAPIType.STRING),
                },
            ),
        ),
    },
    additional_properties=False,
    description="Problem details (RFC 9457); `detail` is the sentence to show the customer.",
)


def _problem_with(description: str, **members: Schema) -> Schema:
    """Problem details plus the members one kind of refusal adds."""
    return Schema(
        type=OpenAPIType.OBJECT,
        required=["title", "status", *members],
        properties={**(PROBLEM_DETAILS.properties or {}), **members},
        additional_properties=False,
        description=description,
    )


_TEXT = Schema(type=OpenAPIType.STRING)
SHAPES: dict[str, Schema] = {
    "ProblemDetails": PROBLEM_DETAILS,
    "TransferFailedProblem": _problem_with(
        "A confirmed transfer that did not go through: the reason and the transfer.",
        id=_TEXT,
        referenceNumber=_TEXT,
        transferStatus=Schema(type=OpenAPIType.STRING, const="FAILED"),
        responseCode=_TEXT,
    ),
    "EmailNotVerifiedProblem": _problem_with(
        "The password was right but the e-mail is not verified yet: where to send the code.",
        code=Schema(type=OpenAPIType.STRING, const="EMAIL_NOT_VERIFIED"),
        email=_TEXT,
    ),
    "BillFailedProblem": _problem_with(
        "A confirmed bill payment that did not go through: the reason and the payment.",
        utilityVendingRequestId=_TEXT,
        referenceNumber=_TEXT,
        vendingStatus=Schema(type=OpenAPIType.STRING, const="FAILED"),
    ),
}

DESCRIPTIONS = {
    400: "Invalid input; `errors` names the fields",
    401: "Not signed in, or the session has ended",
    403: "Signed in, but this caller may not do this",
    404: "Not found (someone else's resource answers the same)",
    409: "Not possible in the resource's current state; nothing was changed",
    413: "The request body is too large; it was not read",
    422: "Understood, but it did not go through",
    429: "Too many requests or wrong codes; wait `Retry-After` seconds",
    503: "The bank's systems could not be reached, or are busy (`Retry-After`); nothing was done",
}


@dataclass(frozen=True)
class Refusal:
    """An error answer a route's own rules give: its status and, if not plain problem
    details, the name of its shape in `SHAPES`."""

    status: int
    shape: str = "ProblemDetails"
    description: str | None = None


TRANSFER_FAILED = Refusal(422, "TransferFailedProblem", "The transfer did not go through")
BILL_FAILED = Refusal(422, "BillFailedProblem", "The payment did not go through")
EMAIL_NOT_VERIFIED = Refusal(403, "EmailNotVerifiedProblem", "The e-mail is not verified yet")


def refuses(*refusals: int | Refusal) -> dict[str, Any]:
    """A handler's `opt`: the error statuses its own rules answer (see the module's doc)."""
    return {"refuses": tuple(r if isinstance(r, Refusal) else Refusal(r) for r in refusals)}


def answers_also(*media_types: str) -> dict[str, Any]:
    """A handler's `opt`: other media types its success answer comes in (Litestar's
    `media_type=` names one), with the same schema."""
    return {"answers_also": media_types}


SIGNED_IN = "principal"
ROLE_GUARDS = ("applicant", "customer", "admin")
RATE_LIMITED = AUTH_ROUTES | NAME_INQUIRY_ROUTES
NOT_FROM_THE_CORE = frozenset({"/health"})  # answers without the core, always


def shared_refusals(path: str, operation: Operation, parameter_names: Iterable[str]) -> set[int]:
    """What the guards and validators all routes share answer on this route."""
    names = set(parameter_names)
    statuses: set[int] = set()
    if operation.request_body is not None:
        statuses |= {400, 413}
    if operation.parameters:
        statuses.add(400)
    if SIGNED_IN in names or names & set(ROLE_GUARDS):
        statuses.add(401)
    if names & set(ROLE_GUARDS):
        statuses.add(403)
    if path in RATE_LIMITED:
        statuses.add(429)
    if path not in NOT_FROM_THE_CORE:
        statuses.add(503)
    return statuses


def _response(refusal: Refusal) -> OpenAPIResponse:
    headers: dict[str, OpenAPIHeader | Reference] | None = None
    if refusal.status in (429, 503):
        headers = {
            "Retry-After": OpenAPIHeader(
                schema=Schema(type=OpenAPIType.STRING),
                description="Seconds to wait before trying again",
            )
        }
    return OpenAPIResponse(
        description=refusal.description or DESCRIPTIONS.get(refusal.status, "Refused"),
        content={
            PROBLEM_JSON: OpenAPIMediaType(
                schema=Reference(ref=f"#/components/schemas/{refusal.shape}")
            )
        },
        headers=headers,
    )


def document_refusals(app: Litestar) -> None:
    """Replaces each operation's generated error answers with the ones it really gives."""
    openapi = app.openapi_schema
    openapi.components.schemas = {**(openapi.components.schemas or {}), **SHAPES}
    for route in app.routes:
        if not isinstance(route, HTTPRoute) or route.path_format not in (openapi.paths or {}):
            continue
        item = openapi.paths[route.path_format]  # type: ignore[index]
        for method, (handler, _) in route.route_handler_map.items():
            operation = getattr(item, method.lower(), None)
            if not isinstance(operation, Operation):
                continue
            own: tuple[Refusal, ...] = handler.opt.get("refuses", ())
            by_status = {
                status: Refusal(status)
                for status in shared_refusals(
                    route.path_format, operation, handler.parsed_fn_signature.parameters
                )
            }
            by_status.update({refusal.status: refusal for refusal in own})
            declared = {str(status) for status in (handler.responses or {})}
            responses = {
                code: response
                for code, response in (operation.responses or {}).items()
                if code[0] not in "45" or code in declared
            }
            for status in sorted(by_status):
                if str(status) not in responses:
                    responses[str(status)] = _response(by_status[status])
            _add_media_types(responses, handler.opt.get("answers_also", ()))
            operation.responses = responses


def _add_media_types(responses: dict[str, Any], media_types: Iterable[str]) -> None:
    for response in responses.values():
        if isinstance(response, OpenAPIResponse) and response.content and media_types:
            first = next(iter(response.content.values()))
            for media_type in media_types:
                response.content[media_type] = OpenAPIMediaType(schema=first.schema)
            return
