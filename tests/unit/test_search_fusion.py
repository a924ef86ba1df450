"""Hybrid search's pure parts: Lucene escaping, query terms, fusion and the context lifts."""

from __future__ import annotations

import pytest

from datetime import datetime, timedelta, timezone

from hypothesis import given
from hypothesis import strategies as st

from graphmem.channels.search import (
    TURN_PARTS,
    SummaryInfo,
    TurnInfo,
    Weights,
    escape_lucene,
    fuse,
    lucene_query,
    keyword_terms,
    named_speakers,
    normalise,
    query_terms,
)
from graphmem.channels.search.rank import rank

T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)


def chain(n: int, session: str = "s1", start: int = 0) -> dict[str, TurnInfo]:
    """n turns t{start}..t{start+n-1} of one session linked by NEXT, one minute apart."""
    ids = [f"t{i}" for i in range(start, start + n)]
    return {i: TurnInfo(i, session, T0 + timedelta(minutes=k), prev=ids[k - 1] if k else None,
                        next=ids[k + 1] if k + 1 < n else None) for k, i in enumerate(ids)}


def test_escape_lucene_every_special_character() -> None:
    special = '+-!(){}[]^"~*?:\\/&|'
    escaped = escape_lucene(special)
    assert escaped == "".join("\\" + c for c in special)
    assert escape_lucene("plain words") == "plain words"


def test_query_terms_drop_stop_and_question_words() -> None:
    assert query_terms("When did Caroline go to the LGBTQ support group?") == ["caroline", "go", "lgbtq", "support",
                                                                               "group"]
    assert query_terms("what is it?") == ["what", "is", "it"]  # nothing left: keep everything
    assert query_terms("a+b AND (c)") == ["b", "c"]
    assert query_terms("!!!") == []


def test_keyword_terms_leave_out_speaker_names() -> None:
    terms = query_terms("When did Caroline go to the LGBTQ support group with Mel?")
    assert keyword_terms(terms, ["Caroline", "Melanie", None]) == ["go", "lgbtq", "support", "group", "mel"]
    assert keyword_terms(terms, ["Caroline Smith"]) == ["go", "lgbtq", "support", "group", "mel"]  # first name
    assert keyword_terms(["caroline"], ["Caroline"]) == ["caroline"]  # only a name: keep it
    assert keyword_terms(terms, []) == terms


def test_lucene_query_requires_the_namespace() -> None:
    q = lucene_query(["order", "late"], "tenant-a")
    assert q == '+ns:"tenant\\-a"^0 +search_text:(order late)'  # filters, scores nothing
    assert lucene_query([], "x") is None


@given(st.text(max_size=60))
def test_lucene_query_never_carries_raw_syntax(text: str) -> None:
    q = lucene_query(query_terms(text), "ns")
    if q is not None:
        body = q.split("+search_text:(", 1)[1][:-1]
        assert all(ch.isalnum() or ch in " _" for ch in body)


def test_normalise_and_fuse() -> None:
    assert normalise({"a": 0.2, "b": 0.6}) == {"a": 0.0, "b": 1.0}
    assert normalise({"a": 0.5}) == {"a": 1.0}
    parts = fuse({"a": 0.9, "b": 0.5}, {"b": 8.0, "c": 4.0}, Weights(dense=0.5, text=1.0, rrf=0.0))
    assert parts["a"]["dense"] == 1.0 and parts["a"]["text"] == 0.0 and parts["a"]["fused"] == 0.5
    assert parts["b"]["fused"] == 1.0 and parts["c"]["fused"] == 0.5
    assert parts["b"]["rrf"] == 1.0  # in both lists: the best reciprocal rank


def test_neighbour_of_a_strong_hit_is_lifted() -> None:
    turns = chain(5)
    w = Weights(neighbour=0.3, answer=0.3, session=0.0, recency=0.0, importance=0.0)
    out = rank(turns=turns, turn_dense={"t2": 0.9}, turn_text={"t2": 5.0}, summaries={}, summary_dense={},
               summary_text={}, eligible=set(turns), w=w)
    ids = [r.id for r in out]
    assert ids[0] == "t2" and set(ids[1:3]) == {"t1", "t3"} and "t0" not in ids
    assert out[1].parts["neighbour"] > 0 and out[1].parts["fused"] == 0


def test_ineligible_turns_are_never_returned_nor_lend_score() -> None:
    turns = chain(3)
    out = rank(turns=turns, turn_dense={"t1": 0.9, "t0": 0.3}, turn_text={"t1": 3.0}, summaries={},
               summary_dense={}, summary_text={}, eligible={"t0"}, w=Weights(recency=0.0, importance=0.0))
    assert [r.id for r in out] == ["t0"]
    assert out[0].parts["neighbour"] == 0


def test_session_lift_prefers_the_session_that_matches() -> None:
    a, b = chain(3, "a", 0), chain(3, "b", 10)
    turns = {**a, **b}
    dense = {"t0": 0.80, "t1": 0.79, "t10": 0.795, "t11": 0.1}
    plain = rank(turns=turns, turn_dense=dense, turn_text={}, summaries={}, summary_dense={}, summary_text={},
                 eligible=set(turns), w=Weights(session=0.0, neighbour=0.0, recency=0.0, importance=0.0))
    lifted = rank(turns=turns, turn_dense=dense, turn_text={}, summaries={}, summary_dense={}, summary_text={},
                  eligible=set(turns), w=Weights(session=0.5, neighbour=0.0, recency=0.0, importance=0.0))
    order = lambda rs: [r.id for r in rs if r.id in ("t1", "t10")]  # noqa: E731
    assert order(plain) == ["t10", "t1"] and order(lifted) == ["t1", "t10"]


def test_a_matching_summary_lifts_the_turns_it_covers() -> None:
    turns = chain(4)
    summaries = {"m1": SummaryInfo("m1", "s1", T0, turns=("t0", "t1"))}
    out = rank(turns=turns, turn_dense={"t3": 0.5, "t2": 0.4}, turn_text={}, summaries=summaries,
               summary_dense={"m1": 0.9}, summary_text={"m1": 2.0},
               eligible=set(turns), w=Weights(neighbour=0.0, session=0.0, recency=0.0, importance=0.0, summary=0.5))
    by_id = {r.id: r for r in out}
    assert by_id["t0"].parts["summary"] > 0 and by_id["t1"].parts["summary"] > 0
    assert "m1" in by_id and by_id["m1"].kind == "summary"


def test_recency_breaks_ties_towards_newer() -> None:
    turns = chain(2)
    out = rank(turns=turns, turn_dense={"t0": 0.5, "t1": 0.5}, turn_text={}, summaries={}, summary_dense={},
               summary_text={}, eligible=set(turns), w=Weights(neighbour=0.0, session=0.0, recency=0.05))
    assert out[0].id == "t1" and out[0].parts["recency"] >= out[1].parts["recency"]


@given(st.dictionaries(st.sampled_from([f"t{i}" for i in range(6)]), st.floats(0, 1), max_size=6),
       st.dictionaries(st.sampled_from([f"t{i}" for i in range(6)]), st.floats(0, 20), max_size=6))
def test_rank_is_sorted_and_parts_add_up(dense: dict[str, float], text: dict[str, float]) -> None:
    turns = chain(6)
    out = rank(turns=turns, turn_dense=dense, turn_text=text, summaries={}, summary_dense={}, summary_text={},
               eligible=set(turns))
    scores = [r.score for r in out]
    assert scores == sorted(scores, reverse=True)
    for r in out:
        total = sum(r.parts[p] for p in TURN_PARTS)
        assert abs(total - r.score) < 1e-4


def test_a_matching_question_lifts_its_answer_most() -> None:
    turns = chain(3)
    turns["t1"] = TurnInfo("t1", "s1", T0, prev="t0", next="t2", question=True)
    out = rank(turns=turns, turn_dense={"t1": 0.9}, turn_text={"t1": 2.0}, summaries={}, summary_dense={},
               summary_text={}, eligible=set(turns), w=Weights(neighbour=0.2, answer=0.6, session=0.0, recency=0.0))
    by_id = {r.id: r for r in out}
    assert by_id["t2"].parts["neighbour"] == pytest.approx(3 * by_id["t0"].parts["neighbour"]) and by_id["t0"].parts["neighbour"] > 0


def test_named_speakers_are_preferred() -> None:
    assert named_speakers("What did Caroline research?", ["Caroline", "Melanie", None]) == {"caroline"}
    assert named_speakers("Where does Ann Lee live?", ["Ann Lee", "Bob"]) == {"ann lee"}
    turns = {"a": TurnInfo("a", "s", T0, speaker="Caroline"), "b": TurnInfo("b", "s", T0, speaker="Melanie")}
    out = rank(turns=turns, turn_dense={"a": 0.5, "b": 0.5}, turn_text={}, summaries={}, summary_dense={},
               summary_text={}, eligible={"a", "b"}, w=Weights(recency=0.0), speakers={"caroline"})
    assert out[0].id == "a" and out[0].parts["speaker"] > 0 and out[1].parts["speaker"] == 0


def test_scope_words_cut_common_suffixes_only_down_to_three_letters() -> None:
    from graphmem.channels.search import scope_words

    assert scope_words(["complained", "complaining", "parcels", "bus", "is", "ferries"]) == \
        ["complain", "parcel", "bus", "is", "ferry"]
