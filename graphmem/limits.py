"""What Neo4j, its driver and a JSON response can hold: one definition of each input limit. Pure.

Why a module of its own: a value Neo4j cannot store used to fail inside the transaction (500), or,
worse, was stored and then failed every read (a 900-deep metadata object broke the response
serialiser). So everything is refused up front, with an `InvalidInput` naming the field, by the API
schemas (`api/schemas/base.py`) and by the library entry points alike, from the constants below:

- integers are signed 64-bit (Bolt has no bigger integer); floats are finite;
- an instant's UTC form lies within Python's `datetime` range (years 1 to 9999): Neo4j's range is
  wider, but every stored time is read back into a Python `datetime`;
- no string anywhere (texts, keys, names, metadata keys and values, ids, queries) holds a lone
  UTF-16 surrogate (`"\\ud800"` is valid JSON but not encodable as UTF-8, which Bolt requires);
- a free JSON value (turn metadata, step args) is nested at most `MAX_DEPTH` deep, holds at most
  `MAX_JSON_ITEMS` values and strings of at most `MAX_JSON_STRING_CHARS`;
- identifier-like names (attribute names, entity and relation types) are at most `MAX_NAME_CHARS`.

The keyword side of search keeps at most `MAX_QUERY_TERMS` distinct words (Lucene refuses a query of
more than 1,024 clauses); longer questions still search, on their first words.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import datetime, timezone
from typing import Any

from graphmem.errors import InvalidInput

INT_MIN, INT_MAX = -(2**63), 2**63 - 1
MAX_DEPTH = 32  # nesting of one free JSON value: {} is depth 1
MAX_JSON_ITEMS = 10_000  # values (objects, lists, scalars) in one free JSON value
MAX_JSON_STRING_CHARS = 20_000  # one string (or object key) inside a free JSON value
MAX_NAME_CHARS = 200  # attribute names, entity types, relation types: index keys, kept short
MAX_QUERY_TERMS = 256  # keyword terms of one search: far below Lucene's 1,024-clause limit
#: the request-body envelope around a free JSON value ({"turns": [{"metadata": ...}]} adds 3 levels)
BODY_DEPTH = MAX_DEPTH + 4
MIN_INSTANT = datetime.min.replace(tzinfo=timezone.utc)
MAX_INSTANT = datetime.max.replace(tzinfo=timezone.utc)


def _join(path: str, part: str | int) -> str:
    return f"{path}.{part}" if path else str(part)


def has_surrogate(text: str) -> bool:
    """A lone UTF-16 surrogate (U+D800..U+DFFF): what UTF-8, hence Bolt, cannot encode."""
    if text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def check_string(value: str, field: str) -> str:
    """Raises: InvalidInput: the string holds a lone surrogate."""
    if has_surrogate(value):
        raise InvalidInput.field(field, "must be valid Unicode (a lone surrogate such as \\ud800 is not)",
                                 code="invalid_text")
    return value


def check_text(value: Any, field: str, *, max_chars: int | None = None) -> Any:
    """A string, if it is one, within `max_chars` and free of lone surrogates; other values pass
    (their type is the caller's rule). Raises: InvalidInput."""
    if isinstance(value, str):
        if max_chars is not None and len(value) > max_chars:
            raise InvalidInput.field(field, f"must be at most {max_chars} characters", code="limit_exceeded")
        check_string(value, field)
    return value


def check_number(value: Any, field: str) -> Any:
    """Integers within signed 64 bits, finite floats; other values pass. Raises: InvalidInput."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and not INT_MIN <= value <= INT_MAX:
        raise InvalidInput.field(field, "must be a 64-bit integer (-2^63 to 2^63-1)", code="invalid_value")
    if isinstance(value, float) and not math.isfinite(value):
        raise InvalidInput.field(field, "must be a finite number", code="invalid_value")
    return value


def check_scalar(value: Any, field: str) -> Any:
    """The storable form of a scalar: a 64-bit integer, a finite float, a valid string. Raises: InvalidInput."""
    return check_text(check_number(value, field), field)


def check_name(value: Any, field: str, *, max_chars: int = MAX_NAME_CHARS) -> Any:
    """An identifier-like name (attribute, type, relation type): at most `max_chars`, valid Unicode.
    Its pattern is the caller's rule. Raises: InvalidInput."""
    return check_text(value, field, max_chars=max_chars)


def check_instant(value: datetime, field: str) -> datetime:
    """The instant in UTC, refused when that leaves years 1 to 9999 (e.g. 9999-12-31T23:59:59-01:00).

    Raises: InvalidInput: a naive time, or one outside the representable range."""
    if value.tzinfo is None or value.utcoffset() is None:
        raise InvalidInput.field(field, "a time must carry a zone (e.g. 2026-07-01T09:00:00Z)", code="invalid_time")
    try:
        return value.astimezone(timezone.utc)
    except OverflowError:
        raise InvalidInput.field(field, f"must lie between {MIN_INSTANT.isoformat()} and {MAX_INSTANT.isoformat()} "
                                        "in UTC", code="invalid_time") from None


def check_json(value: Any, field: str, *, max_depth: int = MAX_DEPTH, max_items: int = MAX_JSON_ITEMS,
               max_string: int = MAX_JSON_STRING_CHARS) -> Any:
    """A JSON value Neo4j can store and a response can return: nested at most `max_depth` deep
    ({} is 1), at most `max_items` values, strings and keys of at most `max_string` characters, no lone
    surrogates, 64-bit integers, finite floats, string keys. The error names the innermost field
    (`metadata.a.b`). Iterative, so a hostile depth cannot exhaust the stack.

    Raises: InvalidInput."""
    stack: list[tuple[Any, str, int]] = [(value, field, 0)]
    seen = 0
    while stack:
        item, path, depth = stack.pop()
        seen += 1
        if seen > max_items:
            raise InvalidInput.field(field, f"must hold at most {max_items} values", code="limit_exceeded")
        if isinstance(item, Mapping) or isinstance(item, (list, tuple)):
            if depth + 1 > max_depth:
                raise InvalidInput.field(path, f"nested deeper than {max_depth} levels", code="limit_exceeded")
            if isinstance(item, Mapping):
                for k, v in item.items():
                    if not isinstance(k, str):
                        raise InvalidInput.field(path, "object keys must be strings", code="invalid_value")
                    sub = _join(path, k if len(k) <= 64 and not has_surrogate(k) else "<key>")
                    check_text(k, sub, max_chars=max_string)
                    stack.append((v, sub, depth + 1))
            else:
                stack.extend((v, _join(path, i), depth + 1) for i, v in enumerate(item))
        elif isinstance(item, str):
            check_text(item, path, max_chars=max_string)
        elif item is None or isinstance(item, (bool, int, float)):
            check_number(item, path)
        else:
            raise InvalidInput.field(path, "must be JSON (object, array, string, number, boolean or null)",
                                     code="invalid_value")
    return value


def check_body(value: Any) -> Any:
    """A whole request body: every string, key and number storable (as `check_json`), nested at most
    `BODY_DEPTH`. Per-field sizes are the schema's; free JSON fields are checked again at `MAX_DEPTH`.

    Raises: InvalidInput naming the field (`turns.3.metadata.a`)."""
    return check_json(value, "", max_depth=BODY_DEPTH, max_items=10**7, max_string=10**9)
