"""The OpenAPI document states the bounds the server enforces on input, in the shape client
tools and linters read (issue 41, docs/contract.md "Input bounds").

The bounds themselves are declared once, where they are enforced: `msgspec.Meta(max_length=…,
max_items=…, ge=…, le=…)` on request structs and `Parameter(max_length=…, ge=…, le=…)` on
query and path parameters. Litestar already copies those into the document; this step, run
once after the document is built (`document_bounds`), only puts them where readers look:

- a request struct's field bounds are copied from msgspec's own JSON Schema of the struct
  (`msgspec.json.schema_components`, the library that enforces them): Litestar drops a bound
  inside a union branch (`Annotated[int, Meta(le=…)] | Annotated[str, Meta(max_length=…)]`)
  and a falsy one (`ge=0` on an optional field);

- an optional field (`X | None`) comes out as `oneOf: [X, null]` with the bound beside the
  `oneOf`; the bound moves into the branch it constrains (identical meaning, and what Spectral
  and code generators inspect);
- an integer with a declared range says whether it fits `int32` or needs `int64`;
- every free-text string in a request body carries the pattern `RequestStruct` enforces (no
  control or bidirectional-override characters; multi-line fields keep line breaks), taken
  from the same constants in bff/schemas.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec
from litestar import Litestar
from litestar.openapi.spec import OpenAPI, OpenAPIType, Operation, Reference, Schema

from bff.schemas import MULTILINE_TEXT_PATTERN, VISIBLE_TEXT_PATTERN, RequestStruct

_STRING_KEYWORDS = ("max_length", "min_length", "pattern", "format")
_NUMBER_KEYWORDS = ("minimum", "maximum", "exclusive_minimum", "exclusive_maximum")
_INT32 = (-(2**31), 2**31 - 1)
_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def document_bounds(app: Litestar) -> None:
    openapi = app.openapi_schema
    _copy_msgspec_bounds(openapi)
    for schema in _all_schemas(openapi):
        _move_bounds_into_branches(schema)
    for schema in _all_schemas(openapi):
        _name_integer_format(schema)
    _state_text_patterns(openapi)


# msgspec's JSON Schema keyword -> Litestar's Schema attribute.
_BOUNDS = {
    "maxLength": "max_length",
    "minLength": "min_length",
    "maxItems": "max_items",
    "minItems": "min_items",
    "minimum": "minimum",
    "maximum": "maximum",
    "exclusiveMinimum": "exclusive_minimum",
    "exclusiveMaximum": "exclusive_maximum",
    "pattern": "pattern",
}


def _copy_msgspec_bounds(openapi: OpenAPI) -> None:
    components: dict[str, Any] = openapi.components.schemas or {}
    structs = {name: cls for name, cls in _request_structs().items() if name in components}
    _, definitions = msgspec.json.schema_components(list(structs.values()))
    for name, cls in structs.items():
        enforced = definitions.get(cls.__name__, {}).get("properties", {})
        for wire_name, documented in (components[name].properties or {}).items():
            if isinstance(documented, Schema) and wire_name in enforced:
                _copy_bounds(enforced[wire_name], documented)


def _copy_bounds(enforced: dict[str, Any], documented: Schema) -> None:
    """Each bound of msgspec's schema onto the documented node of the same type (the field,
    or the branch of its oneOf)."""
    branches = enforced.get("anyOf") or [enforced]
    targets = [documented, *(b for b in documented.one_of or () if isinstance(b, Schema))]
    for branch in branches:
        kind = branch.get("type")
        for target in targets:
            if kind not in _types(target):
                continue
            for keyword, attribute in _BOUNDS.items():
                if keyword in branch and getattr(target, attribute) is None:
                    setattr(target, attribute, branch[keyword])
            # A list's items carry their own bounds (a list of short words).
            if isinstance(branch.get("items"), dict) and isinstance(target.items, Schema):
                _copy_bounds(branch["items"], target.items)


def _types(schema: Schema) -> set[str]:
    kinds = schema.type if isinstance(schema.type, list) else [schema.type]
    return {kind.value if isinstance(kind, OpenAPIType) else str(kind) for kind in kinds if kind}


def _children(schema: Schema) -> Iterator[Schema | Reference]:
    for group in (schema.one_of, schema.any_of, schema.all_of, schema.prefix_items):
        yield from group or ()
    yield from (schema.properties or {}).values()
    if isinstance(schema.items, (Schema, Reference)):
        yield schema.items
    if isinstance(schema.additional_properties, (Schema, Reference)):
        yield schema.additional_properties


def _walk(schema: Schema | Reference | None) -> Iterator[Schema]:
    if not isinstance(schema, Schema):
        return
    yield schema
    for child in _children(schema):
        yield from _walk(child)


def _operations(openapi: OpenAPI) -> Iterator[Operation]:
    for item in (openapi.paths or {}).values():
        for method in _METHODS:
            operation = getattr(item, method, None)
            if isinstance(operation, Operation):
                yield operation


def _all_schemas(openapi: OpenAPI) -> Iterator[Schema]:
    for schema in (openapi.components.schemas or {}).values():
        yield from _walk(schema)
    for operation in _operations(openapi):
        for parameter in operation.parameters or ():
            yield from _walk(getattr(parameter, "schema", None))


def _move_bounds_into_branches(schema: Schema) -> None:
    branches = [branch for branch in schema.one_of or () if isinstance(branch, Schema)]
    if not branches:
        return
    for keywords, kinds in (
        (_STRING_KEYWORDS, {"string"}),
        (_NUMBER_KEYWORDS, {"integer", "number"}),
    ):
        for keyword in keywords:
            value = getattr(schema, keyword)
            if value is None:
                continue
            for branch in branches:
                if _types(branch) & kinds and getattr(branch, keyword) is None:
                    setattr(branch, keyword, value)
            setattr(schema, keyword, None)


def _name_integer_format(schema: Schema) -> None:
    if "integer" not in _types(schema) or schema.format:
        return
    low = schema.minimum if schema.minimum is not None else schema.exclusive_minimum
    high = schema.maximum if schema.maximum is not None else schema.exclusive_maximum
    if low is None or high is None:
        return
    schema.format = "int32" if _INT32[0] <= low and high <= _INT32[1] else "int64"  # type: ignore[assignment]


def _request_structs() -> dict[str, type[RequestStruct]]:
    found: dict[str, type[RequestStruct]] = {}
    pending: list[type[RequestStruct]] = [RequestStruct]
    while pending:
        cls = pending.pop()
        for sub in cls.__subclasses__():
            found[sub.__name__] = sub
            pending.append(sub)
    return found


def _state_text_patterns(openapi: OpenAPI) -> None:
    """The hidden-character rule on every free-text string of every request struct reached
    from a request body (a string with an enum, const or format says more already)."""
    components: dict[str, Any] = openapi.components.schemas or {}
    structs = _request_structs()
    pending = [
        media.schema.ref.rsplit("/", 1)[-1]
        for operation in _operations(openapi)
        if operation.request_body is not None and not isinstance(operation.request_body, Reference)
        for media in (operation.request_body.content or {}).values()
        if isinstance(media.schema, Reference)
    ]
    done: set[str] = set()
    while pending:
        name = pending.pop()
        if name in done or name not in components or name not in structs:
            continue
        done.add(name)
        cls = structs[name]
        multiline = {
            field.encode_name
            for field in msgspec.structs.fields(cls)
            if field.name in cls.multiline_fields
        }
        for wire_name, field_schema in (components[name].properties or {}).items():
            pattern = MULTILINE_TEXT_PATTERN if wire_name in multiline else VISIBLE_TEXT_PATTERN
            # The field itself or a branch of its oneOf: RequestStruct checks a struct's own
            # string fields (no request struct has a list of strings).
            nodes = [field_schema, *(getattr(field_schema, "one_of", None) or ())]
            for node in nodes:
                free_text = isinstance(node, Schema) and _types(node) == {"string"}
                if free_text and not (node.enum or node.const or node.format or node.pattern):
                    node.pattern = pattern
            pending.extend(_refs_in(field_schema))


def _refs_in(schema: Schema | Reference) -> Iterator[str]:
    if isinstance(schema, Reference):
        yield schema.ref.rsplit("/", 1)[-1]
        return
    for child in _children(schema):
        yield from _refs_in(child)
