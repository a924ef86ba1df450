"""graphmem.limits: what Neo4j, its driver and a JSON response can hold, checked without a database."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from graphmem import limits
from graphmem.channels.search.terms import query_terms
from graphmem.errors import InvalidInput
from graphmem.instants import parse_instant


def _field(exc: pytest.ExceptionInfo[InvalidInput]) -> str:
    return str(exc.value.details["fields"][0]["field"])


@pytest.mark.parametrize("value", [2**63, -(2**63) - 1, 10**30])
def test_integers_beyond_64_bits_are_refused(value: int) -> None:
    with pytest.raises(InvalidInput) as exc:
        limits.check_scalar(value, "value")
    assert _field(exc) == "value" and exc.value.code == "invalid_value"


@pytest.mark.parametrize("value", [2**63 - 1, -(2**63), 0, True, 1.5, "x", None])
def test_storable_scalars_pass(value: Any) -> None:
    assert limits.check_scalar(value, "value") == value


@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")])
def test_non_finite_floats_are_refused(value: float) -> None:
    with pytest.raises(InvalidInput):
        limits.check_number(value, "x")


@pytest.mark.parametrize("text", ["\ud800", "a\udfffb", "ok \ud83d"])
def test_lone_surrogates_are_refused(text: str) -> None:
    assert limits.has_surrogate(text)
    with pytest.raises(InvalidInput) as exc:
        limits.check_text(text, "text")
    assert exc.value.code == "invalid_text"


@given(st.text())  # hypothesis' text has no lone surrogates: all of it is storable
def test_valid_unicode_passes(text: str) -> None:
    assert not limits.has_surrogate(text)
    assert limits.check_text(text, "t") == text


def test_json_depth_is_capped_at_32_and_names_the_innermost_field() -> None:
    def nest(n: int) -> Any:
        out: Any = 1
        for _ in range(n):
            out = {"a": out}
        return out
    assert limits.check_json(nest(limits.MAX_DEPTH), "metadata") == nest(limits.MAX_DEPTH)
    with pytest.raises(InvalidInput) as exc:
        limits.check_json(nest(900), "metadata")
    assert _field(exc) == "metadata" + ".a" * limits.MAX_DEPTH and exc.value.code == "limit_exceeded"
    deep_list: Any = []
    for _ in range(100_000):  # iterative: a hostile depth cannot exhaust the stack
        deep_list = [deep_list]
    with pytest.raises(InvalidInput):
        limits.check_json(deep_list, "args")


@pytest.mark.parametrize("value, field", [
    ({"a": [1, 2, 2**64]}, "m.a.2"), ({"\ud800": 1}, "m.<key>"), ({"a": {"b": "\udc00"}}, "m.a.b"),
    ({"a": float("nan")}, "m.a"), ({"a": "x" * (limits.MAX_JSON_STRING_CHARS + 1)}, "m.a"),
    ({"a": list(range(limits.MAX_JSON_ITEMS))}, "m"), ({"a": object()}, "m.a"), ({1: 2}, "m"),
])
def test_json_values_hold_only_what_can_be_stored(value: Any, field: str) -> None:
    with pytest.raises(InvalidInput) as exc:
        limits.check_json(value, "m")
    assert _field(exc) == field


@pytest.mark.parametrize("text", ["0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00"])
def test_instants_whose_utc_form_leaves_the_range_are_refused(text: str) -> None:
    with pytest.raises(InvalidInput) as exc:
        parse_instant(text, "at")
    assert _field(exc) == "at" and exc.value.code == "invalid_time"


def test_the_edges_of_the_range_pass() -> None:
    assert parse_instant("0001-01-01T00:00:00-01:00", "at") == limits.MIN_INSTANT + timedelta(hours=1)
    assert parse_instant("9999-12-31T23:59:59.999999Z", "at") == limits.MAX_INSTANT
    late = datetime(9999, 12, 31, 23, 0, tzinfo=timezone(timedelta(hours=-2)))
    with pytest.raises(InvalidInput):
        limits.check_instant(late, "at")


def test_identifier_names_are_capped() -> None:
    assert limits.check_name("R" * limits.MAX_NAME_CHARS, "type")
    with pytest.raises(InvalidInput):
        limits.check_name("R" * 20_000, "type")


def test_a_1100_word_query_keeps_fewer_terms_than_lucene_allows() -> None:
    terms = query_terms(" ".join(f"word{i}" for i in range(1_100)))
    assert len(terms) == limits.MAX_QUERY_TERMS < 1_024
    assert terms[0] == "word0"


def test_a_body_is_walked_whole() -> None:
    body = {"turns": [{"text": "ok"}, {"text": "x", "metadata": {"n": 2**70}}]}
    with pytest.raises(InvalidInput) as exc:
        limits.check_body(body)
    assert _field(exc) == "turns.1.metadata.n"
