"""Random assert / retract / correct sequences on a few entities and attributes, run against Neo4j and
against a reference model written separately: a plain list of rectangles, brute force, no shared code.

After every write the library and the model must agree on whether anything changed; every read at a
random (valid_at, known_at) must give the model's answer; a read made at known_at = T must give the same
answer after any later write; and the versions believed at any instant never overlap in valid time.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any
from uuid import uuid4

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from graphmem.channels.exact import read_entity
from graphmem.channels.temporal import assert_fact, history, put_entity, retract_fact
from graphmem.store import Store, purge_namespace
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j
UTC = timezone.utc
BASE = datetime(2026, 1, 1, tzinfo=UTC)
ENTITIES = ("E1", "E2")
ATTRIBUTES = ("city", "phone_owner")
VALUES = ("a", "b", "c")
TICK = timedelta(microseconds=1)
LATER = datetime.now(UTC) + timedelta(days=365)  # after every default valid_from (= the write's own time)

days = st.integers(0, 40).map(lambda d: BASE + timedelta(days=d))
lengths = st.integers(1, 15).map(lambda n: timedelta(days=n))


@dataclass
class Rect:
    entity: str
    attribute: str
    value: str
    vf: datetime
    vt: datetime | None
    tt: datetime
    te: datetime | None = None


class Rectangles:
    """The reference: every version ever written, as a list; each operation scans it."""

    def __init__(self) -> None:
        self.rects: list[Rect] = []

    def _lane(self, e: str, a: str) -> list[Rect]:
        return [r for r in self.rects if r.entity == e and r.attribute == a and r.te is None]

    def _cut(self, lane: list[Rect], vf: datetime, end: datetime | None, now: datetime) -> None:
        for r in lane:
            if (end is not None and r.vf >= end) or (r.vt is not None and r.vt <= vf):
                continue  # no overlap
            r.te = now
            if r.vf < vf:
                self.rects.append(Rect(r.entity, r.attribute, r.value, r.vf, vf, now))
            if end is not None and (r.vt is None or r.vt > end):
                self.rects.append(Rect(r.entity, r.attribute, r.value, end, r.vt, now))

    def write(self, e: str, a: str, value: str | None, vf: datetime, vt: datetime | None, now: datetime) -> bool:
        lane = self._lane(e, a)
        end = vt if vt is not None else min((r.vf for r in lane if r.vf > vf), default=None)
        if value is not None:
            for r in lane:
                if r.value == value and r.vf <= vf and (r.vt is None or (end is not None and r.vt >= end)):
                    return False  # already believed over the whole interval
        else:
            if not any((end is None or r.vf < end) and (r.vt is None or r.vt > vf) for r in lane):
                return False  # nothing to retract
        self._cut(lane, vf, end, now)
        if value is not None:
            self.rects.append(Rect(e, a, value, vf, end, now))
        return True

    def read(self, e: str, a: str, valid_at: datetime, known_at: datetime | None) -> str | None:
        hits = [r.value for r in self.rects if r.entity == e and r.attribute == a
                and r.vf <= valid_at and (r.vt is None or valid_at < r.vt)
                and (r.te is None if known_at is None else r.tt <= known_at and (r.te is None or known_at < r.te))]
        assert len(hits) <= 1, hits
        return hits[0] if hits else None


def machine_for(store: Store) -> type[RuleBasedStateMachine]:
    class TemporalMachine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.ns = Namespace(f"sm-{uuid4().hex[:12]}")
            self.model = Rectangles()
            self.times: list[datetime] = []
            self.seen: list[tuple[str, str, datetime, datetime, Any]] = []  # reads at a past known_at
            self.created: dict[str, datetime] = {}
            for e in ENTITIES:
                self.created[e] = put_entity(store, self.ns, key=e, type="thing").txn_time
                self.times.append(self.created[e])

        def _write(self, e: str, a: str, value: str | None, vf: datetime | None, vt: datetime | None) -> None:
            if value is None:
                change = retract_fact(store, self.ns, entity=e, attribute=a, valid_from=vf, valid_to=vt)
            else:
                change = assert_fact(store, self.ns, entity=e, attribute=a, value=value, valid_from=vf, valid_to=vt)
            now = change.txn_time
            assert now > max(self.times)
            assert self.model.write(e, a, value, vf or now, vt, now) == change.changed
            self.times.append(now)

        @rule(e=st.sampled_from(ENTITIES), a=st.sampled_from(ATTRIBUTES), value=st.sampled_from(VALUES),
              vf=st.one_of(st.none(), days), length=st.one_of(st.none(), lengths))
        def assert_value(self, e: str, a: str, value: str, vf: datetime | None, length: timedelta | None) -> None:
            vt = None if length is None or vf is None else vf + length
            self._write(e, a, value, vf, vt)

        @rule(e=st.sampled_from(ENTITIES), a=st.sampled_from(ATTRIBUTES), value=st.sampled_from(VALUES),
              vf=days, length=lengths)
        def correct_past(self, e: str, a: str, value: str, vf: datetime, length: timedelta) -> None:
            self._write(e, a, value, vf, vf + length)

        @rule(e=st.sampled_from(ENTITIES), a=st.sampled_from(ATTRIBUTES), vf=days,
              length=st.one_of(st.none(), lengths))
        def retract(self, e: str, a: str, vf: datetime, length: timedelta | None) -> None:
            self._write(e, a, None, vf, None if length is None else vf + length)

        @rule(e=st.sampled_from(ENTITIES), va=st.one_of(days, st.just(LATER)), data=st.data())
        def read(self, e: str, va: datetime, data: st.DataObject) -> None:
            """At valid_at `va`: now, just before / at / just after the last writes, and one earlier instant."""
            after = [t for t in self.times if t >= self.created[e]]  # earlier known_at: not yet created (404)
            recent = [k for t in after[-3:] for k in (t - TICK, t, t + TICK) if k >= self.created[e]]
            for ka in [None, *recent, data.draw(st.sampled_from(after))]:
                got = read_entity(store, self.ns, key=e, valid_at=va, known_at=ka).attributes
                for a in ATTRIBUTES:
                    want = self.model.read(e, a, va, ka)
                    assert got.get(a) == want, (e, a, va, ka)
                    if ka is not None:
                        self.seen.append((e, a, va, ka, want))

        @invariant()
        def past_reads_never_change(self) -> None:
            for e, a, va, ka, want in self.seen[-2:]:
                assert read_entity(store, self.ns, key=e, valid_at=va, known_at=ka).attributes.get(a) == want

        def teardown(self) -> None:
            try:
                for e, a, va, ka, want in self.seen:
                    assert read_entity(store, self.ns, key=e, valid_at=va, known_at=ka).attributes.get(a) == want
                for e in ENTITIES:
                    versions = history(store, self.ns, key=e, view="audit").versions
                    for t in self.times:  # what was believed at each write never overlaps
                        for a in ATTRIBUTES:
                            held = sorted((v for v in versions if v.attribute == a and v.txn_time <= t
                                           and (v.txn_end is None or t < v.txn_end)), key=lambda v: v.valid_from)
                            for x, y in zip(held, held[1:]):
                                assert x.valid_to is not None and x.valid_to <= y.valid_from
            finally:
                purge_namespace(store, self.ns.name)

    return TemporalMachine


def test_store_agrees_with_the_rectangle_model(store: Store) -> None:
    run_state_machine_as_test(machine_for(store),
                              settings=settings(max_examples=15, stateful_step_count=20, deadline=None))
