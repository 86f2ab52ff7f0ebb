"""The one base for every wire struct: camelCase names on the wire."""

from __future__ import annotations

import msgspec


class CamelStruct(msgspec.Struct, rename="camel"):
    pass


class MessageOut(CamelStruct):
    """The answer of a call whose only news is a sentence for the customer."""

    message: str


def camel_case(name: str) -> str:
    """snake_case field name -> its camelCase wire name (for field errors)."""
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)
