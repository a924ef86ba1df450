"""The memory router's rules, pure: which channels a recall asks, in which order, and why; the time a
query speaks about; how results from several channels merge; and the token budget cut.

Everything here is deterministic and explained: every rule that fires leaves a sentence in the
route, every result carries the rule that produced it. No I/O: `graphmem.recall` runs the channels,
this module decides. "Now" and the namespace's known entity keys arrive as arguments.

Rules (DESIGN.md, "Router"):
1. identifiers in the query (the `graphmem.identifiers` registry; entity keys known in the
   namespace) go to the exact channel; a hit ends the search for that identifier;
2. "how do I / steps to / procedure for" intent (English and Chinese) or a task_type go to workflows;
3. a session reads its window first (fresher than any summary), then its summary;
4. otherwise semantic search over summaries and turns, then the current profile of the entities
   those hits mention.
Time words ("as of 2026-03-01", "last week", "in March", "去年", "上周") set valid_at and/or a
since/until range; they are found by dateparser, relative to the given `now`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from graphmem.identifiers import DEFAULT_REGISTRY, Found, Registry
from graphmem.instants import UTC, format_instant

# --- tiers: the merge order ------------------------------------------------------------------------
#: exact > workflow > window > current facts > summaries > turns. Workflows sit right after exact hits:
#: when the caller asks how to do something, the procedure is the answer, the conversation is context.
TIER_EXACT, TIER_WORKFLOW, TIER_WINDOW, TIER_FACTS, TIER_SUMMARY, TIER_TURN = range(6)
_TIER_BY_CHANNEL = {"exact": TIER_EXACT, "workflow": TIER_WORKFLOW, "window": TIER_WINDOW,
                    "facts": TIER_FACTS, "summary": TIER_SUMMARY}


def tier(channel: str, kind: str) -> int:
    """Where a result ranks: by its channel, and for semantic search by what it found."""
    if channel == "semantic":
        return TIER_SUMMARY if kind == "summary" else TIER_TURN
    return _TIER_BY_CHANNEL.get(channel, TIER_TURN)


# --- workflow intent ---------------------------------------------------------------------------------
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
    """The procedural intent of a query, in English or Chinese, or None."""
    m = _INTENT_EN.search(query) or _INTENT_ZH.search(query)
    if m is None:
        return None
    rest = (query[:m.start()] + " " + query[m.end():]).strip()
    rest = _TRAIL_PUNCT.sub("", _LEAD_FILLER.sub("", _ZH_FILLER.sub(" ", rest))).strip()
    rest = " ".join(rest.split())
    return Intent(phrase=m.group(0), task=rest or _TRAIL_PUNCT.sub("", query).strip())


# --- time words ---------------------------------------------------------------------------------------
_MONTHS = (r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?"
           r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?")
#: cheap gate before dateparser (which costs milliseconds and sees dates in "we" or in phone numbers);
#: a span dateparser finds is kept only if it matches this too.
_TIMEISH = re.compile(
    r"\d{4}-\d{1,2}|\d{1,2}/\d{1,2}|\b(?:19|20)\d{2}\b|\b(?:" + _MONTHS + r")\b"
    r"|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b"
    r"|\b(?:today|yesterday|tonight|ago|days?|weeks?|months?|years?|weekend|fortnight)\b"
    r"|年|月|周|星期|礼拜|昨|今天|今年|本周|前天|去年|\d+\s*[日号天]", re.IGNORECASE)
_BARE_MONTH = re.compile(r"^(?:" + _MONTHS + r")$", re.IGNORECASE)
_MONTH_PREPS = {"in", "since", "until", "till", "before", "after", "during", "from", "by", "of", "to", "and",
                "through", "early", "late", "mid", "last", "this", "next"}
_LEAD_PREPS = {"of", "in", "on", "at", "from", "since", "until", "till", "to", "before", "after", "by",
               "during", "as", "and", "between"}
_AS_OF = re.compile(r"(?:\bas\s+(?:of|at)|截至|截止到?)\s*$", re.IGNORECASE)
_KNOWN = re.compile(r"\b(?:known|believed|recorded|thought)\s+(?:as\s+of|on|at|in|by)?\s*$", re.IGNORECASE)
_SINCE = re.compile(r"(?:\b(?:since|after|from|between)|自从?|从)\s*$", re.IGNORECASE)
_SINCE_AFTER = re.compile(r"^\s*(?:日|号)?\s*(?:以来|之后|以后|起)")
_UNTIL = re.compile(r"(?:\b(?:until|till|before|up\s+to|and|to|through)|直到|到)\s*$", re.IGNORECASE)
_BEFORE = re.compile(r"(?:\bbefore)\s*$", re.IGNORECASE)
_UNTIL_AFTER = re.compile(r"^\s*(?:日|号)?\s*(?:之前|以前)")
_TICK = timedelta(microseconds=1)
_SEARCH_LANGUAGES = ["en", "zh"]


@dataclass(frozen=True, slots=True)
class TimeScope:
    """What a query says about time: a point to read facts at, a range to search, and the words."""

    valid_at: datetime | None = None
    known_at: datetime | None = None
    since: datetime | None = None
    until: datetime | None = None  # inclusive, like the search contract
    phrases: tuple[str, ...] = ()

    def explain(self) -> str:
        parts = [f"{name}={format_instant(v)}" for name, v in
                 (("valid_at", self.valid_at), ("known_at", self.known_at),
                  ("since", self.since), ("until", self.until)) if v is not None]
        words = ", ".join(repr(p) for p in self.phrases)
        return f"time words {words} set {', '.join(parts)}" if parts else ""


def _period(start: datetime, period: str) -> tuple[datetime, datetime]:
    """The half-open period a parsed date stands for ("last week" is that whole week)."""
    day = start.replace(hour=0, minute=0, second=0, microsecond=0)
    if period == "time":
        return start, start + _TICK
    if period == "week":
        monday = day - timedelta(days=day.weekday())
        return monday, monday + timedelta(days=7)
    if period == "month":
        first = day.replace(day=1)
        nxt = first.replace(year=first.year + 1, month=1) if first.month == 12 else first.replace(month=first.month + 1)
        return first, nxt
    if period == "year":
        first = day.replace(month=1, day=1)
        return first, first.replace(year=first.year + 1)
    return day, day + timedelta(days=1)


def _dateparser_settings(now: datetime) -> dict[str, Any]:
    return {"RELATIVE_BASE": now.astimezone(UTC).replace(tzinfo=None), "PREFER_DATES_FROM": "past",
            "TIMEZONE": "UTC", "TO_TIMEZONE": "UTC", "RETURN_AS_TIMEZONE_AWARE": True}


def _split_span(span: str) -> tuple[str, str]:
    """("of 2026-03-01") → ("of", "2026-03-01"): prepositions dateparser folded into its span."""
    words = span.split()
    i = 0
    while i < len(words) - 1 and words[i].lower() in _LEAD_PREPS:
        i += 1
    return " ".join(words[:i]), " ".join(words[i:])


_TAIL_OK = re.compile(r"\d|^(?:am|pm|a\.m\.|p\.m\.|noon|midnight|morning|afternoon|evening|night|ago|"
                      r"o'clock|utc|gmt)$|[日号点天前后年月周]$", re.IGNORECASE)


def _parse_period(text: str, found: datetime, parser: Any) -> tuple[str, datetime, datetime]:
    """The words and period of a span (one dateparser call in the usual case). dateparser's search
    sweeps in trailing words ("on 2026-02-01 about the"): words that cannot end a time expression
    are dropped first; if what is left does not parse, the whole span is tried, then `found`."""
    words = text.split()
    core = list(words)
    while len(core) > 1 and not (_TAIL_OK.search(core[-1]) or _TIMEISH.search(core[-1])):
        core.pop()
    for candidate in dict.fromkeys((" ".join(core), text)):
        data = parser.get_date_data(candidate)
        if data.date_obj is not None:
            has_time = "time" in (data.parts or ()) and data.date_obj.time() != datetime.min.time()
            return candidate, *_period(data.date_obj.astimezone(UTC), "time" if has_time else data.period or "day")
    return text, *_period(found, "time" if found.time() != datetime.min.time() else "day")


def extract_time(query: str, *, now: datetime, mask: Iterable[tuple[int, int]] = ()) -> TimeScope:
    """The time a query speaks about, relative to `now`.

    `mask` lists spans (identifiers) that must not be read as dates: "138-0000-1234" is a phone,
    not a day. "as of X" sets valid_at to X; "known on X" sets known_at; "since/after X" and
    "until/before X" bound a range; a period ("last week", "in March", "去年") sets the range to that
    period and valid_at to its last instant (never after now), so facts are read as they stood then.
    """
    from dateparser.date import DateDataParser  # import on use: it loads locale data
    from dateparser.search import search_dates

    chars = list(query)
    for s, e in mask:
        chars[s:e] = " " * (e - s)
    text = "".join(chars)
    if not _TIMEISH.search(text):
        return TimeScope()
    settings = _dateparser_settings(now)
    found = search_dates(text, languages=_SEARCH_LANGUAGES, settings=settings) or []
    parser = DateDataParser(languages=_SEARCH_LANGUAGES, settings=settings)
    now = now.astimezone(UTC)
    valid_at = known_at = since = until = None
    phrases: list[str] = []
    cursor = 0
    for span, when in found:
        start_at = text.find(span, cursor)
        if start_at < 0:
            continue
        cursor = start_at + len(span)
        lead, core = _split_span(span)
        if not _TIMEISH.search(core):
            continue  # "we" (Wednesday), "sat" ...
        before = (text[:start_at] + " " + lead).rstrip()
        after = text[cursor:]
        if _BARE_MONTH.match(core) and (not before.split() or before.split()[-1].lower() not in _MONTH_PREPS):
            continue  # "May I get a refund?"
        words, start, end = _parse_period(core, when.astimezone(UTC), parser)
        last = min(end - _TICK, now) if start <= now else end - _TICK
        trigger = next((m.group(0).strip() for rx in (_KNOWN, _AS_OF, _BEFORE, _UNTIL, _SINCE)
                        if (m := rx.search(before)) is not None), lead)
        phrases.append(" ".join(f"{trigger} {words}".split()))
        if end - start == _TICK:  # a precise instant ("10 am yesterday") is a point, not a range
            if _KNOWN.search(before):
                known_at = known_at or start
            else:
                valid_at = valid_at or start
        elif _KNOWN.search(before):
            known_at = known_at or start
        elif _AS_OF.search(before):
            valid_at = valid_at or start
        elif _BEFORE.search(before) or _UNTIL_AFTER.match(after):
            until = until or start - _TICK
        elif _UNTIL.search(before) and (since is not None or not before.endswith(("and", "to"))):
            until = until or end - _TICK
        elif _SINCE.search(before) or _SINCE_AFTER.match(after):
            since = since or start
        else:
            since, until = since or start, until or end - _TICK
            valid_at = valid_at or last
    if valid_at is None and until is not None:
        valid_at = min(until, now)  # "before March": facts as they stood just before
    return TimeScope(valid_at, known_at, since, until, tuple(phrases))


# --- identifiers and known keys -------------------------------------------------------------------------
_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:@/+-]*[A-Za-z0-9]|[A-Za-z0-9]{2,}")


def candidate_keys(query: str, registry: Registry = DEFAULT_REGISTRY, limit: int = 64) -> list[str]:
    """Tokens of the query that could be entity keys, to check against the namespace in one query."""
    seen: dict[str, None] = {}
    for f in find_identifiers(query, registry):
        seen.setdefault(f.raw, None)
    for m in _TOKEN.finditer(query):
        tok = m.group(0)
        if 2 <= len(tok) <= 128:
            seen.setdefault(tok, None)
    return list(seen)[:limit]


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


_CJK = re.compile(r"[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\u3000-\u303f]")
_ISO_DATE = re.compile(r"^(?:19|20)\d{2}([-./])(?:0?[1-9]|1[0-2])\1(?:0?[1-9]|[12]\d|3[01])$")


def find_identifiers(query: str, registry: Registry = DEFAULT_REGISTRY) -> list[Found]:
    """The registry's identifiers, also when written against Chinese text, and never an ISO date.

    The registry's patterns refuse a match next to a word character, and CJK characters are word
    characters, so "用户138-0000-1234的" would hide the phone: CJK characters are blanked first
    (one character each, so spans stay valid). "2026-03-01" has the shape of a phone number; it
    is a date here.
    """
    blanked = _CJK.sub(" ", query)
    return [f for f in registry.find(blanked) if not (f.kind == "phone" and _ISO_DATE.match(f.raw))]


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
    for m in _TOKEN.finditer(query):
        tok = m.group(0)
        if tok in known and not any(m.start() < e and s < m.end() for s, e in taken):
            asks.append(Ask(tok, "entity_key", tok, (), True, m.start(), m.end()))
            taken.append((m.start(), m.end()))
    return sorted(asks, key=lambda a: a.start)


# --- the plan -------------------------------------------------------------------------------------------
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

    @property
    def wants_workflow(self) -> bool:
        return self.intent is not None or self.task_type is not None

    @property
    def semantic_first(self) -> bool:
        """Rule 4: nothing else to go on, so semantic search is the route (not merely a fallback)."""
        return not self.asks and not self.wants_workflow and self.session is None and self.entity is None


def classify(query: str, *, now: datetime, registry: Registry = DEFAULT_REGISTRY,
             known_keys: Iterable[str] = (), session: str | None = None, entity: str | None = None,
             task_type: str | None = None, valid_at: datetime | None = None,
             known_at: datetime | None = None) -> Plan:
    """Apply the rules to a query. Explicit `valid_at`/`known_at` win over time words."""
    asks = find_asks(query, registry=registry, known_keys=known_keys)
    scope = extract_time(query, now=now, mask=[(a.start, a.end) for a in asks])
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
                known_at=known_at if known_at is not None else scope.known_at, notes=tuple(n for n in notes if n))


# --- results and the merge ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Hit:
    """One result: what a channel found, why it was asked, and what orders it."""

    channel: str
    kind: str  # fact | relation | entity | workflow | turn | summary
    text: str
    reason: str
    ident: str  # identity across channels: one fact value, one turn, one summary ...
    at: datetime | None = None  # orders hits within a tier, newest first
    score: float | None = None
    group: int = 0  # exact hits keep the order of the identifiers in the query
    data: Mapping[str, Any] = field(default_factory=dict)


def visible(data: Mapping[str, Any], valid_at: datetime, known_at: datetime | None) -> bool:
    """A fact version counts only if valid at valid_at and believed at known_at (half-open intervals);
    known_at None means believed now: the version has not been superseded."""
    vf, vt, tt, te = (data.get(k) for k in ("valid_from", "valid_to", "txn_time", "txn_end"))
    if not ((vf is None or vf <= valid_at) and (vt is None or valid_at < vt)):
        return False
    if known_at is None:
        return te is None
    return (tt is None or tt <= known_at) and (te is None or known_at < te)


def merge(hits: Iterable[Hit], *, valid_at: datetime, known_at: datetime | None) -> list[Hit]:
    """Order and de-duplicate results from every channel.

    Tier first (exact > workflow > window > current facts > summaries > turns), then the identifier
    order for exact hits, then time, newest first. A result found twice keeps its best tier. A fact
    or relation version not visible at (valid_at, known_at) is dropped, so a stale version can never
    outrank, or even accompany, the current one.
    """
    best: dict[str, Hit] = {}
    for h in hits:
        if h.kind in ("fact", "relation") and not visible(h.data, valid_at, known_at):
            continue
        prev = best.get(h.ident)
        if prev is None or _rank(h) < _rank(prev):
            best[h.ident] = h
    return sorted(best.values(), key=_rank)


def _rank(h: Hit) -> tuple[int, int, float, float, str]:
    ts = -h.at.timestamp() if h.at is not None else float("inf")
    return (tier(h.channel, h.kind), h.group, ts, -(h.score or 0.0), h.ident)


# --- the prompt-ready context -------------------------------------------------------------------------------
def render_context(hits: Iterable[Hit], *, budget_tokens: int | None,
                   count_tokens: Callable[[str], int]) -> tuple[str, int]:
    """One line per result, most important first, cut to `budget_tokens`; returns (text, tokens).

    Lines are added while they fit; the first that does not is shortened word by word when at
    least a few tokens remain, and the cut stops there so that order still means importance.
    """
    if budget_tokens is None:  # nothing to cut: one tokenizer call for the whole text
        text = "\n".join(" ".join(h.text.split()) for h in hits)
        return text, count_tokens(text) if text else 0
    lines: list[str] = []
    used = 0
    for h in hits:
        line = " ".join(h.text.split())
        cost = count_tokens(line + "\n")
        if budget_tokens is None or used + cost <= budget_tokens:
            lines.append(line)
            used += cost
            continue
        room = budget_tokens - used
        if room >= 8:
            words = line.split(" ")
            while words and count_tokens(" ".join(words) + " …\n") > room:
                words.pop()
            if words:
                lines.append(" ".join(words) + " …")
        break
    text = "\n".join(lines)
    total = count_tokens(text) if text else 0
    while budget_tokens is not None and total > budget_tokens and lines:  # tokenizers are not additive
        lines.pop()
        text = "\n".join(lines)
        total = count_tokens(text) if text else 0
    return text, total


def with_known_keys(plan: Plan, *, registry: Registry = DEFAULT_REGISTRY, known_keys: Iterable[str]) -> Plan:
    """The plan once the namespace has said which query tokens are entity keys (rule 1)."""
    known = set(known_keys)
    if not known:
        return plan
    return replace(plan, asks=tuple(find_asks(plan.query, registry=registry, known_keys=known)))
