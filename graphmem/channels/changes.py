"""What changed between two instants, on either time axis: the auditor's question (GET /changes).

A *change* is one instant on the chosen axis, one entity, one attribute: the versions that ended there
(`before`) and those that began there (`after`). On the transaction axis that is one write: the versions
it stopped believing and those it wrote (a correction shows the old value before and the new one after; a
retraction shows the clipped remainder, or nothing, after). On the valid axis it is a moment in the world:
the value that stopped being true and the one that started. Versions of every belief period are listed,
each with both of its intervals, so a reader sees which belief a boundary belongs to.

Paging is by keyset: the cursor `after` (opaque) is the last change's (instant, entity id, attribute, kind),
the order of the range indexes the statement seeks (`cypher/audit/changes.cypher`). Unlike an offset it
costs one index seek whatever the page number, and a write landing during the paging (at a later
transaction time) cannot shift or repeat rows. A page never splits a change: the statement returns rows,
and a change the row limit may have cut is dropped and asked again with the next page.

Relations (typed relationships between entities) change the same way: a change of kind `relation` is one
instant, one source entity, one relation type, the versions before and after (each version's `value` is the
target entity's key; the attribute is the type). Both ends must be visible in the view.

Views: the application view never sees an erased entity; the audit and compliance views see its versions
(marked with `erased_at`) and, on the transaction axis, the erasure itself as a marker.
"""

from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from graphmem.channels.fact_records import FactVersion, check_key, check_name, instant, stamp
from graphmem.channels.temporal import check_attribute_known, history
from graphmem.errors import EntityNotFound, InvalidInput, InvalidInterval
from graphmem.instants import format_instant, parse_instant, utcnow
from graphmem.store import Row, Store, Tx
from graphmem.types import Namespace, View

Axis = Literal["valid", "txn"]
AXES: tuple[Axis, ...] = ("valid", "txn")
Kind = Literal["fact", "relation"]
MAX_LIMIT = 1000
_MAX_SCAN = 200_000  # rows of one page's statement: a single change this large is refused, not truncated


@dataclass(frozen=True, slots=True)
class Change:
    """One instant, one entity, one attribute: what ended there and what began.

    `source`/`reason` are the change's own: on the transaction axis, what the write that closed versions
    said (`end_source`/`end_reason`), else what the first version it wrote says; on the valid axis, what
    the version that begins says, else the one that ends.
    """

    at: datetime
    entity: str
    attribute: str
    before: tuple[FactVersion, ...]
    after: tuple[FactVersion, ...]
    source: str | None = None
    reason: str | None = None
    entity_erased_at: datetime | None = None
    kind: Kind = "fact"


@dataclass(frozen=True, slots=True)
class ErasureMarker:
    """An entity erased in the window (audit and compliance views, transaction axis)."""

    at: datetime
    entity: str
    by: str | None
    reason: str | None


@dataclass(frozen=True, slots=True)
class ChangePage:
    axis: Axis
    start: datetime
    end: datetime
    view: View
    changes: tuple[Change, ...]
    erasures: tuple[ErasureMarker, ...] = ()
    next: str | None = None  # the cursor for the next page; None: this was the last


@dataclass(frozen=True, slots=True)
class _Cursor:
    axis: Axis
    at: datetime
    eid: str
    name: str
    kind: Kind = "fact"

    def encode(self) -> str:
        raw = json.dumps([self.axis, format_instant(self.at), self.eid, self.name, self.kind], separators=(",", ":"))
        return base64.urlsafe_b64encode(raw.encode("utf-8")).decode("ascii").rstrip("=")

    @classmethod
    def decode(cls, text: str, axis: Axis) -> "_Cursor":
        """Raises: InvalidInput: not a cursor this endpoint gave, or one given for the other axis."""
        try:
            raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
            a, at, eid, name, *rest = json.loads(raw.decode("utf-8"))  # cursors given before relations: 4
            kind: Kind = "relation" if rest == ["relation"] else "fact"
            if rest not in ([], ["fact"], ["relation"]):
                raise ValueError(rest)
            cursor = cls(a, parse_instant(at, "after"), str(eid), str(name), kind)
        except (binascii.Error, ValueError, TypeError, UnicodeDecodeError, InvalidInput):
            raise InvalidInput.field("after", "not a cursor returned by this endpoint (use `next`)",
                                     code="invalid_cursor") from None
        if cursor.axis != axis:
            raise InvalidInput.field("after", f"a cursor for axis={cursor.axis}, not axis={axis}",
                                     code="invalid_cursor")
        return cursor


def check_window(start: Any, end: Any, axis: Any, limit: Any) -> tuple[datetime, datetime, Axis, int]:
    """The request's window, checked field by field.

    Raises:
        InvalidInput: a time without zone or unparsable (`from`/`to`), an unknown axis, limit out of 1..1000.
        InvalidInterval: `to` not after `from`.
    """
    s, e = parse_instant(start, "from"), parse_instant(end, "to")
    if e <= s:
        raise InvalidInterval.field("to", "must be after from", code="invalid_interval")
    if axis not in AXES:
        raise InvalidInput.field("axis", "must be valid or txn")
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise InvalidInput.field("limit", f"must be an integer from 1 to {MAX_LIMIT}")
    return s, e, axis, limit


def _version(r: Row) -> FactVersion:
    return FactVersion(r["attribute"], r["value"], stamp(r["valid_from"]), instant(r["valid_to"]),
                       stamp(r["txn_time"]), instant(r["txn_end"]), r["source"], r["reason"], r["end_reason"],
                       r["end_source"])


def _said(axis: Axis, before: list[FactVersion], after: list[FactVersion]) -> tuple[str | None, str | None]:
    if axis == "txn" and before:
        return before[0].end_source, before[0].end_reason
    for v in (after or before):
        return v.source, v.reason
    return None, None


def group_rows(rows: list[Row], axis: Axis) -> list[tuple[tuple[str, str, str, Kind], Change]]:
    """Rows in (at, eid, attribute, kind) order -> changes, each keyed by (at text, eid, attribute, kind)."""
    groups: dict[tuple[str, str, str, Kind], list[Row]] = {}
    for r in rows:
        groups.setdefault((r["at"], r["eid"], r["attribute"], r.get("kind") or "fact"), []).append(r)
    out = []
    for key, members in groups.items():
        order = lambda v: (v.valid_from, v.txn_time, str(v.value))  # noqa: E731
        before = sorted((_version(r) for r in members if r["side"] == "ended"), key=order)
        after = sorted((_version(r) for r in members if r["side"] == "began"), key=order)
        source, reason = _said(axis, before, after)
        first = members[0]
        out.append((key, Change(stamp(first["at"]), first["key"], first["attribute"], tuple(before), tuple(after),
                                source, reason, instant(first["erased_at"]), key[3])))
    return out


def changes(store: Store, ns: Namespace, *, start: datetime | str, end: datetime | str, axis: str = "txn",
            entity: str | None = None, attribute: str | None = None, view: View = "application",
            limit: int = 100, after: str | None = None) -> ChangePage:
    """Every version of a fact or a relation that began or ended in `[start, end)` on `axis`, grouped into
    changes, oldest first. `entity`: the entity's facts and the relations it is the source of; `attribute`:
    that attribute's facts only (no relations).

    Raises:
        InvalidInput, InvalidInterval: as `check_window`; a bad cursor (`after`); an attribute unknown in
            the namespace (code unknown_attribute).
        EntityNotFound: `entity` unknown, or erased in the application view.
    """
    s, e, ax, n = check_window(start, end, axis, limit)
    if entity is not None:
        check_key(entity, "entity")
    if attribute is not None:
        check_name(attribute, "attribute")
    cursor = None if after is None else _Cursor.decode(after, ax)
    include_erased = view != "application"

    def work(tx: Tx) -> ChangePage:
        eid = None
        if entity is not None:
            row = tx.one("audit/entity_id", ns=ns, key=entity, include_erased=include_erased)
            if row is None:
                raise EntityNotFound(f"unknown entity {entity!r}", details={"entity": entity})
            eid = row["id"]
        scan = 4 * n + 16
        while True:
            seek = s if cursor is None else max(s, cursor.at)  # the keyset: seek from the cursor's instant
            rows = tx.run("audit/changes", ns=ns, axis=ax, start=seek, end=e, eid=eid, attribute=attribute,
                          include_erased=include_erased, scan=scan,
                          after_at=None if cursor is None else cursor.at,
                          after_eid=None if cursor is None else cursor.eid,
                          after_name=None if cursor is None else cursor.name,
                          after_kind=None if cursor is None else cursor.kind)
            grouped = group_rows(rows, ax)
            more = len(rows) >= scan
            if more:
                grouped = grouped[:-1]  # the row limit may have cut the last change
            if grouped or not more:
                break
            if scan >= _MAX_SCAN:
                raise InvalidInput(f"one change holds more than {_MAX_SCAN} versions", code="limit_exceeded")
            scan = min(scan * 8, _MAX_SCAN)
        page = grouped[:n]
        more = more or len(grouped) > n
        nxt = None
        if more and page:
            (_, last_eid, last_name, last_kind), last = page[-1]
            nxt = _Cursor(ax, last.at, last_eid, last_name, last_kind).encode()
        markers: tuple[ErasureMarker, ...] = ()
        if include_erased and ax == "txn":
            until = page[-1][1].at if nxt is not None else None
            markers = tuple(
                ErasureMarker(stamp(r["at"]), r["key"], r["by"], r["reason"])
                for r in tx.run("audit/erasures_between", ns=ns, start=s, end=e, key=entity)
                if (cursor is None or stamp(r["at"]) > cursor.at) and (until is None or stamp(r["at"]) <= until))
        return ChangePage(ax, s, e, view, tuple(c for _, c in page), markers, nxt)

    page = store.read_tx(work)
    if attribute is not None and not page.changes and after is None:
        check_attribute_known(store, ns, name=attribute)  # a misspelt name is not "nothing changed"
    return page


def timeline_picture(store: Store, ns: Namespace, *, key: str, view: View = "application", fmt: Literal["svg", "png"] = "svg",
                     attribute: str | None = None) -> bytes:
    """The entity's versions drawn as rectangles, valid time against transaction time (SVG or PNG).

    It draws what `history` returns in the view: the audit view every version, with corrections,
    retractions and the erasure marked; other views the timeline believed now.

    Raises:
        EntityNotFound: unknown key, or erased in the application view.
        InvalidInput: an unknown format or attribute.
    """
    from graphmem.timeline.plot import draw  # matplotlib loads on the first picture, not with the library

    if fmt not in ("svg", "png"):
        raise InvalidInput.field("format", "must be svg or png")
    h = history(store, ns, key=key, attribute=attribute, view=view)
    return draw(h.key, h.versions, now=utcnow(), erased_at=h.erased_at, fmt=fmt)
