"""The router's rules, pure: what a question asks for, and which channels a recall asks, in which order,
and why.

Everything here is deterministic and explained: every rule that fires leaves a sentence in the route.
No I/O: `graphmem.recall.run` runs the channels, this module decides. "Now" and the namespace's known
entity keys arrive as arguments.

The rules (docs/design.md, "Router") are the rows of `ROUTE`, read top to bottom:
1. identifiers in the query (the `graphmem.identifiers` registry; entity keys known in the
   namespace) or an entity given go to the exact channel; a hit ends the search for that identifier;
2. "how do I / steps to / procedure for" intent (English and Chinese, `detect_intent`) or a task_type go to
   workflows;
3. a session reads its window first (fresher than any summary), then its summary;
4. otherwise (or when nothing above found anything) semantic search over summaries and turns, then
   the current profile of the entities those hits mention.
Time words set valid_at and/or a since/until range (`graphmem.recall.timewords`).
The question is read once, here: `classify` makes the `Plan` (identifiers, time words, intent, the word asking
for earlier values, a reverse question's attribute words and values, a pronoun, whether it asks about a name,
its words for attribute matching), and the steps after it read the plan, never the question. Names need the
namespace: recall resolves them through the exact channel and makes the plan again with their keys in their
place (`question` keeps the words as asked, the time words stay as first read: `time_beside_names`).
Before the table, a key question ("what is the plan of customer C-17?", "what was C-17's phone on 3 March
2024?") is tried on its own: `fast_keys` says which keys to read, `key_answer` whether that one read
answers it alone; if it does, no other channel is asked (`graphmem.recall.run`), else the table runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from functools import lru_cache
from typing import Any

from graphmem.identifiers import DEFAULT_REGISTRY, Registry, find_identifiers, key_tokens, mentions
from graphmem.recall.attributes import POINTERS, SYNONYMS, attribute_words, reverse_ask
from graphmem.recall.attributes import words as attribute_said
from graphmem.recall.merge import asks_earlier, named_attributes
from graphmem.recall.timewords import TimeScope, extract_time, phrase_spans


# --- procedural intent ------------------------------------------------------------------------------------
# Whether a question asks how to do something, and about which task. Such a question is answered by a
# workflow first (the workflow rule), so the phrases are deliberately narrow: "how do I", "steps to", "walk me
# through" and their Chinese forms, never "how" alone ("how old is she" is not a procedure).
_INTENT_EN = re.compile(
    r"\bhow\s+(?:do|can|could|should|would|shall)\s+(?:i|we|you|one|they|agents?)\b"
    r"|\bhow\s+to\b|\bhow\s+is\s+\w+\s+done\b"
    r"|\b(?:what\s+(?:are|is)\s+the\s+)?(?:steps?|procedures?|process|workflow|instructions?)\s+(?:to|for|of|on)\b"
    r"|\bwhat\s+(?:are|is)\s+the\s+(?:steps|procedure|process|workflow)\b"
    r"|\bwalk\s+me\s+through\b", re.IGNORECASE)
_INTENT_ZH = re.compile(r"怎么|怎样|如何|步骤|流程|操作方法|办理方法|教我")
_LEAD_FILLER = re.compile(r"^(?:\s|to\b|for\b|of\b|on\b|a\b|an\b|the\b|做|才能|能|可以|去|来|进行|办理|[，,：:])+",
                          re.IGNORECASE)
_TRAIL_PUNCT = re.compile(r"[\s?？!！.。,，；;：:]+$")
_ZH_FILLER = re.compile(r"的|是什么|是啥|有哪些|是怎样的|呢|吗|请问|一下")


@dataclass(frozen=True, slots=True)
class Intent:
    """A "how do I" question: the phrase that said so and the task it asks about."""

    phrase: str
    task: str


def detect_intent(query: str) -> Intent | None:
    """The procedural intent of a query, in English or Chinese, or None.

    The task is what remains once the phrase and its filler words are removed, so that the workflow
    channel matches "refund an order" rather than "how do I refund an order?".
    """
    m = _INTENT_EN.search(query) or _INTENT_ZH.search(query)
    if m is None:
        return None
    rest = (query[:m.start()] + " " + query[m.end():]).strip()
    rest = _TRAIL_PUNCT.sub("", _LEAD_FILLER.sub("", _ZH_FILLER.sub(" ", rest))).strip()
    rest = " ".join(rest.split())
    return Intent(phrase=m.group(0), task=rest or _TRAIL_PUNCT.sub("", query).strip())


# --- the question's asks ------------------------------------------------------------------------------------
def candidate_keys(query: str, registry: Registry = DEFAULT_REGISTRY, limit: int = 64) -> list[str]:
    """Tokens of the query that could be entity keys, to check against the namespace in one query
    (`identifiers.mentions`: the same answer turn ingestion links MENTIONS with)."""
    return mentions(query, registry, limit=limit)


@dataclass(frozen=True, slots=True)
class Ask:
    """One identifier to resolve exactly: under which attributes to look its value up, or as a key."""

    raw: str
    kind: str
    value: str  # normalised as the registry stores it
    attributes: tuple[str, ...] = ()
    as_key: bool = False
    start: int = 0
    end: int = 0


def find_asks(query: str, *, registry: Registry = DEFAULT_REGISTRY,
              known_keys: Iterable[str] = ()) -> list[Ask]:
    """Every identifier in the query (registry kinds, then known entity keys), in query order."""
    known = set(known_keys)
    asks: list[Ask] = []
    taken: list[tuple[int, int]] = []
    for f in find_identifiers(query, registry):
        kind = next(k for k in registry.kinds if k.name == f.kind)
        asks.append(Ask(f.raw, f.kind, f.value, tuple(sorted(kind.attributes)), f.raw in known, f.start, f.end))
        taken.append((f.start, f.end))
    for tok, start, end in key_tokens(query):
        if tok in known and not any(start < e and s < end for s, e in taken):
            asks.append(Ask(tok, "entity_key", tok, (), True, start, end))
            taken.append((start, end))
    return sorted(asks, key=lambda a: a.start)


@dataclass(frozen=True, slots=True)
class Plan:
    """What a recall will ask, decided before any channel runs."""

    query: str
    asks: tuple[Ask, ...]
    intent: Intent | None
    task_type: str | None
    session: str | None
    entity: str | None
    time: TimeScope
    valid_at: datetime | None  # the instant facts are read at (explicit, else time words, else None=now)
    known_at: datetime | None
    notes: tuple[str, ...] = ()
    # what the steps after the plan need of the question as asked (they never read it again):
    question: str = ""  # as asked (`query` has keys in its names' place); the text semantic search embeds
    words: tuple[str, ...] = ()  # its words for attribute matching (`attributes.words`)
    earlier_word: str | None = None  # the word asking for earlier values ("before", "previous"), outside time words
    reverse: tuple[tuple[str, ...], tuple[str, ...]] | None = None  # a reverse question's (attribute names, values)
    pronoun: str | None = None  # "her", "his": the entity a session named last, when it names no one
    asks_name: bool = False  # it asks about a name itself ("What was Fabrikam called before?")

    @property
    def wants_workflow(self) -> bool:
        return self.intent is not None or self.task_type is not None

    @property
    def semantic_first(self) -> bool:
        """Rule 4: nothing else to go on, so semantic search is the route (not merely a fallback)."""
        return not self.asks and not self.wants_workflow and self.session is None and self.entity is None


#: a pronoun by which a question in a session may mean the entity the session named last
_PRONOUN = re.compile(r"\b(?:(her|hers|his|him|she|he|they|them|their|theirs|its)\b|(?<![Tt]ime is )(?-i:(?<![\w'’])[Ii]t)"
                      r"(?![\w'’])(?!\s+(?:is|was|seems|looks|sounds|too|possible|ok|okay|true|worth|likely|necessary)\b))",
                      re.IGNORECASE)  # "it", but not "IT", "it is", "what time is it", "is it too late"
#: words by which a question asks about a name itself ("What was Fabrikam called before?", "its old name")
_NAME_WORDS = re.compile(r"\b(?:called|named|name|names|renamed|known\s+as)\b", re.IGNORECASE)


def classify(query: str, *, now: datetime, registry: Registry = DEFAULT_REGISTRY,
             known_keys: Iterable[str] = (), session: str | None = None, entity: str | None = None,
             task_type: str | None = None, valid_at: datetime | None = None,
             known_at: datetime | None = None, time: TimeScope | None = None, question: str | None = None) -> Plan:
    """Apply the rules to a query: the one reading of the question. Explicit `valid_at`/`known_at` win over
    time words; `time`: the question's time words as already read, and `question`: the question as asked, when
    `query` is its keyed form (recall reads the time words once, from the question as asked)."""
    asked = query if question is None else question
    asks = find_asks(query, registry=registry, known_keys=known_keys)
    scope = extract_time(query, now=now, mask=[(a.start, a.end) for a in asks]) if time is None else time
    notes = []
    if scope.phrases:
        notes.append(scope.explain())
        if valid_at is not None and scope.valid_at is not None:
            notes.append("valid_at given by the caller wins over the time words")
        if known_at is not None and scope.known_at is not None:
            notes.append("known_at given by the caller wins over the time words")
    return Plan(query=query, asks=tuple(asks), intent=detect_intent(query), task_type=task_type or None,
                session=session or None, entity=entity or None, time=scope,
                valid_at=valid_at if valid_at is not None else scope.valid_at,
                known_at=known_at if known_at is not None else scope.known_at, notes=tuple(n for n in notes if n),
                question=asked, **_reading(asked, scope.phrases))


@lru_cache(maxsize=1024)
def _reading(question: str, time_phrases: tuple[str, ...]) -> dict[str, Any]:
    """The plan's readings of the question as asked (the same for its first plan and its keyed one: cached)."""
    reverse = reverse_ask(question, time_phrases)
    return {"words": tuple(attribute_said(question)), "earlier_word": asks_earlier(question, time_phrases),
            "reverse": None if reverse is None else (tuple(reverse[0]), tuple(reverse[1])),
            "pronoun": m[0] if (m := _PRONOUN.search(question)) else None,
            "asks_name": bool(_NAME_WORDS.search(question))}


def time_beside_names(query: str, plan: Plan, names: Sequence[tuple[int, int]], *, now: datetime) -> TimeScope:
    """The question's time words once its names are known (`names`: their spans): as first read, unless a
    name holds or touches one of the phrases ("May Chen", "April Ludgate"), which is then read again with the
    names masked. Never read from the keyed question: a key put in a name's place is no time word ("2024")."""
    spans = phrase_spans(query, plan.time.phrases)
    if not any(start <= e and s <= end for s, e in spans for start, end in names):
        return plan.time
    return extract_time(query, now=now, mask=[*names, *((a.start, a.end) for a in plan.asks)])


def with_known_keys(plan: Plan, *, registry: Registry = DEFAULT_REGISTRY, known_keys: Iterable[str]) -> Plan:
    """The plan once the namespace has said which query tokens are entity keys (rule 1)."""
    known = set(known_keys)
    if not known:
        return plan
    return replace(plan, asks=tuple(find_asks(plan.query, registry=registry, known_keys=known)))


# --- the routing table ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Rule:
    """One row of the routing table: the channel it asks, when, and the reason the route gives.

    `when` sees the plan and whether the channels asked before it found anything: the table is read top
    to bottom while the channels run, which is how rule 4 also serves as the fallback.
    """

    channel: str
    when: Callable[[Plan, bool], bool]
    reason: Callable[[Plan], str]


def _workflow_reason(plan: Plan) -> str:
    if plan.intent is not None:
        return f"procedural intent {plan.intent.phrase!r} (task {plan.intent.task!r})"
    return f"task_type {plan.task_type!r} given"


def _exact_reason(plan: Plan) -> str:
    if plan.asks and plan.entity is not None:
        return "identifiers in the query, and an entity given by the caller"
    return "identifiers in the query" if plan.asks else "an entity given by the caller"


def _semantic_reason(plan: Plan) -> str:
    if plan.semantic_first:
        why = "no identifier, no procedural intent, no session: fell back to semantic search over summaries and turns"
    else:
        why = "the chosen channels found nothing: fell back to semantic search over summaries and turns"
    if plan.asks:  # semantic search with identifiers asked means none of them was found
        why += ", keeping only hits that contain the asked identifier exactly"
    if plan.time.since is not None or plan.time.until is not None:
        why += " within the time range of the query"
    return why


#: The rules in the order they are read. The window rule goes on to the session's summary, the semantic
#: rule to the current profile of the entities its hits mention ("facts").
ROUTE: tuple[Rule, ...] = (
    Rule("exact", lambda plan, found: bool(plan.asks) or plan.entity is not None,
         _exact_reason),
    Rule("workflow", lambda plan, found: plan.wants_workflow, _workflow_reason),
    Rule("window", lambda plan, found: plan.session is not None, lambda plan: f"session {plan.session!r} given"),
    Rule("semantic", lambda plan, found: plan.semantic_first or not found, _semantic_reason),
)


# --- key questions: the exact channel alone answers them ------------------------------------------------
#: identifier kinds that may name an entity key: the registry's key shape, and keys known in the namespace
KEY_KINDS = frozenset({"key", "entity_key"})
#: the words a key question may hold besides its key, the attributes it names, the entity's type and name,
#: and its time words: "what is the plan of customer C-17?", "what was C-17's phone on 3 March 2024?",
#: "who is C-17?", "tell me about C-17". The words that named an attribute ("live", "based", "where") go too
#: (`_naming_words`). Any other word ("become", "work", "lived", "complain") may ask more than
#: the entity's attributes, and the question takes the full route. Deliberately short and English only.
FILLER = frozenset("""
    what whats what's which who whos who's is was are were be been the a an and of for about on at as in by to
    s its his her their current currently now value values tell me show give describe do does did we you i
    know customer user entity has have got can could would please pls
""".split())
_KEYLIKE = re.compile(r"(?=.*\d)(?=.*[^\W\d_])")  # a letter and a digit: "cust-1042", "acct9"
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")


def fast_keys(plan: Plan, earlier_word: str | None = None, candidates: Iterable[str] = ()) -> tuple[str, ...]:
    """The entity keys to read when the question may be a key question, () when it cannot be one.

    A key question names entity keys only (the caller's entity, or identifiers of a key kind: phones,
    emails and other values are looked up under attributes, which the full route does), asks no procedure,
    gives no session, and reads one point in time (no "since", no earlier value: those need the timeline).
    With no identifier in the query, `candidates` (the tokens that could be entity keys: `candidate_keys`)
    are read when one holds letters and digits ("cust-1042", not "2024"): all of them, so the read also says
    which tokens are keys (the full route's resolve is skipped), and the search is not started beside it.
    Whether it really is one is decided once the keys are read (`key_answer`). A key-shaped identifier is
    read as a key only: entities holding it as a value (an `order_id`) are looked up by the full route.
    """
    if plan.wants_workflow or plan.session is not None or earlier_word is not None:
        return ()
    if plan.time.since is not None and plan.time.valid_at is None:  # "since March": a history, not a point
        return ()
    if any(a.kind not in KEY_KINDS for a in plan.asks):
        return ()
    keys = ([plan.entity] if plan.entity is not None else []) + [a.raw for a in plan.asks]
    tokens = list(candidates)
    if not plan.asks and any(_KEYLIKE.search(t) for t in tokens):
        keys += tokens
    return tuple(dict.fromkeys(keys))


@dataclass(frozen=True, slots=True)
class KeyAnswer:
    """A key question the exact read answers alone: its keys, and the attributes it names (() = the
    whole entity is asked: its profile and relations)."""

    keys: tuple[str, ...]
    attributes: tuple[str, ...]

    def explain(self) -> str:
        what = (", ".join(self.attributes) + " of " if self.attributes else "the whole entity ") + ", ".join(self.keys)
        return (f"key question: {what} read exactly as of valid_at/known_at in one round trip; "
                "the exact channel answers it alone, so the semantic channels were not asked")


def key_answer(plan: Plan, found: Mapping[str, tuple[str | None, str | None, Collection[str]]],
               earlier_word: str | None = None, *, registry: Registry = DEFAULT_REGISTRY) -> KeyAnswer | None:
    """Whether the exact read answers the question alone, given what it found: key -> (type, name,
    attributes with a value then). None (the full route runs) unless every asked key is an entity then
    (with no identifier in the query: the tokens found to be keys are the asked keys), and the question,
    once its keys, time words, the attributes it names, the entities' types and names and the `FILLER`
    words are taken out, has nothing left."""
    if not plan.asks:
        plan = with_known_keys(plan, registry=registry, known_keys=[k for k in found if k != plan.entity])
    keys = fast_keys(plan, earlier_word)
    if not keys or any(key not in found for key in keys):
        return None
    present = {a for _, _, attributes in found.values() for a in attributes}
    # named as written ("plan", "order id"), in another inflection or by a word of the table ("Where does Maria
    # Lopez live?": city): the words that named them say nothing more
    named = named_attributes(plan.query, present) | set(attribute_words(plan.words, present))
    bare = [w.removesuffix("'s").removesuffix("’s") for w in plan.words]  # "manager's"
    pointing = [w for w in bare if w in POINTERS or any(a in POINTERS for a in SYNONYMS.get(w, ()))]
    if (named & POINTERS and named - POINTERS) or len(pointing) > 1:
        return None  # "the phone of C-17's manager", "C-17's manager's manager": another entity's attribute
    text = plan.query
    for ask in sorted(plan.asks, key=lambda a: a.start, reverse=True):
        text = text[:ask.start] + " " + text[ask.end:]
    for phrase in plan.time.phrases:
        text = text.replace(phrase, " ")
    low = text.lower()
    for attribute in named:
        low = re.sub(r"(?<![\w-])" + re.escape(attribute.lower()).replace("_", "[ _]") + r"(?![\w-])", " ", low)
    known = set(FILLER) | _naming_words(plan.words, named)
    for type_, name, _ in found.values():
        known.update(w.lower() for w in _WORD.findall(f"{type_ or ''} {name or ''}"))
    rest = [w for w in _WORD.findall(low) if w not in known and w.split("'")[0].split("’")[0] not in known]
    if rest:
        return None
    return KeyAnswer(keys, tuple(sorted(named)))


#: the words of the table that name an attribute as a noun or a place ("Where does Maria live?"); never a verb
#: with a direction ("who does C-17 manage?", "who did C-17 call?"), an event ("has C-17 moved?") or a past that
#: asks for a history ("Where has C-17 lived?"); plurals ask for several values: the full route reads them
_NAMING = frozenset("""live lives living based located reside resides residing where manager owner employer phone
    mobile telephone cell email e-mail mail birthday born job role title position occupation plan subscription
    tier""".split())
_PHONE_WORDS = frozenset({"phone", "mobile", "telephone", "cell"})


def _naming_words(said: Sequence[str], named: Collection[str]) -> set[str]:
    """The question's words that named one of `named` (the attributes the fast path answers): one of its parts
    ("account manager"), a noun or place word of the table pointing at it ("live", "based", "where"), "number"
    after "phone" (not "the account number")."""
    parts = {p for a in named for p in a.lower().split("_") if p}
    out = set()
    for i, w in enumerate(said):
        if w in parts or (w in _NAMING and any(a in named for a in SYNONYMS.get(w, ()))):
            out.add(w)
        elif w == "number" and i and said[i - 1] in _PHONE_WORDS:
            out.add(w)
    return out
