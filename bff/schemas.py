"""The one base for every wire struct: camelCase names on the wire."""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated, Any, ClassVar, Literal

import msgspec
from litestar.params import Parameter

from bff.errors import ValidationFailed


class CamelStruct(msgspec.Struct, rename="camel"):
    pass


HIDDEN_CHARACTERS = "Remove the hidden or control characters from this field"
# Characters nobody types into a form on purpose, which hide or reorder what others read:
# C0 controls (NUL included), DEL, the directional marks, and the bidirectional embeddings,
# overrides and isolates ("Trojan Source": text that displays differently from what it is).
_BIDI = "\u200e\u200f\u202a-\u202e\u2066-\u2069"
_HIDDEN_CLASS = f"\x00-\x1f\x7f{_BIDI}"
# Multi-line fields (a ticket's body, say) keep their line breaks and tabs.
_HIDDEN_IN_MULTILINE_CLASS = f"\x00-\x08\x0b\x0c\x0e-\x1f\x7f{_BIDI}"
_HIDDEN = re.compile(f"[{_HIDDEN_CLASS}]")
_HIDDEN_IN_MULTILINE = re.compile(f"[{_HIDDEN_IN_MULTILINE_CLASS}]")
# The same rule as the OpenAPI document states it (bff/openapi_bounds.py puts it on every
# request string): text with none of those characters.
VISIBLE_TEXT_PATTERN = f"^[^{_HIDDEN_CLASS}]*$"
MULTILINE_TEXT_PATTERN = f"^[^{_HIDDEN_IN_MULTILINE_CLASS}]*$"
# Whitespace, separators, controls and format characters (zero-width spaces and the like).
_INVISIBLE_CATEGORIES = frozenset({"Zs", "Zl", "Zp", "Cc", "Cf"})


def has_visible_character(value: str) -> bool:
    return any(unicodedata.category(ch) not in _INVISIBLE_CATEGORIES for ch in value)


def TextQuery(max_length: int, **kwargs: Any) -> Any:
    """A free-text query parameter: its length bound (Litestar enforces it) and, in the
    document, the rule `refuse_hidden_characters` enforces, which the handler must call."""
    return Parameter(
        max_length=max_length, schema_extra={"pattern": VISIBLE_TEXT_PATTERN}, **kwargs
    )


def TextPath(max_length: int) -> Any:
    """A path segment (an id or a reference): its length bound, enforced by Litestar (a 400),
    and in the document the shape of every id the BFF hands out (no hidden characters). A
    segment outside that shape names nothing and is answered 404 like any unknown id
    (bff/tests/test_history.py::test_odd_references_are_not_found_not_errors)."""
    return Parameter(max_length=max_length, schema_extra={"pattern": VISIBLE_TEXT_PATTERN})


def refuse_hidden_characters(value: str, field: str, *, multiline: bool = False) -> None:
    """400 naming `field` when the text holds hidden or control characters (also for the
    few free-text query parameters, which no struct carries)."""
    if (_HIDDEN_IN_MULTILINE if multiline else _HIDDEN).search(value):
        raise ValidationFailed(HIDDEN_CHARACTERS, field=field)


class RequestStruct(CamelStruct):
    """The base of every request body (and of the structs inside one). Its text is checked
    here, once, for every route: a string with hidden or control characters is refused with
    the field named; a string with no visible character arrives as "" so that each service's
    "This field is required" (`if not value`) means at least one visible character."""

    # Fields whose text may span lines (by their Python names).
    multiline_fields: ClassVar[frozenset[str]] = frozenset()

    def __post_init__(self) -> None:
        # The class's own name tables: msgspec.structs.fields() resolves every field's type
        # on each call, which cost a few per cent of a request's time.
        for name, wire_name in zip(
            self.__struct_fields__, self.__struct_encode_fields__, strict=True
        ):
            value = getattr(self, name)
            if not isinstance(value, str) or not value:
                continue
            multiline = name in self.multiline_fields
            refuse_hidden_characters(value, wire_name, multiline=multiline)
            if not has_visible_character(value):
                setattr(self, name, "")


class MessageOut(CamelStruct):
    """The answer of a call whose only news is a sentence for the customer."""

    message: str


class CodeSentOut(CamelStruct):
    """The first answer of a code-confirmed action: a code is on its way (or, for authenticator
    users, expected from the app); nothing changes until the code comes back."""

    message: str
    two_factor_authentication: str


def camel_case(name: str) -> str:
    """snake_case field name -> its camelCase wire name (for field errors)."""
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


# A row id in a URL path: the database's ids are 32-bit, and a larger number would reach
# PostgreSQL as a query it cannot run (a 500, found by schemathesis). Out of range is a 400.
RowId = Annotated[int, Parameter(ge=1, le=2_147_483_647)]
# The same bound for an id or count in a request body.
DbInt = Annotated[int, msgspec.Meta(ge=0, le=2_147_483_647)]

# A naira amount as a customer sends it: a number or the typed text. The schema bounds its
# size (a trillion naira is beyond any account; kobo stays a 64-bit integer); zero, negatives,
# a third decimal and text that is not an amount get bff/money.py's own sentences.
MAX_NAIRA = 10**12
Amount = (
    Annotated[float, msgspec.Meta(ge=-MAX_NAIRA, le=MAX_NAIRA)]
    | Annotated[int, msgspec.Meta(ge=-MAX_NAIRA, le=MAX_NAIRA)]
    | Annotated[str, msgspec.Meta(max_length=24)]
)


class ReviewIn(RequestStruct):
    """A back-office decision on something a customer submitted (onboarding, KYC)."""

    multiline_fields = frozenset({"comment"})

    decision: Literal["APPROVE", "DECLINE"]
    comment: Annotated[str, msgspec.Meta(max_length=500)] | None = None
