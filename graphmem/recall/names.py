"""What the names in a question resolved to (`names.find_names_timelines`): the spans and their entities, the
near misses, the best candidates' timelines, a reverse question's holders, and the entities' former names;
how the question reads with keys in their place; the route's words for them."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING

from graphmem.identifiers.name_words import fold, name_tokens
from graphmem.identifiers.names import CALENDAR_WORDS, Named, Similar
from graphmem.recall.merge import Hit
from graphmem.recall.timewords import phrase_spans
from graphmem.store import Row

#: seasons: a one-word name that is one is the season inside a time phrase ("Summer Hayes's rate in summer 2025")
SEASON_WORDS = frozenset({"spring", "summer", "autumn", "fall", "winter"})
#: what dates a time phrase beyond a bare month or season ("after June" may be about June Park)
_DATED = re.compile(r"\d|\b(?:last|this|next|past|previous|early|mid|late)\b", re.IGNORECASE)

if TYPE_CHECKING:
    from graphmem.channels.entity_timelines import EntityTimeline
    from graphmem.recall.plan import Plan

@dataclass(frozen=True)
class Names:
    """What the question's names resolved to: spans (each with its keys), near misses (never used as exact)."""

    spans: tuple[Named, ...] = ()
    similar: tuple[Similar, ...] = ()
    timelines: Mapping[str, EntityTimeline] = field(default_factory=dict)  # the best candidates', at known_at
    known_at: datetime | None = None
    holders: Sequence[Row] = ()  # a reverse question's value holders, read in the same round trip
    former: Mapping[str, Sequence[tuple[str, datetime]]] = field(default_factory=dict)  # key -> (old name, until)
    #: the question's other words read as possible keys with the names: those that are keys are in `timelines`
    read_keys: frozenset[str] = frozenset()
    #: the first relations of each entity in `timelines` (at most recall's), at `relations_at` and known_at, if read
    relations: Mapping[str, Sequence[Row]] = field(default_factory=dict)
    relations_at: datetime | None = None

    def relations_read(self, keys: Sequence[str], valid_at: datetime,
                       known_at: datetime | None) -> dict[str, Sequence[Row]] | None:
        """The relations of `keys` if the names' read brought those of each at these two times (a whole profile then
        costs no second round trip), else None (`Channels.relations` reads them)."""
        if self.relations_at != valid_at or self.known_at != known_at or not all(k in self.relations for k in keys):
            return None
        return {k: self.relations[k] for k in keys}

    def read(self, keys: Sequence[str], known_at: datetime | None) -> dict[str, EntityTimeline] | None:
        """The timelines of those of `keys` that are live entities if the names' read said of each whether it is one
        (read at the same known_at), else None."""
        ok = known_at == self.known_at and all(k in self.timelines or k in self.read_keys for k in keys)
        return {k: self.timelines[k] for k in keys if k in self.timelines} if ok else None

    def read_already(self, known_at: datetime | None,
                     also: Mapping[str, EntityTimeline | None]) -> dict[str, EntityTimeline | None]:
        """The timelines a recall has read at known_at (a key mapped to None: not a live entity then): the names'
        read's (when at known_at) and `also` (the fast path's, at known_at)."""
        names = {**dict.fromkeys(self.read_keys), **self.timelines} if known_at == self.known_at else {}
        return {**names, **also}

    def without_times(self, question: str, phrases: Sequence[str]) -> Names:
        """The names, but a one-word name that is a month, season or weekday standing inside one of the question's
        time phrases that a number or a word of time dates ("What was April's city in May 2025?": May Chen is no answer,
        "in May 2025" is the time; "last June", "early May"): that word is the time's. "May's rate", "Who is June's
        agent?" and "Which agent looks after June?" keep theirs."""
        spans = [(s, e) for s, e in phrase_spans(question, phrases) if _DATED.search(question, s, e)]
        keep = tuple(n for n in self.spans if not (
            " " not in n.text.strip() and fold(n.text.strip()) in CALENDAR_WORDS | SEASON_WORDS
            and any(s <= n.start and n.end <= e for s, e in spans)))
        return self if len(keep) == len(self.spans) else replace(self, spans=keep)

    def keyed(self, question: str) -> str:
        """The question with each name replaced by its entities' keys ("Maria Lopez's city" -> "c-1001's
        city"), so that the plan reads it as a key question; a shared name becomes every holder's key."""
        out, last = [], 0
        for n in self.spans:
            out += [question[last:n.start], " ".join(n.keys)]
            last = n.end
        return "".join(out) + question[last:]

    @property
    def spelled(self) -> dict[str, tuple[str, ...]]:
        """key -> the question's text and the entity's name: how semantic hits may mention it."""
        out: dict[str, tuple[str, ...]] = {}
        for n in self.spans:
            for key, name in zip(n.keys, n.names):
                out[key] = tuple(dict.fromkeys([*out.get(key, ()), n.text, name]))
        return out

    @property
    def notes(self) -> tuple[str, ...]:
        """The route's words for them: exact, ambiguous (all holders read, said), similar (not used)."""
        notes = []
        for n in self.spans:
            holders = ", ".join(f"{k} ({nm})" for k, nm in zip(n.keys, n.names))
            words = [t for t in name_tokens(n.text) if len(t) > 1]  # an initial ("Maria L.") is no word of it
            how = "full name" if n.full else "part of a name" if len(words) > 1 else "one token of a name"
            if n.ambiguous:
                notes.append(f"name {n.text!r} is ambiguous ({how}): {len(n.keys)} entities hold it, all are "
                             f"read: {holders}")
            else:
                notes.append(f"name {n.text!r} → {holders} (exact, {how}; case, diacritics, titles and order "
                             "folded)")
        notes += [f"{s.text!r} is no known name; similar: {s.name} ({s.key}), offered as similar only, never "
                  "read as exact" for s in self.similar if s.until is None]
        notes += [f"{s.text!r} was the name of {s.key} (now {s.name}) until {s.until}; the question asks about a "
                  "later time: offered as similar only, never read as exact" for s in self.similar if s.until]
        return tuple(notes)

    def renames(self, plan: Plan) -> list[Hit]:
        """The former names of the entities the question names, when it asks for earlier values or about a
        name ("What was Fabrikam called before?"): one line each, with the day it stopped being the name."""
        if not self.former or (plan.earlier_word is None and not plan.asks_name):
            return []
        out = []
        for group, n in enumerate(self.spans):
            for key, name in zip(n.keys, n.names):
                read = self.timelines.get(key)
                name = read.name if read is not None and read.name else name  # asked by its old name: the new one
                for former, until in self.former.get(key, ()):
                    out.append(Hit("exact", "entity", f"{key} ({name}) was named {former} until {until:%Y-%m-%d}",
                                   f"exact: a former name of {key}, asked for by the question's words",
                                   f"former_name:{key}:{former}", at=until, group=group,
                                   data={"entity": key, "entity_name": name, "former_name": former,
                                         "until": until}))
        return out
