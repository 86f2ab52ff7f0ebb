"""Every request body is read by one Request class, which checks the raw bytes before parsing.

- Nesting: JSON a thousand levels deep made the parser recurse until Python gave up (a 500,
  even before signing in). No Kobo body nests deeper than a few levels or holds more than a
  few hundred arrays and objects (a bulk transfer has at most 100 rows), so a cheap scan of
  the raw bytes refuses anything deeper than MAX_JSON_DEPTH or with more than MAX_JSON_BRACKETS
  brackets with a 400 before it is parsed. The bracket cap also bounds the scan's own work.
  The size limit comes first, from Litestar (`request_max_body_size`, a 413).
- Numbers: a JSON number in exponent form (`1e3`, `1e309`) is no amount a customer typed,
  and `1e309` does not even fit a float (the whole body failed with "Number out of range").
  Such numbers are kept as their text, so the field's own check refuses them with its own
  message ("Enter a valid amount", bff/money.py).
"""

from __future__ import annotations

import re
from typing import Any

import msgspec
from litestar import Request
from litestar.exceptions import SerializationException
from litestar.types import Empty

from bff.errors import ValidationFailed

MAX_JSON_DEPTH = 32
MAX_JSON_BRACKETS = 10_000
# Strings (keys included): a bulk transfer of 100 rows has under 2,000. Bounds the time spent
# stripping them, which grows with their number, not their length.
MAX_JSON_STRINGS = 50_000
TOO_COMPLEX = "The request is nested too deeply or has too many parts."

# A JSON string, escapes included (the unrolled form is fast on multi-megabyte base64 files).
_JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_BRACKETS = b"[]{}"
_NOT_BRACKETS = bytes(b for b in range(256) if b not in _BRACKETS)
_AS_PARENTHESES = bytes.maketrans(b"[{]}", b"(())")


def too_complex(raw: bytes, *, max_depth: int, max_brackets: int, max_strings: int) -> bool:
    """Whether the JSON text nests arrays and objects more than `max_depth` deep, or has more
    than `max_brackets` brackets (brackets inside strings do not count) or `max_strings`
    strings (counted by their quotes, escaped ones too, which only errs on the safe side).

    Stripping strings and keeping only brackets is done by C code (a 14 MB upload takes
    ~0.2 s). Each pass then removes the innermost pairs, so a balanced text needs exactly its
    depth in passes over at most `max_brackets` bytes. Unclosed openers count as nesting
    too: the parser recurses into them before it finds the text malformed.
    """
    if raw.count(b'"') > 2 * max_strings:
        return True
    brackets = _JSON_STRING.sub(b"", raw).translate(_AS_PARENTHESES, _NOT_BRACKETS)
    if len(brackets) > max_brackets:
        return True
    return _deeper_than(brackets, max_depth)


def _deeper_than(brackets: bytes, limit: int) -> bool:
    passes = 0
    while b"()" in brackets:
        if passes == limit:
            return True
        brackets = brackets.replace(b"()", b"")
        passes += 1
    return passes + brackets.count(b"(") > limit


def _read_float(text: str) -> float | str:
    """A JSON number with a fraction or an exponent; exponent forms stay text (see above)."""
    return text if "e" in text or "E" in text else float(text)


_DECODER = msgspec.json.Decoder(float_hook=_read_float)


def decode_json_body(raw: bytes) -> Any:
    if too_complex(
        raw,
        max_depth=MAX_JSON_DEPTH,
        max_brackets=MAX_JSON_BRACKETS,
        max_strings=MAX_JSON_STRINGS,
    ):
        raise ValidationFailed(TOO_COMPLEX)
    try:
        return _DECODER.decode(raw or b"null")
    except msgspec.DecodeError as exc:  # as Litestar's own reader answers: a 400
        raise SerializationException(str(exc)) from exc


class KoboRequest(Request[Any, Any, Any]):
    """Litestar's Request with `json()` going through `decode_json_body` (and cached the same
    way as Litestar's, in the connection state shared by everything serving the request)."""

    async def json(self) -> Any:
        if self._json is Empty:
            if (cached := self._connection_state.json) is not Empty:
                self._json = cached
            else:
                self._json = self._connection_state.json = decode_json_body(await self.body())
        return self._json
