"""The export's line format (graphmem/tenants/_export.py), without a database: values survive the trip through
JSON exactly, what an erasure hid is stripped from a node's line, and every label a namespace can hold is
either exported or left out for a stated reason."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from graphmem.privacy.reach import COMPLIANCE_LABELS, REACH, UNREACHED
from graphmem.store import VECTOR_SLOTS
from graphmem.tenants import EXPORTED, LEFT_OUT
from graphmem.tenants._export import _node_line, decode, encode

NOW = datetime(2026, 12, 3, 12, 0, tzinfo=timezone.utc)
IN_USE = {k: VECTOR_SLOTS["a"][k] for k in ("vec_prop", "vec_type", "vec_leader")}

instants = st.datetimes(min_value=datetime(1900, 1, 1), max_value=datetime(2200, 1, 1),
                        timezones=st.just(timezone.utc))
scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**63, 2**63 - 1), st.floats(allow_nan=False),
                    st.text(max_size=30), instants)
values = st.one_of(scalars, st.lists(st.one_of(st.integers(-2**63, 2**63 - 1), st.text(max_size=5), instants), max_size=5))


@given(values)
def test_every_property_value_survives_the_trip_through_json(value: object) -> None:
    assert decode(orjson.loads(orjson.dumps(encode(value)))) == value


def test_a_datetime_keeps_its_microseconds_and_instant() -> None:
    at = datetime(2025, 3, 1, 7, 30, 1, 123456, tzinfo=timezone(timedelta(hours=8)))
    back = decode(orjson.loads(orjson.dumps(encode(at))))
    assert back == at and back.microsecond == 123456


def test_a_map_is_never_a_property_value() -> None:
    with pytest.raises(ValueError):
        decode({"key": 1})


def test_every_label_a_namespace_holds_is_exported_or_left_out_with_a_reason() -> None:
    held = (set(REACH) | set(UNREACHED) | set(COMPLIANCE_LABELS)) - {"*"}
    assert held - set(EXPORTED) - set(LEFT_OUT) == set()
    assert set(EXPORTED) & set(LEFT_OUT) == set()
    assert all(reason.strip() for reason in LEFT_OUT.values())


def test_a_line_carries_the_vectors_of_the_slot_in_use_only_and_never_the_namespace() -> None:
    row = {"labels": ["Turn"], "props": {"ns": "acme", "id": "t1", "text": "hi", "embedding": [0.1, 0.2],
                                         "embedding_b": [0.3, 0.4], "at": NOW}}
    line = _node_line(row, 4, IN_USE, True, NOW)
    assert line == {"node": 4, "labels": ["Turn"], "props": {"id": "t1", "text": "hi", "at": encode(NOW)},
                    "vectors": {"vec_prop": [0.1, 0.2]}}
    assert "vectors" not in _node_line(row, 4, IN_USE, False, NOW)


def test_an_erased_turn_comes_stripped_to_its_place_in_the_session() -> None:
    row = {"labels": ["Turn"], "props": {"ns": "acme", "id": "t1", "session": "s1", "seq": 3, "role": "user",
                                         "at": NOW, "text": "call Zelda on 415 555 0101", "speaker": "Zelda",
                                         "metadata_json": "{}", "search_text": "call zelda", "embedding": [0.1],
                                         "reach_text": "zelda 4155550101", "erased_at": NOW}}
    line = _node_line(row, 0, IN_USE, True, NOW)
    assert line["props"] == {"id": "t1", "session": "s1", "seq": 3, "role": "user", "at": encode(NOW),
                             "erased_at": encode(NOW), "purged_at": encode(NOW), "reach_text": ""}
    assert "vectors" not in line


def test_an_erasure_record_comes_as_a_tombstone_without_the_key() -> None:
    row = {"labels": ["Erasure"], "props": {"ns": "acme", "key": "U-1", "key_hash": "ab12", "at": NOW, "by": "k1",
                                            "reason": "GDPR", "turns": 3, "claim": "c"}}
    line = _node_line(row, 0, IN_USE, True, NOW)
    assert line["labels"] == ["Tombstone"]
    assert line["props"] == {"key_hash": "ab12", "erased_at": encode(NOW), "by": "k1", "reason": "GDPR", "turns": 3,
                             "purged_at": encode(NOW), "purged_by": "export"}
