"""Does an answer fit the OpenAPI document? The status must be declared for the operation
(path and method) and the body must have that status's media type and fit its schema.

`bff/tests/conftest.py` runs every answer the HTTP tests get from the BFF through
`Contract.violations` (an httpx response hook), so a route that answers a status or a shape
its document does not declare fails the test that saw it. Schemas are checked with
jsonschema-rs against the whole document, so `#/components/...` references resolve as in it.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

import jsonschema_rs

METHODS = ("get", "put", "post", "delete", "patch")


def _escape(part: str) -> str:
    """A JSON pointer segment (RFC 6901) inside a URI fragment (braces percent-encoded)."""
    return quote(part.replace("~", "~0").replace("/", "~1"), safe="~")


@dataclass
class Operation:
    method: str
    path: str
    pattern: re.Pattern[str]
    responses: dict[str, Any]


@dataclass
class Contract:
    document: dict[str, Any]
    checked: Counter[str] = field(default_factory=Counter)
    _operations: list[Operation] = field(default_factory=list)
    _validators: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for path, item in self.document.get("paths", {}).items():
            regex = re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(path))
            for method in METHODS:
                if method in item:
                    self._operations.append(
                        Operation(method, path, re.compile(f"{regex}$"), item[method]["responses"])
                    )
        # A literal segment wins over a parameter: /api/x/search before /api/x/{id}.
        self._operations.sort(key=lambda op: op.path.count("{"))

    def operation(self, method: str, path: str) -> Operation | None:
        for operation in self._operations:
            if operation.method == method.lower() and operation.pattern.match(path):
                return operation
        return None

    def violations(
        self, method: str, path: str, status: int, content_type: str, body: bytes
    ) -> list[str]:
        """What is wrong with this answer, by the document; [] when it fits or when the
        document does not describe the operation (e.g. /schema itself)."""
        operation = self.operation(method, path)
        if operation is None:
            return []
        label = f"{operation.method.upper()} {operation.path} → {status}"
        self.checked[label] += 1
        response = operation.responses.get(str(status)) or operation.responses.get(
            f"{str(status)[0]}XX"
        )
        if response is None:
            declared = ", ".join(sorted(operation.responses))
            return [f"{label}: status not declared (declared: {declared})"]
        content = response.get("content") or {}
        if not content:
            return [f"{label}: declared without a body, answered {len(body)} bytes"] if body else []
        media_type = content_type.split(";")[0].strip().lower()
        if media_type not in content:
            return [f"{label}: media type {media_type!r}, declared {sorted(content)}"]
        schema = content[media_type].get("schema")
        if schema is None or not media_type.endswith("json"):
            return []
        try:
            instance = json.loads(body)
        except ValueError:
            return [f"{label}: the body is not JSON: {body[:200]!r}"]
        pointer = "/".join(
            [
                "#/paths",
                _escape(operation.path),
                operation.method,
                "responses",
                str(status) if str(status) in operation.responses else f"{str(status)[0]}XX",
                "content",
                _escape(media_type),
                "schema",
            ]
        )
        errors = [error.message for error in self._validator(pointer).iter_errors(instance)]
        return [f"{label}: {error} in {json.dumps(instance)[:400]}" for error in errors[:3]]

    def _validator(self, pointer: str) -> Any:
        if pointer not in self._validators:
            # The whole document as the root, so references into it resolve; the `$ref` picks
            # the response's schema. JSON Schema ignores the document's other keys.
            root = {**self.document, "$ref": pointer}
            self._validators[pointer] = jsonschema_rs.Draft202012Validator(root)
        return self._validators[pointer]
