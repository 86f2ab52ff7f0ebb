"""The OpenAPI document describes error answers as they are sent: problem details (RFC 9457,
`application/problem+json`), not Litestar's default `{status_code, detail, extra}` shape.

Every operation can answer a 4xx (invalid input, not signed in, not allowed, not found,
conflict, too many requests) or a 503 (the core cannot be reached); the codes a route can
give vary, so they are documented as the `4XX` and `5XX` ranges with one shared schema.
"""

from __future__ import annotations

from litestar.openapi.spec import (
    OpenAPI,
    OpenAPIMediaType,
    OpenAPIResponse,
    OpenAPIType,
    Operation,
    Reference,
    Schema,
)

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
    # Some answers add a machine-readable field, e.g. code EMAIL_NOT_VERIFIED.
    additional_properties=True,
    description="Problem details (RFC 9457); `detail` is the sentence to show the customer.",
)


def _operations(openapi: OpenAPI) -> list[Operation]:
    found = []
    for item in (openapi.paths or {}).values():
        for method in ("get", "put", "post", "delete", "patch"):
            operation = getattr(item, method, None)
            if operation is not None:
                found.append(operation)
    return found


def document_problem_details(openapi: OpenAPI) -> None:
    openapi.components.schemas = {
        **(openapi.components.schemas or {}),
        "ProblemDetails": PROBLEM_DETAILS,
    }
    problem = OpenAPIMediaType(schema=Reference(ref="#/components/schemas/ProblemDetails"))
    for operation in _operations(openapi):
        responses = dict(operation.responses or {})
        for code in [c for c in responses if c[0] in "45"]:
            del responses[code]
        responses["4XX"] = OpenAPIResponse(
            description="Refused: invalid input, not signed in, not allowed, not found, "
            "a conflict or too many requests",
            content={PROBLEM_JSON: problem},
        )
        responses["5XX"] = OpenAPIResponse(
            description="The bank's systems could not be reached; nothing was done",
            content={PROBLEM_JSON: problem},
        )
        operation.responses = responses
