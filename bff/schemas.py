"""The one base for every wire struct: camelCase names on the wire."""

from __future__ import annotations

from typing import Annotated

import msgspec
from litestar.params import Parameter


class CamelStruct(msgspec.Struct, rename="camel"):
    pass


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
