"""What recall needs from each channel, turned into `Hit`s: the channels' public functions, called and
their results written as one line each with the reason they were asked.

No Cypher here: every read goes through a channel (`exact.lookup_batch`, `entity_timelines.read_timelines`,
`graph.relations_of`, `workflow.match_workflows`, `read_window`, `read_summary`,
`search`). Channels route "to what exists": a channel module that is not installed is reported as such by
`Channels`, and imported only when asked.
"""

from __future__ import annotations

import importlib.util
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from graphmem.embedding import get_embedder
from graphmem.errors import NotFound
from graphmem.identifiers import Registry
from graphmem.recall.attributes import attribute_words
from graphmem.recall.merge import Hit, asks_all, asks_first, named_attributes, runs_asked
from graphmem.recall.names import Names
from graphmem.recall.plan import Ask, Plan, candidate_keys
from graphmem.store import Row, Store
from graphmem.timeline import Span, all_earlier, earlier, earliest, span_at, spans
from graphmem.types import Namespace

if TYPE_CHECKING:
    from graphmem.channels.exact import BatchLookup
    from graphmem.channels.entity_timelines import EntityTimeline

#: Workflows matched by task-text similarity (Neo4j's cosine score, (1+cos)/2) are kept when confident
#: (>= WORKFLOW_SURE and near the best), or when the best one clearly leads the runner-up: an unrelated
#: workflow is never offered as "how to" do something just because it is the nearest one. The lead rule
#: carries short or non-English tasks ("退款"), which the English embedding model scores low overall.
WORKFLOW_SURE = 0.70
WORKFLOW_NEAR_BEST = 0.08
WORKFLOW_LEAD = 0.05
WORKFLOW_FLOOR = 0.55
#: At most this many relations per entity found exactly: a hub's neighbourhood must not drown the answer.
RELATIONS_PER_ENTITY = 50
#: The modules each capability comes from, checked (not imported) when a recall starts.
_MODULES = {"facts": "graphmem.channels.exact", "workflows": "graphmem.channels.workflow",
            "window": "graphmem.channels.conversation.window", "summary": "graphmem.channels.conversation.summary",
            "search": "graphmem.channels.search"}


def _installed(capability: str) -> bool:
    return importlib.util.find_spec(_MODULES[capability]) is not None


@dataclass
class Profiles:
    """The hits of some entities' profiles, and which of the entities exist (in the asked order)."""

    hits: list[Hit] = field(default_factory=list)
    found: list[str] = field(default_factory=list)
    earlier: list[str] = field(default_factory=list)  # "key attribute" of each earlier value added


#: attribute -> its runs in valid time (adjacent versions of one value joined), as believed at known_at
Timeline = dict[str, list[Span]]


def fill(value: Any, filled: Mapping[str, str]) -> Any:
    """A workflow step argument with its `{param}`s replaced by the values the task filled in."""
    if not isinstance(value, str) or not filled:
        return value
    for name, v in filled.items():
        value = value.replace("{" + name + "}", v)
    return value


def _fact_hit(channel: str, label: str, key: str, f: Any, since: datetime, reason: str, group: int,
              base: dict[str, Any]) -> Hit:
    """One fact of an entity named in the question, with the day its current run of values began."""
    return Hit(channel, "fact", f"{label} {f.attribute}: {f.value} (since {_day(since)})", reason,
               f"fact:{key}:{f.attribute}:{f.value!r}", at=since, group=group,
               data={**base, "attribute": f.attribute, "value": f.value, "since": since,
                     "valid_from": f.valid_from, "valid_to": f.valid_to, "txn_time": f.txn_time,
                     "txn_end": f.txn_end, "source": f.source})


def _before(runs: Sequence[Span], valid_at: datetime, first: bool, every: bool) -> list[Span]:
    """The earlier runs a question asks for: the first, all of them, or the one before the current one."""
    if every:
        return all_earlier(runs, valid_at)
    prev = (earliest if first else earlier)(runs, valid_at)
    return [] if prev is None else [prev]


def _runs(tl: EntityTimeline) -> Timeline:
    """Each attribute's runs in valid time (adjacent versions of one value joined), from a timeline."""
    by_attribute: dict[str, list[Any]] = {}
    for v in tl.versions:
        by_attribute.setdefault(v.attribute, []).append(v)
    return {attribute: spans(versions) for attribute, versions in by_attribute.items()}


def _earlier_hits(channel: str, key: str, label: str, base: dict[str, Any], group: int, timeline: Timeline,
                  valid_at: datetime, reason: str, earlier_word: str, query: str) -> list[Hit]:
    """The earlier values `earlier_word` asks for, of the attributes the query names (as written or in another
    inflection or word of the table: "plans", "lived"; all when it names none)."""
    named = (named_attributes(query, timeline) | set(attribute_words(query, timeline))) or set(timeline)
    first, every = asks_first(earlier_word), asks_all(earlier_word)
    return [Hit(channel, "fact", f"{label} {attribute} {'at first' if first else 'before'}: {prev.value} "
                                 f"({_day(prev.valid_from)} to {_day(prev.valid_to)})",
                f"{reason}; {earlier_word!r} asks for {runs_asked(earlier_word)}",
                f"fact:{key}:{attribute}:{prev.value!r}:earlier:{_day(prev.valid_from)}", at=prev.valid_from,
                group=group, data={**base, "attribute": attribute, "value": prev.value, "earlier": True,
                                   "since": prev.valid_from, "valid_from": prev.valid_from,
                                   "valid_to": prev.valid_to, "txn_end": None})
            for attribute in sorted(named) for prev in _before(timeline[attribute], valid_at, first, every)]


def _day(t: datetime | None) -> str:
    return "" if t is None else t.strftime("%Y-%m-%d")


def _turn_hit(channel: str, t: Any, reason: str, score: float | None = None) -> Hit:
    who = t.speaker or t.role
    return Hit(channel, "turn", f"[{t.at:%Y-%m-%d %H:%M} {who}] {t.text}", reason, f"turn:{t.id}", at=t.at,
               score=score, data={"id": t.id, "session": t.session, "seq": t.seq, "role": t.role,
                                  "speaker": t.speaker})


class Channels:
    """What recall needs from each channel, and whether that channel is installed.

    Reads that do not depend on each other run at once on the store's "recall" pool (summary beside
    window, relations beside attributes, search beside the identifier lookup).
    """

    def __init__(self, store: Store, ns: Namespace, registry: Registry) -> None:
        self.store, self.ns, self.registry = store, ns, registry
        self.pool = store.services.executor("recall", 4)
        self.names_stamp: str | None = None  # the names' stamp this recall's names read found (`names`)
        self.names_read: Names | None = None  # its last read of the question's names, with their relations (`names`)
        self.has_facts = _installed("facts")
        self.has_workflows = _installed("workflows")
        self.has_window = _installed("window")
        self.has_summary = _installed("summary")
        self.has_search = _installed("search")

    def meaning(self, plan: Plan, named: Names) -> Callable[[Iterable[str]], list[str]]:
        """The attribute the question's words mean when they name none (`attributes.Meanings`; to rank only): its
        words but names, keys and time words. Lazy: most questions name their attribute and never call it."""
        from graphmem.recall.attributes import Meanings, content_words

        def meant(attributes: Iterable[str]) -> list[str]:
            embed = get_embedder(self.store.services.settings).embed
            meanings = self.store.services.state("recall.meanings", lambda: Meanings(embed))
            words = content_words(plan.question, [*(n.text for n in named.spans), *(n for s in named.spans
                                                                                    for n in s.names),
                                                  *plan.time.phrases, *(a.raw for a in plan.asks)])
            return meanings.meant(words, attributes)

        return meant

    # --- exact ---
    def names(self, question: str, valid_at: datetime | None, known_at: datetime | None,
              reverse: tuple[Sequence[str], Sequence[str]] | None = None, *, whole: bool = False) -> "Names":
        """The entities the question names (`names.find_names_timelines`: full names, a token of a name, an old
        name; folded), the near misses, the best candidates' timelines, a `reverse` question's holders, and which of
        the question's other words are entity keys (with their timelines; by the names' copy): one trip.

        `whole`: only whole names are wanted (a value that may be someone's name; its words are not read as keys):
        when the copy of the names this recall already found fresh holds no word of it, it names nobody and nothing
        is read (the copy is as fresh as this recall's first read, as a read then would have been)."""
        from graphmem.channels.names import find_names_timelines
        read = find_names_timelines(self.store, self.ns, question, valid_at=valid_at, known_at=known_at,
                                    holders=reverse or ((), ()),
                                    tokens=() if whole else candidate_keys(question, self.registry),
                                    fresh=self.names_stamp if whole else None,
                                    relations=0 if whole else RELATIONS_PER_ENTITY)
        if not whole and read.stamp is not None:
            self.names_stamp = read.stamp
        found = Names(tuple(read.named), tuple(read.similar), read.timelines, known_at, read.holders, read.former,
                      read.read_keys, read.relations, read.relations_at)
        if not whole:
            self.names_read = found
        return found

    def pronoun_referent(self, plan: Plan, named: Names) -> tuple[str, str] | None:
        """(entity key, route note) when a question about a conversation says "her", "his", "their" or "its" and names no one, no
        entity and no identifier: the entity the session's window named last (by key, identifier or whole name)."""
        session = plan.session
        if session is None or plan.entity is not None or named.spans or plan.asks or plan.pronoun is None:
            return None
        if not self.has_facts:
            return None
        from graphmem.channels.conversation import last_mentioned

        found = last_mentioned(self.store, self.ns, session=session)
        if found is None:
            return None
        key, name = found
        return key, (f"{plan.pronoun!r} read as {key}" + (f" ({name})" if name else "")
                     + f", the entity the window of session {session!r} named last")

    def referrers(self, named: Sequence[tuple[str, str]], valid_at: datetime, known_at: datetime | None) -> list[Row]:
        """Who holds one of these entities' names ((key, name) pairs) as a value, under any attribute, then."""
        from graphmem.channels.exact import find_referrers

        return find_referrers(self.store, self.ns, named=named, valid_at=valid_at, known_at=known_at)

    def resolve(self, tokens: list[str], asks: Sequence[Ask], valid_at: datetime,
                known_at: datetime | None) -> BatchLookup:
        """Which tokens are live entity keys, and who holds each identifier value under an attribute
        name of its kind: the exact channel's batch lookup, one round trip for the whole question."""
        from graphmem.channels.exact import lookup_batch

        return lookup_batch(self.store, self.ns, keys=tokens, values=[(a.value, a.attributes) for a in asks],
                            valid_at=valid_at, known_at=known_at)

    def profiles(self, keys: Sequence[str], valid_at: datetime, known_at: datetime | None, *, channel: str,
                 reasons: Mapping[str, str], relations: bool = False, earlier_word: str | None = None,
                 query: str = "", read: Mapping[str, EntityTimeline | None] | None = None) -> Profiles:
        """Each entity's attributes as of the two times, each with the day its value really began (its run:
        adjacent versions of one value joined, `timeline.spans`); with `earlier_word` ("before",
        "previous"...), also the value before the current one of the attributes the query names (all, when
        it names none); with `relations`, its relations one hop out, each with the neighbour's name.

        All from the entities' timelines as believed at known_at: those in `read` (already read at known_at,
        a key mapped to None when it was absent then) are not read again, the others in one round trip
        (`timelines`) beside the relations' (a question the fast path could not answer alone costs no
        second read of what it read); the relations too when this recall's names' read brought them (`relations`)."""
        out = Profiles()
        if not keys:
            return out
        pending = None
        if relations and self._relations_read(keys, valid_at, known_at) is None:  # read beside the attributes
            pending = self.pool.submit(self.relations, keys, valid_at, known_at, channel=channel, reasons=reasons)
        given = read or {}
        missing = [key for key in keys if key not in given]
        timelines = {**{k: tl for k, tl in given.items() if tl is not None},
                     **(self.timelines(missing, known_at) if missing else {})}
        for group, key in enumerate(keys):
            tl = timelines.get(key)
            if tl is None:
                continue
            out.found.append(key)
            label = key + (f" ({tl.name})" if tl.name else "")
            base = {"entity": key, "entity_type": tl.type, "entity_name": tl.name}
            timeline = _runs(tl)
            facts = tl.true_at(valid_at)
            for f in facts:
                run = span_at(timeline.get(f.attribute, []), valid_at, f.value, any_value=False)
                since = run.valid_from if run is not None else f.valid_from
                out.hits.append(_fact_hit(channel, label, key, f, since, reasons[key], group, base))
            if earlier_word is not None:
                earlier = _earlier_hits(channel, key, label, base, group, timeline, valid_at, reasons[key],
                                        earlier_word, query)
                out.earlier += [f"{key} {a}" for a in dict.fromkeys(h.data["attribute"] for h in earlier)]
                out.hits += earlier
            if not facts:
                out.hits.append(Hit(channel, "entity", f"{label}: {tl.type or 'entity'}, no facts as of then",
                                    reasons[key], f"entity:{key}", group=group, data=base))
        if relations:
            found = (pending.result() if pending is not None else
                     self.relations(keys, valid_at, known_at, channel=channel, reasons=reasons))
            out.hits += [h for h in found if h.data["entity"] in out.found]
        return out

    def timelines(self, keys: Sequence[str], known_at: datetime | None) -> dict[str, EntityTimeline]:
        """The entities among `keys` that exist at known_at, each with its versions believed then: one round
        trip (`entity_timelines.read_timelines`); unknown, erased or not yet recorded keys are absent."""
        from graphmem.channels.entity_timelines import read_timelines
        return read_timelines(self.store, self.ns, keys=keys, known_at=known_at)

    def timeline_hits(self, found: Mapping[str, EntityTimeline], keys: Sequence[str], valid_at: datetime, *,
                      channel: str, reasons: Mapping[str, str]) -> Profiles:
        """`profiles` of entities whose timelines are already read: the same hits (each value true at
        valid_at, since the day its run began), with no further read."""
        return self.profiles(keys, valid_at, None, channel=channel, reasons=reasons,
                             read={key: found.get(key) for key in keys})

    def _relations_read(self, keys: Sequence[str], valid_at: datetime,
                        known_at: datetime | None) -> dict[str, Sequence[Row]] | None:
        return None if self.names_read is None else self.names_read.relations_read(keys, valid_at, known_at)

    def relations(self, keys: Sequence[str], valid_at: datetime, known_at: datetime | None, *, channel: str,
                  reasons: Mapping[str, str]) -> list[Hit]:
        """Relations one hop out of each key, as of the two times (`graph.relations_of`), each with the neighbour's
        name: those this recall's names' read brought when it read them all at those times (`Names.relations_read`:
        4 in 10 name questions then make no second round trip), else in one read."""
        from graphmem.channels.graph import neighbours, relations_of

        read = self._relations_read(keys, valid_at, known_at)
        found = (relations_of(self.store, self.ns, keys=keys, valid_at=valid_at, known_at=known_at,
                              limit=RELATIONS_PER_ENTITY) if read is None else neighbours(read, RELATIONS_PER_ENTITY))
        group = {key: i for i, key in enumerate(keys)}
        out = []
        for key in sorted(found):
            for n in found[key]:
                r = n.relation
                other = n.key + (f" ({n.name})" if n.name else "")
                text = f"{key} {r.type} {other}" if r.source_key == key else f"{other} {r.type} {key}"
                out.append(Hit(channel, "relation", f"{text} (since {_day(r.valid_from)})", reasons[key],
                               f"rel:{r.source_key}:{r.type}:{r.target_key}", at=r.valid_from, group=group[key],
                               data={"entity": key, "from": r.source_key, "type": r.type, "to": r.target_key,
                                     "valid_from": r.valid_from, "valid_to": r.valid_to,
                                     "txn_time": r.txn_time, "txn_end": r.txn_end}))
        return out

    # --- workflows ---
    def workflows(self, task: str | None, task_type: str | None, k: int, *, reason: str) -> list[Hit]:
        """The workflows for the task, kept only when the match is sure enough (see WORKFLOW_SURE)."""
        from graphmem.channels.workflow import match_workflows

        matches = match_workflows(self.store, self.ns, task=task, task_type=task_type, k=k, registry=self.registry)
        scores = sorted((m.score for m in matches if m.matched_by == "similarity"), reverse=True) + [0.0, 0.0]
        best, lead = scores[0], scores[0] - scores[1]
        out = []
        for m in matches:
            sure = m.score >= WORKFLOW_SURE and m.score >= best - WORKFLOW_NEAR_BEST
            leads = m.score == best and lead >= WORKFLOW_LEAD and m.score >= WORKFLOW_FLOOR
            if m.matched_by == "similarity" and not (sure or leads):
                continue
            w = m.shown
            steps = " → ".join(s.action + (f"({', '.join(f'{a}={fill(v, m.filled)}' for a, v in s.args.items())})"
                                            if s.args else "") for s in w.steps)
            risks = "; ".join(f"{r.action} fails {r.count}x" for r in w.risks if r.count)
            text = (f"Workflow {w.name}: {steps} (support {w.support}, success {w.success_rate:.0%}"
                    + (f"; risks: {risks}" if risks else "") + ")")
            why = f"{reason}; matched by {m.matched_by}" + (f" ({m.score:.2f})" if m.matched_by == "similarity" else "")
            out.append(Hit("workflow", "workflow", text, why, f"workflow:{w.id}", at=w.txn_time, score=m.score,
                           data={"id": w.id, "key": w.key, "name": w.name, "version": w.version,
                                 "task_type": w.task_type, "steps": [s.to_json() for s in w.steps],
                                 "params": [p.name for p in w.params], "filled": dict(m.filled),
                                 "support": w.support, "success_rate": round(w.success_rate, 4),
                                 "risks": [r.to_json() for r in w.risks], "matched_by": m.matched_by}))
        return out

    # --- conversation ---
    def window(self, session: str, *, reason: str) -> list[Hit]:
        """The session's latest turns (window channel). Raises SessionNotFound for an unknown session."""
        from graphmem.channels.conversation.window import read_window

        w = read_window(self.store, self.ns, session=session)
        return [_turn_hit("window", t, reason) for t in w.turns if t.erased_at is None and t.text]

    def summary(self, session: str, *, reason: str) -> list[Hit]:
        """The session's summary parts (what left the window), newest first after the merge."""
        from graphmem.channels.conversation.summary import read_summary

        try:
            s = read_summary(self.store, self.ns, session=session)
        except NotFound:
            return []
        out = []
        for p in s.parts:
            if p.erased_at is not None or p.archived_at is not None or not p.summary.text:
                continue
            span = f"turns {p.from_seq}-{p.to_seq}, {_day(p.from_at)}..{_day(p.to_at)}"
            out.append(Hit("summary", "summary", f"[summary of {session}, {span}] {p.summary.text}", reason,
                           f"summary:{p.id}", at=p.to_at,
                           data={"id": p.id, "session": session, "from_seq": p.from_seq, "to_seq": p.to_seq,
                                 "from_at": p.from_at, "to_at": p.to_at, "topics": list(p.summary.topics),
                                 "entities": list(p.summary.entities)}))
        return out

    # --- semantic search ---
    def start_search(self, query: str, k: int, *, since: datetime | None, until: datetime | None) -> Future[Any]:
        """Hybrid search over turns and summaries (search channel) within the query's time range, started
        in the background; `search_hits` takes its result."""
        from graphmem.channels.search import search

        return self.pool.submit(search, self.store, self.ns, query=query, k=k, since=since, until=until,
                                touch=False)

    def search_hits(self, pending: Future[Any], *, reason: str) -> list[Hit]:
        """A started search's hits, marked as used now that recall returns them."""
        from graphmem.channels.search import mark_used

        res = pending.result()
        mark_used(self.store, self.ns, res.hits)
        out = []
        for h in res.hits:
            data = {"id": h.id, "session": h.session, "speaker": h.speaker, "parts": dict(h.parts),
                    "mentions": list(h.mentions)}
            if h.kind == "summary":
                out.append(Hit("semantic", "summary", f"[summary of {h.session}, {_day(h.from_at)}..{_day(h.to_at)}] "
                               f"{h.text}", reason, f"summary:{h.id}", at=h.to_at or h.at, score=h.score,
                               data={**data, "from_at": h.from_at, "to_at": h.to_at}))
            else:
                who = f"{h.session}/{h.speaker}" if h.speaker else h.session
                out.append(Hit("semantic", "turn", f"[{h.at:%Y-%m-%d %H:%M} {who}] {h.text}", reason,
                               f"turn:{h.id}", at=h.at, score=h.score, data=data))
        return out

    @staticmethod
    def mentioned(hits: Sequence[Hit], *, limit: int) -> list[str]:
        """The live entities the semantic hits mention, most mentioned first (then by key). Search reads
        the mentions with its candidates, so this costs no round trip."""
        counts = Counter(key for h in hits for key in h.data.get("mentions", ()))
        return [key for key, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]]
