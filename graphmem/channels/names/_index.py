"""Names of a question read from the name index (`entity_names`, full-text): the candidates, and the timelines of
the best of them, in one round trip (`exact/find_names_timelines`), then checked exactly (`identifiers.names`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from graphmem.channels.entity_timelines import EntityTimeline, timeline_from_row
from graphmem.channels.exact import VALUE_HOLDERS
from graphmem.channels.search.terms import escape_lucene
from graphmem.identifiers.name_words import Spellings, spellings_of
from graphmem.identifiers.names import FORMER_NAME, RENAMED_AFTER, Named, Similar, lucene_words, resolve, stop_names
from graphmem.instants import format_instant, utcnow
from graphmem.store import Row, Store
from graphmem.types import Namespace

#: entities a question's words may name, read from the name index (best scored first) before the exact check: a
#: whole name outscores its single tokens; a name shared by more entities than this is reported, ambiguous, with
#: the first ones. 50 cost a name question at 20,000 people 2.15x a GET of the entity, 20 cost 1.85x.
NAME_CANDIDATES = 20
#: words of a question looked up in the name index (Lucene refuses queries over 1,024 clauses)
NAME_WORDS = 200


#: best scored name candidates whose timelines come with them (`find_names_timelines`), the second only when it
#: scores at least NAME_CLOSE times the best: a full name scores about twice the names sharing one of its words
#: (2.88 vs 5.75), while two holders of one name score alike; reading the second for nothing cost 0.22 ms of 1.13
NAME_PREFETCH = 2
NAME_CLOSE = 0.75


@dataclass(frozen=True)
class NameRead:
    """What `find_names_timelines` read in its one round trip."""

    named: list[Named]
    similar: list[Similar]
    timelines: dict[str, EntityTimeline]  # the best candidates' (or the resolved entities'), as read at known_at
    holders: list[Row]  # a reverse question's value holders (`find_value_holders`' rows), when asked
    former: dict[str, list[tuple[str, datetime]]]  # candidate key -> its former names, each until its rename
    stamp: str | None = None  # the namespace's name stamp the read found (`_copy`: a copy at another one is stale)
    #: the words of the question read as possible entity keys (`tokens`): those that are keys are in `timelines`
    read_keys: frozenset[str] = frozenset()
    #: when the caller asked (`relations`): the first relations one hop out of each entity in `timelines`, in
    #: `graph.neighbours`' order, as `graph/expand_frontier` reads them, true at `relations_at` and believed at
    #: known_at (by the copy's read; the index's reads none)
    relations: Mapping[str, Sequence[Row]] = field(default_factory=dict)
    relations_at: datetime | None = None


def _read_names(store: Store, ns: Namespace, words: str, near: str | None, valid_at: datetime,
                known_at: datetime | None, names: list[str], values: list[str], plain: str | None) -> Row:
    # valid_at only when holders are asked, the one part that reads it, and as text: the driver's packing of a
    # datetime parameter cost this read 0.08 ms of its 0.87 (p50 over a raw driver session, 2,000 people)
    return store.read("exact/find_names_timelines", ns=ns, lucene=_names_query(ns, words), plain=plain,
                      near=None if near is None else _names_query(ns, near), limit=NAME_CANDIDATES,
                      known_at=known_at, valid_at=format_instant(valid_at) if names else None,
                      prefetch=NAME_PREFETCH,
                      close=NAME_CLOSE, include_erased=False, holder_names=names, holder_values=values,
                      holder_limit=VALUE_HOLDERS)[0]


#: a question word this long, when no word matched a name as written, is also looked up within one edit: the
#: index keeps a name's apostrophe ("O'Neill" is the term o'neill) where a question may drop it ("Oneill's")
NEAR_LETTERS = 5
NEAR_WORDS = 8  # each fuzzy term expands into the index's terms within one edit: a few of them, not a question's all


def _names_terms(question: str, *, near: bool = False) -> str | None:
    """The candidate query's terms: every question word, or with `near` (asked only when that found nobody) the
    longer words within one edit. Candidates only: each name is then checked exactly on folded tokens, so a
    near term never makes a name resolve that the exact check does not."""
    wanted = lucene_words(question)[:NAME_WORDS]
    if near:
        wanted = [f"{escape_lucene(w)}~1" for w in wanted if len(w) >= NEAR_LETTERS and "'" not in w][:NEAR_WORDS]
        return " ".join(wanted) or None
    return " ".join(escape_lucene(w) for w in wanted) or None


def _names_query(ns: Namespace, words: str) -> str:
    return f'+ns:"{escape_lucene(ns.name)}"^0 +(name:({words}) aliases:({words}) former_names:({words}))'


def resolve_names(question: str, rows: Sequence[Row], valid_at: datetime | None, *,
                  spellings: Callable[[str], Spellings] = spellings_of,
                  ) -> tuple[list[Named], list[Similar]]:
    at = valid_at or utcnow()
    pairs = [(r["key"], r["name"]) for r in rows] + [(r["key"], a) for r in rows for a in r["aliases"]]
    then = [(r["key"], f["name"]) for r in rows for f in r["former"] if at < f["until"]]
    later = [(r["key"], f["name"], r["name"], f["until"]) for r in rows for f in r["former"] if at >= f["until"]]
    named, similar = resolve(question, pairs + then, also=[(key, former) for key, former, _, _ in later],
                             spellings=spellings)
    if later:
        taken = {(n.start, n.end) for n in named}
        renamed = {(key, former): (now, until) for key, former, now, until in later}
        spans, _ = resolve(question, [(key, former) for key, former, _, _ in later], spellings=spellings)
        for span in spans:
            if (span.start, span.end) in taken:
                continue
            # asked as the old name it is ("formerly Contoso"), or what became of it ("What did Nordlys change
            # its name to?"): the entity it was the name of, exact, today too
            if FORMER_NAME.search(question, 0, span.start) or RENAMED_AFTER.match(question, span.end):
                named.append(span)
                continue
            for key, former in zip(span.keys, span.names):
                now, until = renamed[(key, former)]
                similar.append(Similar(span.text, key, now, until=until.date().isoformat()))
        named.sort(key=lambda n: n.start)
    return named, similar


def read_from_index(store: Store, ns: Namespace, question: str, valid_at: datetime | None, known_at: datetime | None,
                    names: list[str], values: list[str]) -> NameRead | None:
    """The names of `question` by the name index, and the timelines of the NAME_PREFETCH best scored candidates;
    None when the question has no word to look up."""
    terms = _names_terms(question)
    if terms is None:
        return None
    at = utcnow() if valid_at is None else valid_at
    plain = stop_names(question)
    row = _read_names(store, ns, terms, _names_terms(question, near=True), at, known_at, names, values,
                      _names_query(ns, " ".join(plain)) if plain else None)
    rows, found = row["candidates"], row["holders"]
    named, similar = resolve_names(question, rows, valid_at)
    return NameRead(named, similar, {r["key"]: timeline_from_row(r, known_at) for r in rows if r["read"]}, found,
                    {r["key"]: [(f["name"], f["until"]) for f in r["former"]] for r in rows if r["former"]}, row["stamp"])


def names_in_texts(store: Store, ns: Namespace, texts: Sequence[str]) -> list[list[str]]:
    """For each text, the keys of the live entities it names by a whole name or alias that only one entity
    holds (what a turn MENTIONS by name). One index query for all the texts. A single token ("Maria") or a
    shared name is never a link: a turn linked by mistake would be hidden with an erased entity."""
    out: list[list[str]] = []
    group: list[str] = []
    words: dict[str, None] = {}
    for text in [*texts, None]:  # texts in groups of at most NAME_WORDS distinct words: one query per group
        new = dict.fromkeys(lucene_words(text)) if text is not None else {}
        if group and (text is None or len(words | new) > NAME_WORDS):
            out += _names_of_group(store, ns, group, list(words)[:NAME_WORDS])
            group, words = [], {}
        if text is not None:
            group.append(text)
            words |= new
    return out


def _names_of_group(store: Store, ns: Namespace, texts: Sequence[str], wanted: Sequence[str]) -> list[list[str]]:
    if not wanted:
        return [[] for _ in texts]
    words = " ".join(escape_lucene(w) for w in wanted)
    lucene = f'+ns:"{escape_lucene(ns.name)}"^0 +(name:({words}) aliases:({words}))'
    rows = store.read("exact/find_names", ns=ns, lucene=lucene, limit=NAME_CANDIDATES * len(texts), known_at=None)
    pairs = [(r["key"], r["name"]) for r in rows] + [(r["key"], a) for r in rows for a in r["aliases"]]
    out = []
    for text in texts:
        named, _ = resolve(text, pairs) if pairs else ([], [])
        out.append(list(dict.fromkeys(n.keys[0] for n in named if n.full and len(n.keys) == 1)))
    return out
