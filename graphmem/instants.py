"""Instants: parsing, UTC normalisation and formatting. Pure.

Input must carry a zone; a bare date means UTC midnight. Output is UTC ISO-8601 with `Z`.
"""

from __future__ import annotations

from datetime import date, datetime, timezone
from typing import Any

from graphmem import limits
from graphmem.errors import InvalidInput

UTC = timezone.utc


def utcnow() -> datetime:
    return datetime.now(UTC)


def parse_instant(value: Any, field: str) -> datetime:
    """An aware UTC datetime from an ISO-8601 string with zone, a bare date or an aware datetime."""
    if isinstance(value, datetime):
        return limits.check_instant(value, field)  # zone required; UTC form within years 1..9999
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day, tzinfo=UTC)
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput.field(field, "expected an ISO-8601 time with zone", code="invalid_time")
    text = value.strip()
    if len(text) == 10:
        try:
            d = date.fromisoformat(text)
        except ValueError as exc:
            raise InvalidInput.field(field, f"not a date: {text!r}", code="invalid_time") from exc
        return datetime(d.year, d.month, d.day, tzinfo=UTC)
    try:
        parsed = datetime.fromisoformat(text.replace("z", "Z"))
    except ValueError as exc:
        raise InvalidInput.field(field, f"not an ISO-8601 time: {text!r}", code="invalid_time") from exc
    return parse_instant(parsed, field)


def stored_instant(value: Any) -> datetime | None:
    """A time read back from Neo4j as an aware datetime in `timezone.utc`, from a driver value or from
    text. Queries returning many times return `toString(...)`: the driver's temporal codec costs tens of
    microseconds per value (it dominated search and batch writes), `fromisoformat` about one. Normalising
    to `timezone.utc` also matters: a datetime read back carries a *named* "UTC" zone, and Neo4j neither
    equates nor orders a zone-id DateTime like the offset (`Z`) ones graphmem writes, even for one instant.
    """
    if value is None:
        return None
    if isinstance(value, str):
        value = datetime.fromisoformat(value.split("[", 1)[0])
    return value.astimezone(UTC)  # type: ignore[no-any-return]


def optional_instant(value: Any, field: str) -> datetime | None:
    return None if value is None else parse_instant(value, field)


def format_instant(value: datetime | None) -> str | None:
    """UTC ISO-8601 with `Z`, microseconds kept only when present."""
    if value is None:
        return None
    v = value.astimezone(UTC)
    text = v.isoformat(timespec="microseconds" if v.microsecond else "seconds")
    return text.replace("+00:00", "Z")
