"""`recall`: one call that asks the right memory channels in the right order, merges their results
by time and explains itself. The rules live in `graphmem.recall.plan` (pure, the `ROUTE` table); this
module reads that table top to bottom and runs the step of each rule that applies.

A key question (entity keys named, their attributes or the whole entity asked at one time: `plan.fast_keys`,
`plan.key_answer`) is answered by one read of those entities and nothing else: no search, no embedding,
one line in the route saying so. A question that names entities by name has that read made with its names
(`recall.names`: the names' read also says which of its other words are entity keys). When that read does not
answer it alone, the order below runs, and what was read is not read again.

Order of work (each step adds a line to the route, saying why it ran and what it found):
1. identifiers → exact channel: lookup by attribute value (the registry names the attributes of
   each kind) and read by entity key, all in one round trip (`exact.lookup_batch`, unless the reads so far
   said which words are keys and no identifier value is asked); every hit brings the entity's profile as of
   valid_at/known_at (from its timeline: `entity_timelines.read_timelines`, or the one already read) and its
   relations (`graph.relations_of`); a hit ends the search for that identifier, a miss is said and never
   replaced by a near miss;
2. procedural intent or task_type → workflow channel;
3. session → its window (fresher than any summary), then its summary, then facts whose values hold its words;
4. nothing else (or nothing found) → semantic search over summaries and turns, then the profiles
   of the entities those hits mention.
Beside either path, a reverse question ("Who lives in Porto?") is answered by who holds the value it names
(`recall.reverse`), the facts of the attributes asked rank first among their entity's (`recall.attributes`).
Channels route "to what exists": a channel module that is not installed is skipped, and said so."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from graphmem.embedding import get_embedder
from graphmem import limits
from graphmem.errors import InvalidInput, NotFound
from graphmem.identifiers import holds_any
from graphmem.instants import UTC, utcnow
from graphmem.recall.hits import Channels
from graphmem.recall.names import Names
from graphmem.recall.merge import Hit, Recall, RouteStep, merge, render_context, runs_asked
from graphmem.recall.reverse import fact_text_hits, mark_asked, one_step_on, reverse_hits, reverse_rows
from graphmem.recall.usage import new_recall_id, record_answer
from graphmem.recall.plan import (ROUTE, Plan, candidate_keys, classify, fast_keys, key_answer,
                                  time_beside_names, with_known_keys)
from graphmem.store import Store
from graphmem.types import Namespace

if TYPE_CHECKING:
    from graphmem.channels.entity_timelines import EntityTimeline

log = logging.getLogger(__name__)

DEFAULT_K = 10
#: a question about the conversation itself ("what did we agree on the refund?", "what did she say?"): after a
#: session's window it reads its summary, not the facts whose values hold its words ("Who teaches chemistry?" does)
_ABOUT_TALK = re.compile(r"\b(?:say|said|says|tell|told|agreed?|discuss(?:ed)?|talk(?:ed)?|mention(?:ed)?|promised?|"
                         r"decided?|asked|suggested?|recommended?)\b", re.IGNORECASE)


def _check(query: str, k: int, budget_tokens: int | None, max_k: int, max_chars: int) -> None:
    if not isinstance(query, str) or not query.strip():
        raise InvalidInput.field("query", "must be a non-empty string")
    if len(query) > max_chars:
        raise InvalidInput.field("query", f"must be at most {max_chars} characters")
    limits.check_string(query, "query")
    if not 1 <= k <= max_k:
        raise InvalidInput.field("k", f"must be between 1 and {max_k}")
    if budget_tokens is not None and budget_tokens < 1:
        raise InvalidInput.field("budget_tokens", "must be at least 1")


@dataclass
class _Run:
    """One recall in progress: what the steps read (the plan, the read times) and what they add to."""

    ch: Channels
    plan: Plan
    k: int
    valid_at: datetime
    holders: Mapping[str, Sequence[tuple[str, str]]]
    pending_search: Future[Any] | None
    spelled: Mapping[str, Sequence[str]] = field(default_factory=dict)  # key -> how the question named it
    route: list[RouteStep] = field(default_factory=list)
    hits: list[Hit] = field(default_factory=list)
    fact_text_read: bool = False  # the facts whose values hold the question's words were read (once per recall)
    #: timelines read already at known_at (a key mapped to None: absent then): profiles do not read them again
    read: Mapping[str, EntityTimeline | None] = field(default_factory=dict)

    @property
    def known_at(self) -> datetime | None:
        return self.plan.known_at

    @property
    def earlier_word(self) -> str | None:  # the word asking for earlier values ("before", "previous"), if any
        return self.plan.earlier_word

    @property
    def question(self) -> str:  # as asked (the query when none was kept): what semantic search reads
        return self.plan.question or self.plan.query


def recall(store: Store, ns: Namespace, *, query: str, session: str | None = None, entity: str | None = None,
           task_type: str | None = None, valid_at: datetime | None = None, known_at: datetime | None = None,
           k: int = DEFAULT_K, budget_tokens: int | None = None, now: datetime | None = None) -> Recall:
    """Answer one question from memory, choosing the channels by deterministic, explained rules. The answer
    gets an id; its items' channels are recorded in the background for the memory hit rate (`usage`).

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
    answer = _recall(store, ns, query=query, session=session, entity=entity, task_type=task_type,
                     valid_at=valid_at, known_at=known_at, k=k, budget_tokens=budget_tokens, now=now)
    answer = replace(answer, id=new_recall_id())
    record_answer(store, ns, answer.id, [h.channel for h in answer.results])
    return answer


def _recall(store: Store, ns: Namespace, *, query: str, session: str | None, entity: str | None,
            task_type: str | None, valid_at: datetime | None, known_at: datetime | None, k: int,
            budget_tokens: int | None, now: datetime | None) -> Recall:
    settings = store.services.settings
    _check(query, k, budget_tokens, settings.max_k, settings.max_text_chars)
    now = now or utcnow()
    registry = store.services.registry
    ch = Channels(store, ns, registry)
    given: dict[str, Any] = {"now": now, "registry": registry, "session": session, "entity": entity,
                             "task_type": task_type, "valid_at": valid_at, "known_at": known_at}
    named, plan = _named(ch, query, classify(query, **given), given)
    if named.notes:
        plan = replace(plan, notes=(*named.notes, *plan.notes))
    referent = ch.pronoun_referent(plan, named)
    if referent is not None:  # "What is her phone?" in a session that just named Maria Lopez
        entity, note = referent
        plan = classify(query, **{**given, "entity": entity})
        plan = replace(plan, notes=(note, *plan.notes))
    va, ka = plan.valid_at or now, plan.known_at or utcnow()  # known_at None: what is believed now
    earlier_word = plan.earlier_word
    candidates = candidate_keys(plan.query, registry)
    keys = fast_keys(plan, earlier_word, candidates) if ch.has_facts else ()
    read = named.read(keys, plan.known_at) if keys else None  # the names' read said of every key, or one trip more
    if keys and read is None:
        read = ch.timelines(keys, plan.known_at)
    fast = _key_question(ch, plan, va, earlier_word, read) if read is not None else None
    reverse_line, reversed_hits = reverse_hits(plan.words, reverse_rows(ch, plan, named, va, plan.known_at))
    if fast is not None:  # the exact read answered it alone: no search, no second round trip (an embedding only
        # when no attribute is named: `mark_asked`'s guess of the one meant, to rank)
        route, hits = fast
        if reverse_line is not None:
            route.append(RouteStep("exact", reverse_line))
        hits += named.renames(plan)
        merged = merge(mark_asked([*reversed_hits, *hits], plan.words, ch.meaning(plan, named)), valid_at=va,
                       known_at=plan.known_at)
        context, used = render_context(merged, budget_tokens=budget_tokens,
                                       count_tokens=get_embedder(settings).count_tokens)
        return Recall(tuple(route), tuple(merged), context, used, va, ka, plan.time.since, plan.time.until)
    holders: Mapping[str, Sequence[tuple[str, str]]] = {}
    already = named.read_already(plan.known_at, {key: read.get(key) for key in keys} if read is not None else {})
    if not plan.asks and all(c in already for c in candidates):
        # the reads so far (the names', the fast path's) said which tokens are entity keys (lookup_batch would say
        # the same, and with no identifier in the query it has no values to look up): the full route goes on
        plan = with_known_keys(plan, registry=registry, known_keys={c for c in candidates if already[c] is not None})
        pending = (ch.start_search(plan.question, k, since=plan.time.since, until=plan.time.until)
                   if plan.semantic_first and ch.has_search else None)
    else:
        # A query bound for semantic search is searched while its tokens are resolved: the search does not
        # depend on them. If a token is an entity key and the exact channel answers, the result is dropped
        # (and its hits are not marked as used).
        pending = (ch.start_search(plan.question, k, since=plan.time.since, until=plan.time.until)
                   if plan.semantic_first and ch.has_search else None)
        # one round trip: which tokens are entity keys, who holds the query's identifier values (as of va/ka)
        resolved = ch.resolve(candidates, plan.asks, va, plan.known_at)
        plan = with_known_keys(plan, registry=registry, known_keys=resolved.keys)
        holders = resolved.holders
    run = _Run(ch, plan, k, va, holders, pending, named.spelled,
               route=[RouteStep("router", n) for n in plan.notes], read=already)
    if reverse_line is not None:
        run.route.append(RouteStep("exact", reverse_line))
        run.hits += reversed_hits
    for rule in ROUTE:  # top to bottom; the fallback rule sees whether anything was found so far
        if rule.when(plan, bool(run.hits)):
            _STEPS[rule.channel](run, rule.reason(plan))
    if plan.session is not None and not run.fact_text_read and not plan.wants_workflow and not _ABOUT_TALK.search(
            query) and not any(h.kind in ("fact", "entity") for h in run.hits):
        _fact_text(run)  # a session's window answered before the facts were asked: "Who teaches chemistry?"
    lines, more = one_step_on(ch, plan, named, run.hits, va, plan.known_at)  # "Hannah Schmidt's dog"
    run.route += [RouteStep("exact", line) for line in lines]
    run.hits += more

    merged = merge(mark_asked([*run.hits, *named.renames(plan)], plan.words, ch.meaning(plan, named)), valid_at=va,
                   known_at=plan.known_at)
    log.debug("recall ns=%s route=%s results=%d", ns.name, [s.channel for s in run.route], len(merged))
    context, used = render_context(merged, budget_tokens=budget_tokens, count_tokens=get_embedder(settings).count_tokens)
    return Recall(tuple(run.route), tuple(merged), context, used, va, ka, plan.time.since, plan.time.until)


def _named(ch: Channels, query: str, plan: Plan, given: dict[str, Any]) -> tuple[Names, Plan]:
    """The names the question holds (with a reverse question's holders, one round trip), and the plan that
    reads them as keys (exact, never similar). Read at the time the question's words give; when a name held
    one of them ("Christmas Jones"), the time is read again without it, and so are the holders of then."""
    if not ch.has_facts:
        return Names(), plan
    now = given["now"]
    named = ch.names(query, plan.valid_at or now, plan.known_at, plan.reverse).without_times(query, plan.time.phrases)
    if not named.spans:
        return named, plan
    time = time_beside_names(query, plan, [(n.start, n.end) for n in named.spans], now=now)
    keyed = classify(named.keyed(query), **given, time=time, question=query)
    if (keyed.valid_at, keyed.known_at) != (plan.valid_at, plan.known_at):  # renames and holders as of then
        named = ch.names(query, keyed.valid_at or now, keyed.known_at, keyed.reverse).without_times(query, time.phrases)
        keyed = classify(named.keyed(query), **given, time=time, question=query)
    return named, keyed


def _key_question(ch: Channels, plan: Plan, valid_at: datetime, earlier_word: str | None,
                  timelines: Mapping[str, EntityTimeline]) -> tuple[list[RouteStep], list[Hit]] | None:
    """The fast path (`plan.fast_keys`, `plan.key_answer`): a question that names entity keys and asks
    their attributes (or the whole entity) at one time is answered by one read of those entities; the
    semantic channels are not asked and the query is not embedded. None when the read does not answer it
    alone (a key unknown then, an attribute it does not have, other words): the full route runs."""
    answer = key_answer(plan, {key: (tl.type, tl.name, {f.attribute for f in tl.true_at(valid_at)})
                               for key, tl in timelines.items()}, earlier_word, registry=ch.registry)
    if answer is None:
        return None
    reasons = {key: (f"exact: entity {key!r} given by the caller" if key == plan.entity else f"exact: {_keyed(key, plan)}")
               + "; key question, its profile as of valid_at/known_at" for key in answer.keys}
    found = ch.timeline_hits(timelines, answer.keys, valid_at, channel="exact", reasons=reasons)
    hits = found.hits
    if not answer.attributes:  # the whole entity is asked: its relations too
        hits += [h for h in ch.relations(answer.keys, valid_at, plan.known_at, channel="exact", reasons=reasons)
                 if h.data["entity"] in found.found]
    given = f"entity {plan.entity!r} given by the caller → " if plan.entity in answer.keys else ""
    return [RouteStep("router", n) for n in plan.notes] + [RouteStep("exact", given + answer.explain())], hits


def _keyed(key: str, plan: Plan) -> str:  # a key the question spells, or one its name resolved to (router line)
    return (f"{key!r} is an entity key in this namespace" if key.casefold() in plan.question.casefold()
            else f"{key!r} is the entity the question names")


def _exact(run: _Run, why: str) -> None:
    """Rule 1: each identifier in query order, then the profiles of every entity found."""
    ch, plan, route = run.ch, run.plan, run.route
    if not ch.has_facts:
        route.append(RouteStep("exact", f"{why}, but the exact channel is not installed"))
        return
    wanted: list[tuple[str, str]] = []  # (entity key, why), in the order the query names them
    entity_line = len(route)  # the caller's entity comes first in the route, said once its read is done
    if plan.entity is not None:
        wanted.append((plan.entity, f"entity {plan.entity!r} given by the caller"))
    for ask in plan.asks:
        found: list[tuple[str, str]] = []
        if ask.as_key:
            found.append((ask.raw, _keyed(ask.raw, plan)))
        found += [(key, f"{ask.kind} {ask.raw!r} matched exactly: {attribute} = {ask.value}")
                  for attribute, key in run.holders.get(ask.value, ()) if attribute in ask.attributes]
        if not found and ask.kind == "key" and plan.reverse is not None:  # "Who drives TRK-204?": under any attribute
            found += [(str(r["key"]), f"{ask.kind} {ask.raw!r} matched exactly: {r['attribute']} = {r['value']}")
                      for r in ch.referrers([(ask.raw, ask.raw)], run.valid_at, run.known_at)]
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
    first = {key: reason for key, reason in reversed(wanted)}  # first reason per key
    profiles = ch.profiles(order, run.valid_at, run.known_at, channel="exact", relations=True,
                           reasons={key: f"exact: {first[key]}; its profile as of valid_at/known_at" for key in order},
                           earlier_word=run.earlier_word, query=plan.query, read=run.read)
    if plan.entity is not None:
        if plan.entity in profiles.found:
            route.insert(entity_line, RouteStep("exact", f"entity {plan.entity!r} given by the caller → read "
                                                         "exactly: its attributes and relations as of valid_at/known_at"))
        else:
            route.insert(entity_line, RouteStep("exact", f"entity {plan.entity!r} given by the caller does not exist "
                                                         "(or is erased, or was not known at known_at)"))
    _said_earlier(run, profiles.found, profiles.earlier, "exact")
    run.hits += profiles.hits


def _said_earlier(run: _Run, found: Sequence[str], added: Sequence[str], channel: str) -> None:
    """The route line for earlier values: asked by which word, and which were added (or that none exist)."""
    if run.earlier_word is None or not found:
        return
    what = ", ".join(added) if added else "none: no value before the current one"
    run.route.append(RouteStep(channel, f"{run.earlier_word!r} asks for earlier values → {runs_asked(run.earlier_word)}: "
                                        f"{what}"))


def _workflows(run: _Run, why: str) -> None:
    """Rule 2: the workflows for the task the question names (or the task_type given)."""
    ch, plan = run.ch, run.plan
    if not ch.has_workflows:
        run.route.append(RouteStep("workflow", f"{why}, but the workflow channel is not installed"))
        return
    found = ch.workflows(plan.intent.task if plan.intent else None, plan.task_type, run.k, reason=f"workflow: {why}")
    names = ", ".join(h.data.get("name", h.ident) for h in found) or "none matched"
    run.route.append(RouteStep("workflow", f"{why} → {names}"))
    run.hits += found


def _session(run: _Run, why: str) -> None:
    """Rule 3: the window first (fresher than any summary), then the summary (its newest k parts).
    Both are read at once; the window still ranks first."""
    ch, route, session = run.ch, run.route, run.plan.session
    assert session is not None  # the rule applies only with a session
    pending = (ch.pool.submit(ch.summary, session, reason=f"summary: what left the window of session {session!r}")
               if ch.has_summary else None)
    if not ch.has_window:
        route.append(RouteStep("window", f"{why}, but the window channel is not installed"))
    else:
        try:
            window = ch.window(session, reason=f"window: latest turns of session {session!r}, fresher than any summary")
        except NotFound:
            route.append(RouteStep("window", f"session {session!r} has no turns yet"))
            if pending is not None:
                pending.result()
            return
        route.append(RouteStep("window", f"{why}: its window first ({len(window)} latest turns)"))
        run.hits += window
    if pending is None:
        route.append(RouteStep("summary", "the summary channel is not installed"))
        return
    summary = sorted(pending.result(), key=lambda h: h.at or datetime.min.replace(tzinfo=UTC), reverse=True)[:run.k]
    route.append(RouteStep("summary", f"then the summary of session {session!r} "
                                      f"({len(summary)} {'part' if len(summary) == 1 else 'parts'})"))
    run.hits += summary


def _semantic(run: _Run, why: str) -> None:
    """Rule 4: semantic search, then the profiles of the entities the hits mention."""
    ch, plan, route = run.ch, run.plan, run.route
    if not ch.has_search:
        route.append(RouteStep("semantic", f"{why}, but the search channel is not installed"))
        return
    pending = run.pending_search
    if pending is None:
        pending = ch.start_search(run.question, run.k, since=plan.time.since, until=plan.time.until)
    found = ch.search_hits(pending, reason=f"semantic: {why}")
    if plan.asks:
        needles = [a.value for a in plan.asks] + [n for a in plan.asks for n in run.spelled.get(a.raw, ())]
        found = [h for h in found if holds_any(h.text, needles, ch.registry)]
        if len(found) < run.k:
            # the question's other words may rank turns without the identifier first (its name, its
            # words): ask for the identifiers alone too, so what holds them exactly is not crowded out
            again = ch.search_hits(ch.start_search(" ".join(needles), run.k, since=plan.time.since,
                                                   until=plan.time.until), reason=f"semantic: {why}")
            seen = {h.ident for h in found}
            found += [h for h in again if h.ident not in seen and holds_any(h.text, needles, ch.registry)][
                :run.k - len(found)]
    route.append(RouteStep("semantic", f"{why} → {len(found)} hits"))
    run.hits += found
    _fact_text(run)
    if not found or not ch.has_facts:
        return
    mentioned = ch.mentioned(found, limit=run.k)
    if not mentioned:
        return
    profiles = ch.profiles(mentioned, run.valid_at, run.known_at, channel="facts",
                           reasons={key: f"current facts: {key} is mentioned by the semantic hits; "
                                         "its profile as of valid_at/known_at" for key in mentioned},
                           earlier_word=run.earlier_word, query=plan.query, read=run.read)
    route.append(RouteStep("facts", "current profile of the entities those hits mention: "
                                    + ", ".join(profiles.found or mentioned)))
    _said_earlier(run, profiles.found, profiles.earlier, "facts")
    run.hits += profiles.hits


def _fact_text(run: _Run) -> None:
    """The entities whose fact values hold the question's words ("Which companies are in Osaka?"): after semantic
    search, or after a session's window when nothing exact was found (its turns hold no fact). An asked identifier
    is matched exactly or not at all, never by its words."""
    run.fact_text_read = True
    if run.ch.has_facts and not run.plan.asks:
        profiled = {str(h.data.get("entity")) for h in run.hits if h.kind in ("fact", "entity")}
        line, hits = fact_text_hits(run.ch, run.question, valid_at=run.valid_at, known_at=run.known_at,
                                    earlier_word=run.earlier_word, skip=profiled)
        run.route += [RouteStep("facts", line)] if line is not None else []
        run.hits += hits


#: The step that runs each rule of `plan.ROUTE`, by the channel the rule names.
_STEPS: Mapping[str, Callable[[_Run, str], None]] = {
    "exact": _exact, "workflow": _workflows, "window": _session, "semantic": _semantic}
