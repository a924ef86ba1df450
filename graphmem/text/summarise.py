"""Extractive, structured summaries of conversation turns. Pure: no I/O, no model, no LLM.

Why extractive: a summary must be cheap enough to compute synchronously while a turn is being
written, deterministic (the same turns give the same summary) and faithful (every sentence it
keeps was said). TextRank (PageRank over a sentence-similarity graph, networkx) picks the central
sentences; sentences carrying identifiers, numbers or dates are kept whatever their rank, because
those are the details an agent needs later and that a paraphrase tends to lose.

The result is structured as docs/design.md asks: core topic, confirmed facts, open items, key entities,
tone and intent, plus a rendered `text` that is embedded and indexed for search.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

import networkx as nx

from graphmem.text import entity_spans as spans
from graphmem.identifiers import DEFAULT_REGISTRY, Registry

#: Small English stop list: words that carry no topic (shared with search's query expansion).
STOPWORDS: frozenset[str] = frozenset("""
a about above after again against all also am an and any are as at be because been before being
below between both but by can could did do does doing done down during each else even ever few for
from further get gets got had has have having he her here hers herself him himself his how i if in
into is it its itself just let like ll me more most much my myself no nor not now of off oh ok okay
on once only or other ought our ours ourselves out over own re really same she should so some still
such than that the their theirs them themselves then there these they this those through to too
under until up us ve very was we well were what when where which while who whom why will with
would yeah yes yet you your yours yourself yourselves s t d m don didn doesn isn wasn aren weren
won wouldn couldn shouldn hasn haven hadn thing things lot lots kind sort one
""".split())

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[]?[A-Z0-9])|\n+")
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*|\d+(?:[.,:/-]\d+)*")
_NUMBER = re.compile(r"\d")
_MONTHS = ("january february march april may june july august september october november december "
           "jan feb mar apr jun jul aug sep sept oct nov dec").split()
_DATE_WORDS = frozenset(_MONTHS) | frozenset(
    "monday tuesday wednesday thursday friday saturday sunday today tomorrow yesterday tonight "
    "week weekend month year morning evening".split())
_OPEN_CUES = re.compile(
    r"\b(will|going to|gonna|plan(?:ning)?|need(?:s)? to|have to|must|should|todo|to-do|pending|"
    r"follow[- ]up|remind|next (?:week|month|time)|tomorrow|later|soon|still waiting|waiting (?:on|to hear)|let me know|can you|"
    r"could you|would you|please)\b", re.IGNORECASE)
_POSITIVE = frozenset("""great good happy glad love loved lovely awesome amazing thanks thank wonderful
excited exciting fantastic nice proud fun enjoy enjoyed beautiful cool perfect appreciate grateful
congrats congratulations yay best""".split())
_NEGATIVE = frozenset("""bad sad angry upset sorry problem issue broken wrong fail failed failure
hate terrible awful worried worry stress stressed stressful difficult hard tough pain lost cancel
cancelled refund complaint disappointed frustrating frustrated annoyed scared""".split())
_URGENT = frozenset("urgent urgently asap immediately emergency critical now quickly".split())
_REQUEST = re.compile(r"\b(can you|could you|would you|please|i need|i want|i'd like|help me)\b", re.IGNORECASE)
_NON_ANSWER = re.compile(
    r"\b(let me (?:check|see|look|find|ask)|i(?:'ll| will) (?:check|look|find out|get back|ask|see)|not sure|"
    r"(?:don'?t|do not) know|no idea|hold on|one (?:moment|sec)|give me a (?:moment|sec|minute))\b", re.IGNORECASE)
_PLAN = re.compile(r"\b(will|going to|gonna|plan(?:ning)?|next (?:week|month|year)|tomorrow)\b", re.IGNORECASE)

MAX_FACTS = 6
MAX_OPEN = 4
MAX_ENTITIES = spans.MAX_ENTITIES
MAX_TOPICS = 3


@dataclass(frozen=True, slots=True)
class Utterance:
    """One turn as the summariser sees it."""

    text: str
    speaker: str | None = None
    seq: int = 0
    at: datetime | None = None


@dataclass(frozen=True)
class StructuredSummary:
    """What a summary holds; `text` is the rendered form that is embedded and searched."""

    core_topic: str
    topics: list[str] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)
    open_items: list[str] = field(default_factory=list)
    entities: list[str] = field(default_factory=list)
    tone: str = "neutral"
    intent: str = "sharing information"
    text: str = ""
    summariser: str = "extractive"


@dataclass(frozen=True, slots=True)
class _Sentence:
    text: str
    speaker: str | None
    order: int
    words: tuple[str, ...]
    turn: int = 0


def content_words(text: str) -> list[str]:
    """Lower-case words minus stop words: what two sentences must share to be similar."""
    return [w for w in (m.group(0).lower().strip("'-") for m in _WORD.finditer(text))
            if w and w not in STOPWORDS and (len(w) > 1 or w.isdigit())]


def split_sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(text) if s and s.strip()]


def has_detail(text: str, registry: Registry = DEFAULT_REGISTRY) -> bool:
    """A sentence carrying an identifier, a number or a date: kept whatever its rank."""
    if _NUMBER.search(text) or registry.find(text):
        return True
    return any(w in _DATE_WORDS for w in (m.group(0).lower() for m in _WORD.finditer(text)))


def _similarity(a: _Sentence, b: _Sentence) -> float:
    """TextRank's overlap measure: shared words over the log lengths (long sentences not favoured)."""
    common = len(set(a.words) & set(b.words))
    if not common or len(a.words) < 2 or len(b.words) < 2:
        return 0.0
    return common / (math.log(len(a.words)) + math.log(len(b.words)))


def rank_sentences(sentences: Sequence[_Sentence]) -> dict[int, float]:
    """PageRank over the sentence-similarity graph; isolated sentences keep the uniform share."""
    graph = nx.Graph()
    graph.add_nodes_from(range(len(sentences)))
    for i in range(len(sentences)):
        for j in range(i + 1, len(sentences)):
            w = _similarity(sentences[i], sentences[j])
            if w > 0:
                graph.add_edge(i, j, weight=w)
    if graph.number_of_edges() == 0:
        return {i: 1.0 / max(1, len(sentences)) for i in range(len(sentences))}
    scores: dict[int, float] = nx.pagerank(graph, weight="weight", max_iter=200, tol=1e-6)
    return scores


def keywords(sentences: Sequence[_Sentence], limit: int = MAX_TOPICS) -> list[str]:
    """TextRank keywords: PageRank over a word co-occurrence graph (window 2 in content words)."""
    graph = nx.Graph()
    for s in sentences:
        ws = [w for w in s.words if not w.isdigit()]
        for a, b in zip(ws, ws[1:]):
            if a != b:
                prev = graph.get_edge_data(a, b, {}).get("weight", 0)
                graph.add_edge(a, b, weight=prev + 1)
        for w in ws:
            graph.add_node(w)
    if graph.number_of_nodes() == 0:
        return []
    if graph.number_of_edges() == 0:
        counts = Counter(w for s in sentences for w in s.words if not w.isdigit())
        return [w for w, _ in counts.most_common(limit)]
    rank = nx.pagerank(graph, weight="weight", max_iter=200, tol=1e-6)
    return [w for w, _ in sorted(rank.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]]


def key_entities(utterances: Sequence[Utterance], registry: Registry = DEFAULT_REGISTRY,
                 limit: int = MAX_ENTITIES) -> list[str]:
    """Identifiers first (exact values matter most), then names, speakers among them unless they are
    role words ("agent"): graphmem.text.entity_spans says why and how."""
    return spans.key_entities([u.text for u in utterances], speakers=[u.speaker for u in utterances],
                              registry=registry, limit=limit)


def _answers(reply: Utterance) -> bool:
    """A reply answers when it states something: not when it only asks back or stalls ("let me check")."""
    return any(not s.endswith("?") and not _NON_ANSWER.search(s) for s in split_sentences(reply.text))


def answered(utterances: Sequence[Utterance]) -> set[tuple[int, str]]:
    """(turn index, question) for each question that a later turn answers.

    Why the first later turn by someone else: that is who a question is put to, and in chat the answer
    rarely repeats the question's words ("How was the weekend?" / "We went hiking!"); so it answers
    when it states something. A reply that only stalls or promises leaves the question open."""
    out: set[tuple[int, str]] = set()
    for i, u in enumerate(utterances):
        questions = [s for s in split_sentences(u.text) if s.endswith("?")]
        if not questions:
            continue
        reply = next((v for v in utterances[i + 1:] if u.speaker is None or v.speaker != u.speaker), None)
        if reply is not None and _answers(reply):
            out.update((i, q) for q in questions)
    return out


def still_open(item: str, context: Sequence[Utterance]) -> bool:
    """False when `item` (a labelled question) was asked in `context` and answered there."""
    closed = answered(context)
    return not any(_labelled(u.speaker, q) == item for i, u in enumerate(context)
                   for q in split_sentences(u.text) if (i, q) in closed)


def tone_of(utterances: Sequence[Utterance]) -> str:
    words = [w.lower() for u in utterances for w in re.findall(r"[A-Za-z']+", u.text)]
    pos = sum(w in _POSITIVE for w in words)
    neg = sum(w in _NEGATIVE for w in words)
    urgent = sum(w in _URGENT for w in words)
    if urgent >= 2 or (urgent and neg):
        return "urgent"
    if pos > neg * 1.5 and pos:
        return "positive"
    if neg > pos * 1.5 and neg:
        return "negative"
    return "mixed" if pos and neg else "neutral"


def intent_of(utterances: Sequence[Utterance]) -> str:
    """The dominant speech act, by cue counts; ties go to the earlier label."""
    counts = {"requesting help": 0, "seeking information": 0, "making plans": 0, "reporting a problem": 0,
              "sharing information": 0}
    for u in utterances:
        text = u.text
        counts["requesting help"] += len(_REQUEST.findall(text))
        counts["seeking information"] += text.count("?")
        counts["making plans"] += len(_PLAN.findall(text))
        counts["reporting a problem"] += sum(w.lower() in _NEGATIVE for w in re.findall(r"[A-Za-z']+", text)) // 2
        counts["sharing information"] += sum(1 for s in split_sentences(text) if not s.endswith("?"))
    best = max(counts.items(), key=lambda kv: kv[1] * (1.0 if kv[0] == "sharing information" else 2.0))
    return best[0] if best[1] else "sharing information"


def _labelled(speaker: str | None, text: str) -> str:
    return f"{speaker}: {text}" if speaker else text


def _label(s: _Sentence) -> str:
    return _labelled(s.speaker, s.text)


def render(summary: StructuredSummary) -> str:
    """The searchable text: topic, facts, open items, entities, tone and intent in plain lines."""
    lines = [f"Topic: {summary.core_topic}" if summary.core_topic else "Topic: (none)"]
    lines += [f"- {f}" for f in summary.facts]
    if summary.open_items:
        lines.append("Open: " + " | ".join(summary.open_items))
    if summary.entities:
        lines.append("Entities: " + ", ".join(summary.entities))
    lines.append(f"Tone: {summary.tone}. Intent: {summary.intent}.")
    return "\n".join(lines)


def summarise(utterances: Sequence[Utterance], *, registry: Registry = DEFAULT_REGISTRY,
              max_facts: int = MAX_FACTS) -> StructuredSummary:
    """A structured extractive summary of turns, in their order.

    Facts are statements (no question, no future/request cue): those with an identifier first, then
    those with a number or date, then the top TextRank ones (up to `max_facts`, shown in spoken order).
    Open items are questions no later turn answered (`answered`) and sentences with future/request
    cues, latest first.
    """
    sentences: list[_Sentence] = []
    for i, u in enumerate(utterances):
        for text in split_sentences(u.text):
            sentences.append(_Sentence(text, u.speaker, len(sentences), tuple(content_words(text)), i))
    if not sentences:
        return StructuredSummary(core_topic="", text="")
    rank = rank_sentences(sentences)
    closed = answered(utterances)
    question = {s.order: s.text.endswith("?") for s in sentences}
    cue = {s.order: bool(_OPEN_CUES.search(s.text)) for s in sentences}
    is_open = {s.order: (s.turn, s.text) not in closed if question[s.order] else cue[s.order] for s in sentences}
    statements = [s for s in sentences if not question[s.order] and not cue[s.order] and s.words
                  and (len(s.words) >= 3 or has_detail(s.text, registry))]
    detailed = [s for s in statements if has_detail(s.text, registry)]
    by_rank = sorted(statements, key=lambda s: (-rank[s.order], s.order))
    chosen: list[_Sentence] = []
    for s in sorted(detailed, key=lambda s: (not registry.find(s.text), -rank[s.order], s.order)) + by_rank:
        if len(chosen) >= max_facts:
            break
        if s not in chosen:
            chosen.append(s)
    facts = [_label(s) for s in sorted(chosen, key=lambda s: s.order)]
    open_items: list[str] = []
    for s in reversed(sentences):
        if len(open_items) >= MAX_OPEN:
            break
        if is_open[s.order] and _label(s) not in facts:
            open_items.append(_label(s))
    topics = keywords(sentences)
    summary = StructuredSummary(
        core_topic=", ".join(topics), topics=topics, facts=facts, open_items=open_items,
        entities=key_entities(utterances, registry), tone=tone_of(utterances), intent=intent_of(utterances),
    )
    return StructuredSummary(**{**summary.__dict__, "text": render(summary)})


def merge(parts: Sequence[StructuredSummary], *, contexts: Sequence[Sequence[Utterance]] | None = None,
          registry: Registry = DEFAULT_REGISTRY) -> StructuredSummary:
    """One view of several chunk summaries of a session (oldest first), without re-reading turns.

    Facts and entities are unions, latest chunks winning when over the cap (they are fresher) except
    for what carries an identifier: a fact naming an order id or an email, and every identifier entity,
    outlive the cap, because those are what an agent must not lose. Open items are every chunk's, latest
    first, minus the questions answered after their chunk ended: `contexts[i]`, when given, holds the
    last turns of chunk i and the turns that followed it (the answer to a chunk's last question is
    usually the next chunk's first turn). Tone and intent are the most common.
    """
    if not parts:
        return StructuredSummary(core_topic="", text="")
    ctx: list[Sequence[Utterance]] = list(contexts or [])
    ctx += [[]] * (len(parts) - len(ctx))
    open_items: list[str] = []
    for p, context in reversed(list(zip(parts, ctx))):
        for item in p.open_items:
            if item not in open_items and (not context or still_open(item, context)):
                open_items.append(item)
    if len(parts) == 1:
        one = parts[0]
        return one if open_items == one.open_items else _rendered(replace(one, open_items=open_items[:MAX_OPEN]))
    topic_votes: dict[str, float] = defaultdict(float)
    for i, p in enumerate(parts):
        for j, t in enumerate(p.topics):
            topic_votes[t] += (len(p.topics) - j) * (1 + i / len(parts))
    topics = [t for t, _ in sorted(topic_votes.items(), key=lambda kv: (-kv[1], kv[0]))[:MAX_TOPICS]]
    facts = _union_latest([p.facts for p in parts], MAX_FACTS * 2, lambda f: bool(registry.find(f)))
    entities = _union_latest([p.entities for p in parts], MAX_ENTITIES, lambda e: spans.is_identifier(e, registry))
    tone = Counter(p.tone for p in parts).most_common(1)[0][0]
    intent = Counter(p.intent for p in parts).most_common(1)[0][0]
    return _rendered(StructuredSummary(core_topic=", ".join(topics), topics=topics, facts=facts,
                                       open_items=open_items[:MAX_OPEN], entities=entities, tone=tone,
                                       intent=intent, summariser="+".join(sorted({p.summariser for p in parts}))))


def _rendered(summary: StructuredSummary) -> StructuredSummary:
    return replace(summary, text=render(summary))


def _union_latest(lists: Sequence[Sequence[str]], cap: int, keep: Callable[[str], bool]) -> list[str]:
    """The union of the lists within `cap`: what `keep` says first, then the latest; in first-said order."""
    out: list[str] = []
    for items in reversed(lists):
        for x in items:
            if x not in out:
                out.append(x)
    kept = [x for x in out if keep(x)][:cap]
    kept += [x for x in out if not keep(x)][:cap - len(kept)]
    order = {x: i for i, x in enumerate(x for items in lists for x in items)}
    return sorted(kept, key=lambda x: order[x])
