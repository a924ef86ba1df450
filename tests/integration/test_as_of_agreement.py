"""The as-of check exists twice, as the Cypher fragment every read includes (`cypher/fragments/as_of.cypher`)
and as its Python twin (`graphmem.timeline.as_of`), which recall, merge and the timelines use. On random
versions and instants, both always agree: equal ends, open ends, `known_at` None (believed now)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from graphmem.store import Store
from graphmem.timeline import as_of

pytestmark = pytest.mark.neo4j

T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)
instants = st.integers(0, 6).map(lambda d: T0 + timedelta(days=d))  # few values: equal ends are common
ends = st.none() | instants


@st.composite
def versions(draw: st.DrawFn) -> dict[str, datetime | None]:
    vf, tt = draw(instants), draw(instants)
    return {"valid_from": vf, "valid_to": draw(ends), "txn_time": tt, "txn_end": draw(ends)}


@settings(max_examples=60, deadline=None)
@given(vs=st.lists(versions(), min_size=1, max_size=8), valid_at=instants, known_at=ends)
def test_python_as_of_agrees_with_the_cypher_fragment(store: Store, vs: list[dict[str, datetime | None]],
                                                      valid_at: datetime, known_at: datetime | None) -> None:
    rows = store.read("admin/evaluate_as_of", versions=[{**v, "i": i} for i, v in enumerate(vs)],
                      valid_at=valid_at, known_at=known_at)
    cypher = [bool(r["visible"]) for r in rows]
    python = [as_of(v["valid_from"], v["valid_to"], v["txn_time"], v["txn_end"], valid_at=valid_at,
                    known_at=known_at) for v in vs]
    assert python == cypher
