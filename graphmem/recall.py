"""`recall`: one call that asks the right memory channels in the right order, merges their results
by time and explains itself. The rules live in `graphmem.router` (pure); this module runs them.

Order of work (each step adds a line to the route, saying why it ran and what it found):
1. identifiers → exact channel: lookup by attribute value (the registry names the attributes of
   each kind) and read by entity key, all in one round trip (`router/resolve_identifiers`, the exact
   channel's visibility rule); every hit brings the entity's profile as of valid_at/known_at
   (`exact.read_entities`) and its relations; a hit ends the search for that identifier, a miss is
   said and never replaced by a near miss;
2. procedural intent or task_type → workflow channel;
3. session → its window (fresher than any summary), then its summary;
4. nothing else (or nothing found) → semantic search over summaries and turns, then the profiles
   of the entities those hits mention.
Channels route "to what exists": a channel module that is not installed is skipped, and said so.
"""

from __future__ import annotations

import importlib.util
import logging
from collections import Counter
from collections.abc import Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import Any

from graphmem import router
from graphmem.embedding import get_embedder
from graphmem.errors import InvalidInput, NotFound
from graphmem.identifiers import Registry
from graphmem.instants import UTC, utcnow
from graphmem.router import Hit, Plan
from graphmem.store import Store
from graphmem.types import Namespace

log = logging.getLogger(__name__)
_pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="graphmem-recall")

DEFAULT_K = 10
#: Workflows matched by task-text similarity (Neo4j's cosine score, (1+cos)/2) are kept when confident
#: (>= WORKFLOW_SURE and near the best), or when the best one clearly leads the runner-up: an unrelated
#: workflow is never offered as "how to" do something just because it is the nearest one. The lead rule
#: carries short or non-English tasks ("退款"), which the English embedding model scores low overall.
WORKFLOW_SURE = 0.70
WORKFLOW_NEAR_BEST = 0.08
WORKFLOW_LEAD = 0.05
WORKFLOW_FLOOR = 0.55


@dataclass(frozen=True)
class RouteStep:
    channel: str
    reason: str


@dataclass(frozen=True)
class Recall:
    """What `recall` returns: the route taken, the merged results, and the prompt-ready context."""

    route: tuple[RouteStep, ...]
    results: tuple[Hit, ...]
    context: str
    context_tokens: int
    valid_at: datetime
    known_at: datetime
    since: datetime | None = None
    until: datetime | None = None


@lru_cache(maxsize=8)
def _registry(spec: str | None) -> Registry:
    return Registry.from_json(spec)


def _check(query: str, k: int, budget_tokens: int | None, max_k: int, max_chars: int) -> None:
    if not isinstance(query, str) or not query.strip():
        raise InvalidInput.field("query", "must be a non-empty string")
    if len(query) > max_chars:
        raise InvalidInput.field("query", f"must be at most {max_chars} characters")
    if not 1 <= k <= max_k:
        raise InvalidInput.field("k", f"must be between 1 and {max_k}")
    if budget_tokens is not None and budget_tokens < 1:
        raise InvalidInput.field("budget_tokens", "must be at least 1")


def recall(store: Store, ns: Namespace, *, query: str, session: str | None = None, entity: str | None = None,
           task_type: str | None = None, valid_at: datetime | None = None, known_at: datetime | None = None,
           k: int = DEFAULT_K, budget_tokens: int | None = None, now: datetime | None = None) -> Recall:
    """Answer one question from memory, choosing the channels by deterministic, explained rules.

    Args:
        query: the question, in any language; identifiers and time words in it steer the route.
        session: read this session's window first, then its summary.
        entity: an entity key the question is about (read exactly, like an identifier).
        task_type: ask the workflow channel for this task type.
        valid_at, known_at: read facts as true / as believed then; they win over time words.
        k: at most this many results per channel.
        budget_tokens: cut `context` to this many tokens of the embedding model's tokenizer.
        now: the instant relative time words are read against (default: now).

    Raises:
        InvalidInput: an empty or too long query, k outside 1..max_k, budget_tokens below 1.
    """
    settings = store.settings
    _check(query, k, budget_tokens, settings.max_k, settings.max_text_chars)
    now = now or utcnow()
    registry = _registry(settings.identifier_patterns)
    ch = Channels(store, ns, registry)
    plan = router.classify(query, now=now, registry=registry, session=session, entity=entity,
                           task_type=task_type, valid_at=valid_at, known_at=known_at)
    va, ka = plan.valid_at or now, plan.known_at or utcnow()  # known_at None: what is believed now
    # A query bound for semantic search is searched while its tokens are resolved: the search does not
    # depend on them. If a token is an entity key and the exact channel answers, the result is dropped
    # (and its hits are not marked as used).
    pending = (ch.start_search(plan.query, k, since=plan.time.since, until=plan.time.until)
               if plan.semantic_first and ch.has_search else None)
    # one round trip: which tokens are entity keys, who holds the query's identifier values (as of va/ka)
    known, holders = ch.resolve(router.candidate_keys(query, registry), plan.asks, va, plan.known_at)
    plan = router.with_known_keys(plan, registry=registry, known_keys=known)
    route: list[RouteStep] = [RouteStep("router", n) for n in plan.notes]
    hits: list[Hit] = []

    exact_hit = _exact(ch, plan, holders, va, plan.known_at, route, hits)
    _workflows(ch, plan, k, route, hits)
    _session(ch, plan, k, route, hits)
    if plan.semantic_first or not hits:
        _semantic(ch, plan, k, va, plan.known_at, exact_hit, route, hits, pending)

    merged = router.merge(hits, valid_at=va, known_at=plan.known_at)
    log.debug("recall ns=%s route=%s results=%d", ns.name, [s.channel for s in route], len(merged))
    embedder = get_embedder(settings.model_path)
    context, used = router.render_context(merged, budget_tokens=budget_tokens, count_tokens=embedder.count_tokens)
    return Recall(tuple(route), tuple(merged), context, used, va, ka, plan.time.since, plan.time.until)


def _exact(ch: Channels, plan: Plan, holders: Mapping[str, list[tuple[str, str]]], valid_at: datetime,
           known_at: datetime | None, route: list[RouteStep], hits: list[Hit]) -> bool:
    """Rule 1. Returns whether any identifier (or the given entity) was found."""
    if not plan.asks and plan.entity is None:
        return False
    if not ch.has_facts:
        route.append(RouteStep("exact", "identifiers in the query, but the exact channel is not installed"))
        return False
    wanted: list[tuple[str, str]] = []  # (entity key, why), in the order the query names them
    if plan.entity is not None:
        wanted.append((plan.entity, f"entity {plan.entity!r} given by the caller"))
    for ask in plan.asks:
        found: list[tuple[str, str]] = []
        if ask.as_key:
            found.append((ask.raw, f"{ask.raw!r} is an entity key in this namespace"))
        found += [(key, f"{ask.kind} {ask.raw!r} matched exactly: {attribute} = {ask.value}")
                  for attribute, key in holders.get(ask.value, []) if attribute in ask.attributes]
        if found:
            keys = list(dict.fromkeys(key for key, _ in found))
            reasons = "; ".join(dict.fromkeys(why for _, why in found))
            route.append(RouteStep("exact", f"{reasons} → {', '.join(keys)}; the search for this identifier "
                                            "ends here"))
            wanted += found
        else:
            route.append(RouteStep("exact", f"{ask.kind} {ask.raw!r}: no exact match (as of valid_at/known_at); "
                                            "similar identifiers are never substituted"))
    order = list(dict.fromkeys(key for key, _ in wanted))
    why = {key: reason for key, reason in reversed(wanted)}  # first reason per key
    profiles = ch.profiles(order, valid_at, known_at, channel="exact", relations=True,
                           reasons={key: f"exact: {why[key]}; its profile as of valid_at/known_at" for key in order})
    missing = [key for key in order if key not in profiles.found]
    if plan.entity is not None and plan.entity in missing:
        route.append(RouteStep("exact", f"entity {plan.entity!r} given by the caller does not exist "
                                        "(or is erased, or was not known at known_at)"))
    hits += profiles.hits
    return bool(profiles.found)


def _workflows(ch: Channels, plan: Plan, k: int, route: list[RouteStep], hits: list[Hit]) -> None:
    """Rule 2."""
    if not plan.wants_workflow:
        return
    why = (f"procedural intent {plan.intent.phrase!r} (task {plan.intent.task!r})" if plan.intent is not None
           else f"task_type {plan.task_type!r} given")
    if not ch.has_workflows:
        route.append(RouteStep("workflow", f"{why}, but the workflow channel is not installed"))
        return
    found = ch.workflows(plan.intent.task if plan.intent else None, plan.task_type, k, reason=f"workflow: {why}")
    names = ", ".join(h.data.get("name", h.ident) for h in found) or "none matched"
    route.append(RouteStep("workflow", f"{why} → {names}"))
    hits += found


def _session(ch: Channels, plan: Plan, k: int, route: list[RouteStep], hits: list[Hit]) -> None:
    """Rule 3: the window first (fresher than any summary), then the summary (its newest k parts).
    Both are read at once; the window still ranks first."""
    if plan.session is None:
        return
    session = plan.session
    pending = (_pool.submit(ch.summary, session, reason=f"summary: what left the window of session {session!r}")
               if ch.has_summary else None)
    if not ch.has_window:
        route.append(RouteStep("window", f"session {session!r} given, but the window channel is not installed"))
    else:
        try:
            window = ch.window(session, reason=f"window: latest turns of session {session!r}, fresher than any summary")
        except NotFound:
            route.append(RouteStep("window", f"session {session!r} has no turns yet"))
            if pending is not None:
                pending.result()
            return
        route.append(RouteStep("window", f"session {session!r} given: its window first ({len(window)} latest turns)"))
        hits += window
    if pending is None:
        route.append(RouteStep("summary", "the summary channel is not installed"))
        return
    summary = sorted(pending.result(), key=lambda h: h.at or datetime.min.replace(tzinfo=UTC), reverse=True)[:k]
    route.append(RouteStep("summary", f"then the summary of session {session!r} "
                                      f"({len(summary)} {'part' if len(summary) == 1 else 'parts'})"))
    hits += summary


def _semantic(ch: Channels, plan: Plan, k: int, valid_at: datetime, known_at: datetime | None, exact_hit: bool,
              route: list[RouteStep], hits: list[Hit], pending: Future[Any] | None = None) -> None:
    """Rule 4: semantic search, then the profiles of the entities the hits mention."""
    if plan.semantic_first:
        why = "no identifier, no procedural intent, no session: fell back to semantic search over summaries and turns"
    else:
        why = "the chosen channels found nothing: fell back to semantic search over summaries and turns"
    if plan.asks and not exact_hit:
        why += ", keeping only hits that contain the asked identifier exactly"
    if plan.time.since is not None or plan.time.until is not None:
        why += " within the time range of the query"
    if not ch.has_search:
        route.append(RouteStep("semantic", f"{why}, but the search channel is not installed"))
        return
    if pending is None:
        pending = ch.start_search(plan.query, k, since=plan.time.since, until=plan.time.until)
    found = ch.search_hits(pending, reason=f"semantic: {why}")
    if plan.asks:
        needles = [a.value for a in plan.asks]
        found = [h for h in found if _contains_any(h.text, needles, ch.registry)]
    route.append(RouteStep("semantic", f"{why} → {len(found)} hits"))
    hits += found
    if not found or not ch.has_facts:
        return
    mentioned = ch.mentioned(found, limit=k)
    if not mentioned:
        return
    profiles = ch.profiles(mentioned, valid_at, known_at, channel="facts",
                           reasons={key: f"current facts: {key} is mentioned by the semantic hits; "
                                         "its profile as of valid_at/known_at" for key in mentioned})
    route.append(RouteStep("facts", "current profile of the entities those hits mention: "
                                    + ", ".join(profiles.found or mentioned)))
    hits += profiles.hits


def _contains_any(text: str, values: Sequence[str], registry: Registry) -> bool:
    """Whether a text holds one of the asked identifiers exactly: as a whole identifier normalised by
    the registry, or as a whole token (entity keys); never as part of a longer number or word."""
    found = {f.value for f in router.find_identifiers(text, registry)}
    found |= set(router.candidate_keys(text, registry, limit=100_000))
    return any(v in found for v in values)


# --- channel adapters: the channels' public functions, turned into hits ---------------------------------
def _installed(module: str) -> bool:
    return importlib.util.find_spec(f"graphmem.channels.{module}") is not None


@dataclass
class Profiles:
    hits: list[Hit] = field(default_factory=list)
    found: list[str] = field(default_factory=list)


def _day(t: datetime | None) -> str:
    return "" if t is None else t.strftime("%Y-%m-%d")


def _turn_hit(channel: str, t: Any, reason: str, score: float | None = None) -> Hit:
    who = t.speaker or t.role
    return Hit(channel, "turn", f"[{t.at:%Y-%m-%d %H:%M} {who}] {t.text}", reason, f"turn:{t.id}", at=t.at,
               score=score, data={"id": t.id, "session": t.session, "seq": t.seq, "role": t.role,
                                  "speaker": t.speaker})


class Channels:
    """What recall needs from each channel, and whether that channel is installed yet."""

    def __init__(self, store: Store, ns: Namespace, registry: Registry) -> None:
        self.store, self.ns, self.registry = store, ns, registry
        self.has_facts = _installed("exact")
        self.has_workflows = _installed("workflow")
        self.has_window = _installed("window")
        self.has_summary = _installed("summary")
        self.has_search = _installed("search")

    def resolve(self, tokens: list[str], asks: Sequence[router.Ask], valid_at: datetime,
                known_at: datetime | None) -> tuple[set[str], dict[str, list[tuple[str, str]]]]:
        """(tokens that are live entity keys, value -> [(attribute, entity key)]) in one round trip.

        The exact channel's lookup, done for every identifier of the query and every attribute name of
        its kind at once (one call per attribute name would cost a round trip each)."""
        wanted = [{"value": a.value, "attributes": list(a.attributes)} for a in asks if a.attributes]
        if not tokens and not wanted:
            return set(), {}
        rows = self.store.read("router/resolve_identifiers", ns=self.ns.name, tokens=tokens, asks=wanted,
                               valid_at=valid_at, known_at=known_at)
        known = {r["key"] for r in rows if r["via"] == "key"}
        holders: dict[str, list[tuple[str, str]]] = {}
        for r in rows:
            if r["via"] == "value":
                holders.setdefault(r["ask"], []).append((r["attribute"], r["key"]))
        return known, holders

    def profiles(self, keys: Sequence[str], valid_at: datetime, known_at: datetime | None, *, channel: str,
                 reasons: Mapping[str, str], relations: bool = False) -> Profiles:
        """Each entity's attributes as of the two times; with `relations`, also its relations one hop out
        (`router/read_relations`), each with the neighbour's name."""
        from graphmem.channels import exact

        out = Profiles()
        if not keys:
            return out
        pending = (_pool.submit(self._relations, keys, valid_at, known_at, channel=channel, reasons=reasons)
                   if relations else None)  # independent of the attributes: read both at once
        states = exact.read_entities(self.store, self.ns, keys=keys, valid_at=valid_at, known_at=known_at)
        for group, key in enumerate(keys):
            state = states.get(key)
            if state is None:
                continue
            out.found.append(key)
            label = key + (f" ({state.name})" if state.name else "")
            base = {"entity": key, "entity_type": state.type, "entity_name": state.name}
            for f in state.facts:
                out.hits.append(Hit(
                    channel, "fact", f"{label} {f.attribute}: {f.value} (since {_day(f.valid_from)})", reasons[key],
                    f"fact:{key}:{f.attribute}:{f.value!r}", at=f.valid_from, group=group,
                    data={**base, "attribute": f.attribute, "value": f.value, "valid_from": f.valid_from,
                          "valid_to": f.valid_to, "txn_time": f.txn_time, "txn_end": f.txn_end, "source": f.source}))
            if not state.facts:
                out.hits.append(Hit(channel, "entity", f"{label}: {state.type or 'entity'}, no facts as of then",
                                    reasons[key], f"entity:{key}", group=group, data=base))
        if pending is not None:
            out.hits += [h for h in pending.result() if h.data["entity"] in out.found]
        return out

    def _relations(self, keys: Sequence[str], valid_at: datetime, known_at: datetime | None, *, channel: str,
                   reasons: Mapping[str, str], limit: int = 50) -> list[Hit]:
        """Relations one hop out of each key, as of the two times, each with the neighbour's name."""
        if not keys:
            return []
        rows = self.store.read("router/read_relations", ns=self.ns.name, keys=list(keys), valid_at=valid_at,
                               known_at=known_at, limit=limit)
        group = {key: i for i, key in enumerate(keys)}
        out = []
        for row in rows:
            key = row["key"]
            for e in row["relations"]:
                other = e["neighbour"] + (f" ({e['neighbour_name']})" if e.get("neighbour_name") else "")
                text = f"{key} {e['type']} {other}" if e["from"] == key else f"{other} {e['type']} {key}"
                out.append(Hit(channel, "relation", f"{text} (since {_day(e['valid_from'])})", reasons[key],
                               f"rel:{e['from']}:{e['type']}:{e['to']}", at=e["valid_from"], group=group[key],
                               data={"entity": key, "from": e["from"], "type": e["type"], "to": e["to"],
                                     "valid_from": e["valid_from"], "valid_to": e.get("valid_to"),
                                     "txn_time": e["txn_time"], "txn_end": e.get("txn_end")}))
        return out

    # --- workflows ---
    def workflows(self, task: str | None, task_type: str | None, k: int, *, reason: str) -> list[Hit]:
        from graphmem.channels import workflow

        matches = workflow.match_workflows(self.store, self.ns, task=task, task_type=task_type, k=k,
                                           registry=self.registry)
        scores = sorted((m.score for m in matches if m.matched_by == "similarity"), reverse=True) + [0.0, 0.0]
        best, lead = scores[0], scores[0] - scores[1]
        out = []
        for m in matches:
            sure = m.score >= WORKFLOW_SURE and m.score >= best - WORKFLOW_NEAR_BEST
            leads = m.score == best and lead >= WORKFLOW_LEAD and m.score >= WORKFLOW_FLOOR
            if m.matched_by == "similarity" and not (sure or leads):
                continue
            w = m.workflow
            steps = " → ".join(s.action + (f"({', '.join(f'{a}={v}' for a, v in s.args.items())})" if s.args else "")
                               for s in w.steps)
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
        from graphmem.channels import window

        w = window.read_window(self.store, self.ns, session=session)
        return [_turn_hit("window", t, reason) for t in w.turns if t.erased_at is None and t.text]

    def summary(self, session: str, *, reason: str) -> list[Hit]:
        """The session's summary parts (what left the window), newest first after the merge."""
        from graphmem.channels import summary

        try:
            s = summary.read_summary(self.store, self.ns, session=session)
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

    def start_search(self, query: str, k: int, *, since: datetime | None, until: datetime | None) -> Future[Any]:
        """Hybrid search over turns and summaries (search channel) within the query's time range, started
        in the background; `search_hits` takes its result."""
        from graphmem.channels import search

        return _pool.submit(search.search, self.store, self.ns, query=query, k=k, since=since, until=until,
                            touch=False)

    def search_hits(self, pending: Future[Any], *, reason: str) -> list[Hit]:
        """A started search's hits, marked as used now that recall returns them."""
        from graphmem.channels import search

        res = pending.result()
        search.mark_used(self.store, self.ns, res.hits)
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
