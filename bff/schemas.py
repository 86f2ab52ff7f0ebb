"""The one base for every wire struct: camelCase names on the wire."""

from __future__ import annotations

import msgspec


class CamelStruct(msgspec.Struct, rename="camel"):
    pass
