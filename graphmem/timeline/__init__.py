"""Bitemporal algebra for one attribute (or one relation lane): pure, no I/O, "now" is an argument.

A version is a rectangle: valid time `[valid_from, valid_to)` (when it is true in the world) times
transaction time `[txn_time, txn_end)` (when the service believed it); `None` ends are open.
Nothing is overwritten: a change *closes* believed versions (`txn_end = now`) and *writes* clipped
copies and new versions (`txn_time = now`). The store applies a `Plan` as is.

Rules (docs/design.md, "Time"; XTDB's rectangle cutting):
- Assert v over `[from, to)`: every believed version of the lane overlapping the interval is closed;
  the parts of it outside the interval are written back as copies; v is written over the interval.
- No `to`: v holds until the next believed version of the lane that starts after `from` (or forever),
  so a late fact never wipes a later one.
- Re-asserting a value that a believed version already holds over the whole interval changes
  nothing and returns that version.
- Retract over `[from, to)` is the same cut without the new version.
- Single-valued lanes (the default) hold one value at a time: the lane is every believed version.
  Many-valued lanes hold several values at once: the lane of a value is the versions of that value.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from graphmem.errors import InvalidInput, InvalidInterval

Scalar = str | int | float | bool
Extra = tuple[tuple[str, Any], ...]


def true_at(valid_from: datetime | None, valid_to: datetime | None, t: datetime) -> bool:
    """Valid time holds `t`: half-open `[valid_from, valid_to)`, a `None` end open."""
    return (valid_from is None or valid_from <= t) and (valid_to is None or t < valid_to)


def believed(txn_time: datetime | None, txn_end: datetime | None, known_at: datetime | None) -> bool:
    """Believed at `known_at`: half-open `[txn_time, txn_end)`; `known_at=None` means believed now, i.e.
    never superseded (`txn_end` is None)."""
    if known_at is None:
        return txn_end is None
    return (txn_time is None or txn_time <= known_at) and (txn_end is None or known_at < txn_end)


def as_of(valid_from: datetime | None, valid_to: datetime | None, txn_time: datetime | None,
          txn_end: datetime | None, *, valid_at: datetime, known_at: datetime | None) -> bool:
    """The one as-of check in Python, the twin of `cypher/fragments/as_of.cypher`: true at `valid_at`
    and believed at `known_at` (None: now). Every Python caller uses it (or `true_at`/`believed`); a
    property test checks it against the fragment on random versions
    (`tests/integration/test_as_of_agreement.py`)."""
    return true_at(valid_from, valid_to, valid_at) and believed(txn_time, txn_end, known_at)


def same_value(a: Any, b: Any) -> bool:
    """Equality as Cypher sees it: booleans never equal numbers; 1 equals 1.0 (one index entry)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    return type(a) is type(b) and a == b


def same_extra(a: Extra, b: Extra) -> bool:
    """Relation properties compared key by key with `same_value`."""
    if len(a) != len(b):
        return False
    return all(ka == kb and same_value(va, vb) for (ka, va), (kb, vb) in zip(sorted(a), sorted(b)))


def check_scalar(value: Any, field: str) -> None:
    """Values are strings, integers, finite floats or booleans: what a Neo4j index can hold exactly.

    Raises:
        InvalidInput: any other type, or NaN/infinity (which never equals itself, so could never be found).
    """
    if isinstance(value, float) and not math.isfinite(value):
        raise InvalidInput.field(field, "must be a finite number", code="invalid_value")
    if not isinstance(value, (str, int, float, bool)):
        raise InvalidInput.field(field, "must be a string, integer, float or boolean", code="invalid_value")


def check_interval(valid_from: datetime, valid_to: datetime | None, field: str = "valid_to") -> None:
    """Half-open intervals must be non-empty.

    Raises:
        InvalidInterval: `valid_to <= valid_from`.
    """
    if valid_to is not None and valid_to <= valid_from:
        raise InvalidInterval.field(field, "must be after valid_from", code="invalid_interval")


@dataclass(slots=True, eq=False)  # not frozen: a frozen init costs ~5x, and writes make millions; never mutated
class Version:
    """One rectangle. `ref` is the store's id of a stored version; `None` for one still to be written.

    Identity matters (two versions may hold the same fields within one batch), so equality is `is`.
    """

    value: Any
    valid_from: datetime
    valid_to: datetime | None
    txn_time: datetime
    txn_end: datetime | None = None
    source: str | None = None
    reason: str | None = None
    extra: Extra = field(default_factory=tuple)
    ref: str | None = None

    def valid_at(self, t: datetime) -> bool:
        return true_at(self.valid_from, self.valid_to, t)

    def believed_at(self, t: datetime) -> bool:
        return believed(self.txn_time, self.txn_end, t)

    def visible(self, valid_at: datetime, known_at: datetime) -> bool:
        return as_of(self.valid_from, self.valid_to, self.txn_time, self.txn_end, valid_at=valid_at,
                     known_at=known_at)

    def overlaps(self, start: datetime, end: datetime | None) -> bool:
        """Does the valid interval meet `[start, end)`?"""
        return (end is None or self.valid_from < end) and (self.valid_to is None or start < self.valid_to)

    def covers(self, start: datetime, end: datetime | None) -> bool:
        """Does the valid interval contain all of `[start, end)`?"""
        if self.valid_from > start:
            return False
        if self.valid_to is None:
            return True
        return end is not None and self.valid_to >= end

    def holds(self, value: Any, extra: Extra) -> bool:
        return same_value(self.value, value) and same_extra(self.extra, extra)


@dataclass(slots=True, unsafe_hash=True)  # not frozen (construction cost); never mutated
class Plan:
    """What one change does to a lane: close these believed versions, write these new ones.

    `current` is the version that holds the asserted value afterwards (new, or the existing one when
    nothing changed); `None` for a retraction. `end` is where the change stops in valid time.
    """

    now: datetime
    start: datetime
    end: datetime | None
    close: tuple[Version, ...] = ()
    write: tuple[Version, ...] = ()
    current: Version | None = None

    @property
    def changed(self) -> bool:
        return bool(self.close or self.write)


def lane_of(believed: Iterable[Version], *, many: bool, value: Any = None, any_value: bool = False) -> list[Version]:
    """The versions a change competes with: all of them when single-valued, else those of `value`."""
    if not many or any_value:
        return list(believed)
    return [v for v in believed if same_value(v.value, value)]


def end_of(lane: Iterable[Version], start: datetime, valid_to: datetime | None) -> datetime | None:
    """Where a change over `[start, valid_to?)` stops: `valid_to`, else the next start after `start`."""
    if valid_to is not None:
        return valid_to
    later = [v.valid_from for v in lane if v.valid_from > start]
    return min(later) if later else None


def _cut(lane: Sequence[Version], start: datetime, end: datetime | None,
         now: datetime) -> tuple[list[Version], list[Version]]:
    """Close every version meeting `[start, end)`; write back the parts of each outside it."""
    close: list[Version] = []
    keep: list[Version] = []
    for v in sorted(lane, key=lambda x: x.valid_from):
        if not v.overlaps(start, end):
            continue
        close.append(v)
        if v.valid_from < start:
            keep.append(Version(v.value, v.valid_from, start, now, None, v.source, v.reason, v.extra))
        if end is not None and (v.valid_to is None or v.valid_to > end):
            keep.append(Version(v.value, end, v.valid_to, now, None, v.source, v.reason, v.extra))
    return close, keep


def _check_believed(lane: Sequence[Version], now: datetime) -> None:
    for v in lane:
        if v.txn_end is not None:
            raise ValueError("the plan takes believed versions only (txn_end is None)")
        if v.txn_time > now:  # equal only for versions planned earlier in the same transaction
            raise ValueError("now must not precede a believed version's txn_time")


def plan_assert(believed: Sequence[Version], *, value: Any, valid_from: datetime, valid_to: datetime | None = None,
                now: datetime, many: bool = False, source: str | None = None, reason: str | None = None,
                extra: Extra = ()) -> Plan:
    """Assert `value` over `[valid_from, valid_to)` (see the module rules).

    Args:
        believed: the lane's versions believed now (at least those a change at `valid_from` can meet).
        now: the transaction time of the change; after every stored believed `txn_time`.

    Raises:
        InvalidInterval: `valid_to <= valid_from`.
    """
    check_interval(valid_from, valid_to)
    lane = lane_of(believed, many=many, value=value)
    _check_believed(lane, now)
    end = end_of(lane, valid_from, valid_to)
    for v in lane:
        if v.holds(value, extra) and v.covers(valid_from, end):
            return Plan(now, valid_from, end, current=v)
    close, keep = _cut(lane, valid_from, end, now)
    new = Version(value, valid_from, end, now, None, source, reason, extra)
    write = sorted([*keep, new], key=lambda x: x.valid_from)
    return Plan(now, valid_from, end, tuple(close), tuple(write), new)


def plan_retract(believed: Sequence[Version], *, valid_from: datetime, valid_to: datetime | None = None,
                 now: datetime, many: bool = False, value: Any = None, any_value: bool = True) -> Plan:
    """Stop believing the lane's value from `valid_from` (to `valid_to`, else to the next version).

    For a many-valued lane, `any_value=False` retracts only `value` and leaves the other values.

    Raises:
        InvalidInterval: `valid_to <= valid_from`.
    """
    check_interval(valid_from, valid_to)
    lane = lane_of(believed, many=many, value=value, any_value=any_value)
    _check_believed(lane, now)
    if many and any_value:
        # every value stops at the cut-off, each until its own next version
        close_all: list[Version] = []
        keep_all: list[Version] = []
        for group in _groups(lane):
            end = end_of(group, valid_from, valid_to)
            c, k = _cut(group, valid_from, end, now)
            close_all += c
            keep_all += k
        return Plan(now, valid_from, valid_to, tuple(close_all), tuple(sorted(keep_all, key=lambda x: x.valid_from)))
    end = end_of(lane, valid_from, valid_to)
    close, keep = _cut(lane, valid_from, end, now)
    return Plan(now, valid_from, end, tuple(close), tuple(keep))


def _groups(lane: Sequence[Version]) -> list[list[Version]]:
    groups: list[list[Version]] = []
    for v in lane:
        for g in groups:
            if same_value(g[0].value, v.value):
                g.append(v)
                break
        else:
            groups.append([v])
    return groups


def step(believed: Sequence[Version], plan: Plan) -> list[Version]:
    """The lane's believed versions after a plan (to chain several changes inside one transaction)."""
    closing = {id(v) for v in plan.close}
    return [v for v in believed if id(v) not in closing] + list(plan.write)


def net(initial: Sequence[Version], final: Sequence[Version]) -> tuple[list[Version], list[Version]]:
    """What a chain of plans does in the end: which initial versions close, which new ones are written.

    A version written and closed by the same transaction would have an empty transaction interval:
    it is never written at all.
    """
    final_ids = {id(v) for v in final}
    initial_ids = {id(v) for v in initial}
    return ([v for v in initial if id(v) not in final_ids], [v for v in final if id(v) not in initial_ids])


def with_txn_end(version: Version, now: datetime) -> Version:
    """The closed form of a version (for callers that report it)."""
    return replace(version, txn_end=now)


def visible(versions: Iterable[Version], valid_at: datetime, known_at: datetime) -> list[Version]:
    """Versions true at `valid_at` as the service believed at `known_at`."""
    return [v for v in versions if v.visible(valid_at, known_at)]


def believed_at(versions: Iterable[Version], known_at: datetime) -> list[Version]:
    return [v for v in versions if v.believed_at(known_at)]


def overlapping_pairs(versions: Sequence[Version]) -> list[tuple[Version, Version]]:
    """Pairs of versions whose valid intervals overlap (for invariant checks on one instant's beliefs)."""
    out = []
    ordered = sorted(versions, key=lambda x: x.valid_from)
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            if a.overlaps(b.valid_from, b.valid_to):
                out.append((a, b))
    return out


# --- spans: what a reader sees of a timeline ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Span:
    """A value's real run in valid time: adjacent (or overlapping) versions of one value joined.

    Corrections and clips cut a run into several stored versions (a late correction of the plan before
    February writes `basic [2025-03-10, 2026-02-01)` and `basic [2026-02-01, …)`); a reader asking "since
    when" wants the run, not the last cut. `parts` counts the versions joined.
    """

    value: Any
    valid_from: datetime
    valid_to: datetime | None
    parts: int = 1

    def valid_at(self, t: datetime) -> bool:
        return true_at(self.valid_from, self.valid_to, t)


def spans(versions: Iterable[Any]) -> list[Span]:
    """Join the versions of one timeline (believed at one instant) whose valid intervals meet or overlap
    and hold the same value (`same_value`), ordered by start. Each version needs `value`, `valid_from`
    and `valid_to`; many-valued lanes work too (each value joins only with itself)."""
    out: list[Span] = []
    for v in sorted(versions, key=lambda x: x.valid_from):
        for i in range(len(out) - 1, -1, -1):
            s = out[i]
            if same_value(s.value, v.value) and s.valid_to is not None and s.valid_to >= v.valid_from:
                end = None if v.valid_to is None else max(s.valid_to, v.valid_to)
                out[i] = Span(s.value, s.valid_from, end, s.parts + 1)
                break
        else:
            out.append(Span(v.value, v.valid_from, v.valid_to))
    return sorted(out, key=lambda s: s.valid_from)


def span_at(runs: Sequence[Span], t: datetime, value: Any = None, *, any_value: bool = True) -> Span | None:
    """The run true at `t` (of `value` when `any_value` is false: many-valued lanes)."""
    for s in runs:
        if s.valid_at(t) and (any_value or same_value(s.value, value)):
            return s
    return None


def earlier(runs: Sequence[Span], t: datetime) -> Span | None:
    """The run before the one true at `t`: the latest run that ended at or before the start of the run
    true at `t` (or, when nothing is true at `t`, at or before `t`). "Before they moved" asks for it."""
    ended = _ended_before(runs, t)
    return max(ended, key=lambda s: s.valid_to or s.valid_from) if ended else None


def earliest(runs: Sequence[Span], t: datetime) -> Span | None:
    """The first run that ended before the one true at `t` began (the same cut as `earlier`): "Where is she
    from originally?" asks for it, which is `earlier`'s run only when the value changed once."""
    ended = _ended_before(runs, t)
    return min(ended, key=lambda s: s.valid_from) if ended else None


def all_earlier(runs: Sequence[Span], t: datetime) -> list[Span]:
    """Every run that ended before the one true at `t` began (the same cut as `earlier`), oldest first: "What
    accounts has she had?" asks for them all, with the current one."""
    return sorted(_ended_before(runs, t), key=lambda s: s.valid_from)


def _ended_before(runs: Sequence[Span], t: datetime) -> list[Span]:
    current = span_at(runs, t)
    cut = current.valid_from if current is not None else t
    return [s for s in runs if s.valid_to is not None and s.valid_to <= cut]
