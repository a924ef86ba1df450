"""Per-namespace BM25 (issue #18), the pure part: the analysis both sides of the statistics share, and the score."""

from __future__ import annotations

from graphmem.channels.search.candidates import rescored
from graphmem.channels.search.keywords import KeywordStats, analyse, bm25, query_stems


def test_analysis_drops_stop_words_and_cuts_suffixes_alike_on_both_sides() -> None:
    assert analyse("Ann: I was complaining about the gardens") == ["ann", "complain", "garden"]
    assert query_stems(["complained", "gardens", "the"]) == ["complain", "garden"]


def test_a_rarer_term_weighs_more_and_a_longer_text_less() -> None:
    stats = KeywordStats(docs=100, length=1000, df={"tomato": 2, "garden": 50})
    assert bm25(stats, ["tomato"], "tomato soup") > bm25(stats, ["garden"], "garden soup")
    assert bm25(stats, ["tomato"], "tomato soup") > bm25(stats, ["tomato"], "tomato soup with bread cheese and olives")
    assert bm25(stats, ["tomato"], "no match here") == 0.0


def test_scores_depend_on_the_namespace_statistics_only() -> None:
    found = {"turn_text": [{"id": "a", "score": 3.1}, {"id": "b", "score": 0.2}], "summary_text": [],
             "turn_vector": [], "summary_vector": []}
    rows = {"a": {"search_text": "Ann: tomato seedlings (1 March 2026)"}, "b": {"search_text": "Ben: tomato"}}
    stems = query_stems(["tomato", "seedlings"])
    stats = KeywordStats(docs=12, length=60, df={stems[0]: 3, stems[1]: 2})
    turns, _ = rescored(found, rows, {}, stats, stems)
    # the same statistics give the same scores whatever Lucene's index-wide scores were
    other = {**found, "turn_text": [{"id": "a", "score": 0.4}, {"id": "b", "score": 9.0}]}
    assert rescored(other, rows, {}, stats, stems)[0] == turns and turns["a"] > turns["b"]
    # a namespace without statistics yet keeps Lucene's scores
    assert rescored(found, rows, {}, KeywordStats(0, 0), ["tomato"])[0] == {"a": 3.1, "b": 0.2}
