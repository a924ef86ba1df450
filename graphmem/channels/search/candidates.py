"""The rows the statements read, shaped into what ranking takes and into hits. Pure.

Kept apart from the reads (`fetch`) so that ranking can be re-run on one query's candidates with other
weights (e.g. by the LoCoMo evaluation's weight sweep) and so that the shaping is testable without Neo4j.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from graphmem.channels.search.rank import DEFAULT_WEIGHTS, Ranked, SummaryInfo, TurnInfo, Weights, rank, rounded
from graphmem.channels.search.records import Filters, Hit
from graphmem.channels.search.keywords import KeywordStats, analyse, bm25
from graphmem.channels.search.terms import named_speakers
from graphmem.instants import stored_instant

COVERED_FROM = 5  # the best summaries whose covered turns are read (a summary lifts its turns)
PARTS = ("turn_vector", "turn_text", "summary_vector", "summary_text")

Rows = dict[str, list[dict[str, Any]]]  # {"summaries": [...], "turns": [...]} as search/candidates reads them
Found = dict[str, list[dict[str, Any]]]  # per part of PARTS: [{"id": ..., "score": ...}], best first
NOTHING: Rows = {"summaries": [], "turns": []}


@dataclass
class Candidates:
    """What the index queries found for one query, before ranking."""

    terms: list[str]
    turns: dict[str, TurnInfo]
    rows: dict[str, dict[str, Any]]
    eligible: set[str]
    turn_dense: dict[str, float]
    turn_text: dict[str, float]
    summaries: dict[str, SummaryInfo]
    summary_rows: dict[str, dict[str, Any]]
    summary_dense: dict[str, float]
    summary_text: dict[str, float]
    speakers: set[str] = field(default_factory=set)

    def top(self, kinds: Sequence[str], k: int, weights: Weights = DEFAULT_WEIGHTS) -> list[Ranked]:
        ranked = rank(turns=self.turns, turn_dense=self.turn_dense, turn_text=self.turn_text,
                      summaries=self.summaries, summary_dense=self.summary_dense, summary_text=self.summary_text,
                      eligible=self.eligible, w=weights, speakers=self.speakers)
        return rounded([r for r in ranked if r.kind in kinds][:k])

    def missing_texts(self, ranked: Sequence[Ranked]) -> list[str]:
        """The ranked turns read without their text: neighbours lifted into the top k without being a
        candidate (`fetch.hits` reads them, for those hits only)."""
        return [r.id for r in ranked if r.kind == "turn" and self.rows[r.id].get("text") is None]

    def hits(self, ranked: Sequence[Ranked], late: Mapping[str, Mapping[str, Any]]) -> list[Hit]:
        """The ranked candidates as hits; `late` holds the text and mentions of `missing_texts`."""
        out = []
        for r in ranked:
            if r.kind == "turn":
                t = self.rows[r.id]
                read = late.get(r.id, t)  # text and mentions: from the candidates' read, or read just now
                out.append(Hit("turn", r.id, read.get("text") or "", t["at"], t["session"], t.get("speaker"), r.score,
                               r.parts, mentions=tuple(read.get("mentions") or ())))
            else:
                row = self.summary_rows[r.id]
                m = row["summary"]
                out.append(Hit("summary", r.id, m.get("text") or "", m["to_at"], m["session"], None, r.score, r.parts,
                               from_at=m["from_at"], to_at=m["to_at"], mentions=tuple(row.get("mentions") or ())))
        return out


def merged(*reads: Rows) -> Rows:
    """Rows read by several statements, each id once (the later read wins: a widened part reads again)."""
    summaries = {r["summary"]["id"]: r for read in reads for r in read["summaries"]}
    turns = {r["id"]: r for read in reads for r in read["turns"]}
    return {"summaries": list(summaries.values()), "turns": list(turns.values())}


def still_to_read(found: Found, first: Rows) -> tuple[list[str], list[str], list[str]]:
    """The summary ids and turn ids whose rows no candidates statement read, and the best summaries (by
    both scores together) whose covered turns ranking needs: `(summary_ids, turn_ids, best)`."""
    summary_dense = {r["id"]: r["score"] for r in found["summary_vector"]}
    summary_text = {r["id"]: r["score"] for r in found["summary_text"]}
    all_summaries = set(summary_dense) | set(summary_text)
    best = sorted(sorted(all_summaries),
                  key=lambda i: -(summary_dense.get(i, 0.0) + summary_text.get(i, 0.0)))[:COVERED_FROM]
    have_summaries = {r["summary"]["id"]: r for r in first["summaries"]}
    have_turns = {r["id"] for r in first["turns"]}
    covered = [t for i in best if i in have_summaries for t in have_summaries[i]["turns"]]
    summary_ids = sorted(all_summaries - set(have_summaries))
    found_turns = {r["id"] for r in found["turn_vector"]} | {r["id"] for r in found["turn_text"]}
    turn_ids = sorted((found_turns | set(covered)) - have_turns)
    return summary_ids, turn_ids, best


def rescored(found: Found, turn_rows: Mapping[str, Mapping[str, Any]],
             summaries: Mapping[str, Mapping[str, Any]], stats: KeywordStats | None,
             stems: Sequence[str]) -> tuple[dict[str, float], dict[str, float]]:
    """The keyword scores of the turn and summary candidates: BM25 on their namespace's own statistics
    (`stats`), so that no other tenant's data changes them (Lucene's scores are index-wide and only found
    the candidates). A namespace without statistics yet keeps Lucene's scores. Summaries are normalised to
    the mean length of this query's summary candidates (the statistics count turns)."""
    turn_text = {r["id"]: r["score"] for r in found["turn_text"]}
    summary_text = {r["id"]: r["score"] for r in found["summary_text"]}
    if stats is None or not stats.usable or not stems:
        return turn_text, summary_text
    turns: dict[str, float] = {}
    for i in turn_text:
        row = turn_rows.get(i)
        text = row and (row.get("search_text") or row.get("text"))
        if text:
            turns[i] = bm25(stats, stems, text)
    texts = {i: summaries[i]["summary"].get("text") or "" for i in summary_text if i in summaries}
    lengths = [len(analyse(t)) for t in texts.values()]
    mean = sum(lengths) / len(lengths) if lengths else None
    return turns, {i: bm25(stats, stems, t, mean) for i, t in texts.items()}


def assemble(*, query: str, terms: list[str], found: Found, first: Rows, read: Rows,
             filters: Filters, stats: KeywordStats | None = None, stems: Sequence[str] = ()) -> Candidates:
    """The candidates of one query: its four lists, the rows its candidates statements read (`first`) and
    those read after them (`read`); neighbours become rows of their own, filtered here (no statement did).
    Keyword scores are those of `rescored` (the namespace's own statistics)."""
    turn_dense = {r["id"]: r["score"] for r in found["turn_vector"]}
    summary_dense = {r["id"]: r["score"] for r in found["summary_vector"]}
    have_turns = {r["id"] for r in first["turns"]}
    summaries = {r["summary"]["id"]: r for r in first["summaries"] + read["summaries"]}
    turn_rows = {r["id"]: r for r in first["turns"] + read["turns"]}
    turn_text, summary_text = rescored(found, turn_rows, summaries, stats, stems)
    for r in summaries.values():
        r["summary"]["from_at"] = stored_instant(r["summary"]["from_at"])
        r["summary"]["to_at"] = stored_instant(r["summary"]["to_at"])
    rows: dict[str, dict[str, Any]] = {}
    around: dict[str, dict[str, Any]] = {}
    for r in first["turns"] + [r for r in read["turns"] if r["id"] not in have_turns]:
        for name in ("at", "prev_at", "next_at"):
            r[name] = stored_instant(r[name])
        rows[r["id"]] = r
        for side in ("prev", "next"):
            if r[side] is not None:
                around[r[side]] = {"id": r[side], "session": r["session"], "at": r[f"{side}_at"],
                                   "speaker": r[f"{side}_speaker"], "importance": r[f"{side}_importance"],
                                   "question": r.get(f"{side}_question", False), "passes": r[f"{side}_passes"],
                                   "prev": None, "next": None}
    for i, r in around.items():  # a neighbour that is no candidate: known without its own neighbours (or text)
        rows.setdefault(i, r)
    infos = {i: TurnInfo(i, r["session"], r["at"], r.get("speaker"), r.get("importance") or 0.5, r["prev"],
                         r["next"], bool(r["question"])) for i, r in rows.items()}
    eligible = {i for i, r in rows.items() if filters.passes(r)}
    sinfo = {i: SummaryInfo(i, r["summary"]["session"], r["summary"]["to_at"],
                            r["summary"].get("importance") or 0.5, tuple(r["turns"])) for i, r in summaries.items()}
    return Candidates(
        terms, infos, rows, eligible, {i: v for i, v in turn_dense.items() if i in eligible},
        {i: v for i, v in turn_text.items() if i in eligible}, sinfo, summaries,
        {i: v for i, v in summary_dense.items() if i in sinfo}, {i: v for i, v in summary_text.items() if i in sinfo},
        named_speakers(query, {r.get("speaker") for r in rows.values()}))
