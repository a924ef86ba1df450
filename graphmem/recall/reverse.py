"""Recall's answers from fact values. The attributes a question asks about rank first among an entity's
facts; a reverse question ("Who lives in Porto?") is answered by who holds the value it names, read exactly
from the exact channel (`exact.find_value_holders`), or by who holds the name of an entity it names
(`exact.find_referrers`: "Which patients does Dr. Hannah Schmidt look after?"); and beside semantic search, since asserted facts are in
no turn, the question's words are looked up in the facts' values (`exact.find_fact_text`, as of
valid_at/known_at, in the caller's view) and the entities holding the best matches are profiled, the
matching fact first; and what sits one step from a named entity (`one_step_on`: "Hannah Schmidt's dog", "the
phone of Pepper's owner"). The words themselves: `recall/attributes.py`."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence, Set
from dataclasses import replace
from datetime import datetime

from graphmem.recall.attributes import attribute_words, is_code
from graphmem.recall.hits import Channels
from graphmem.recall.names import Names
from graphmem.recall.merge import Hit
from graphmem.recall.plan import Plan
from graphmem.store import Row


def mark_asked(hits: Sequence[Hit], question: str | Sequence[str],
               meant: Callable[[Iterable[str]], Sequence[str]] | None = None) -> list[Hit]:
    """Facts of the attributes the question asks about carry `asked`, which ranks them first among their
    entity's facts ("What plan is Ms. Lopez on?": the plan before her city and email). When its words name none,
    `meant` may guess one ("What does Maria earn?": salary, `attributes.Meanings`), to rank only."""
    present = {str(h.data.get("attribute")) for h in hits if h.kind == "fact"}
    asked = set(attribute_words(question, present))
    if not asked and meant is not None and present:
        asked = set(meant(present))
    if not asked:
        return list(hits)
    return [replace(h, data={**h.data, "asked": True}) if h.kind == "fact" and h.data.get("attribute") in asked
            else h for h in hits]


#: a copula right before a name: the question is about that entity ("Who is Maria Lopez?", "Which ward is Kim in?"),
#: unless a verb in -ing follows the name (and names joined to it): "Which patients is Hannah Schmidt treating?"
_COPULA = re.compile(r"\b(?:is|are|was|were|be|been)\s*$", re.IGNORECASE)
_PROGRESSIVE = re.compile(r"(?:\s+(?:and|&)\s+[A-ZÀ-Ý][\w'’.-]*(?:\s+[A-ZÀ-Ý][\w'’.-]*)*)*\s+(?!during\b)\w+ing\b")


def reverse_rows(ch: Channels, plan: Plan, named: Names, valid_at: datetime, known_at: datetime | None) -> list[Row]:
    """What a reverse question is answered from: its value holders (read with its names), and who holds the name
    of an entity it names as a value, under any attribute, when no attribute its words name does ("Which
    patients does Dr. Hannah Schmidt look after?", "Who reports to Ana Costa?"): one more round trip, only then.
    Never for a name in a possessive ("Hannah Schmidt's doctor" asks forward) or right after a copula ("Who is
    Maria Lopez?", "Which ward is Kim Min-jun in?": they ask about the entity)."""
    rows, question = list(named.holders), plan.question
    if plan.reverse is None:
        return rows
    if not rows and plan.reverse[1]:  # no attribute its words name holds a code it names ("Who rents 2D?"): the
        # code under an attribute of any name, exactly (a word, a month, a name are no such value)
        values = [v for v in dict.fromkeys(plan.reverse[1]) if is_code(v)]  # not "March", "I", a name
        rows = ch.referrers([(v, v) for v in values], valid_at, known_at) if values else []
    if not named.spans:
        return rows
    held = {r["value"] for r in rows}
    wanted = [(key, name) for n in named.spans if question[n.end:n.end + 1] not in ("'", "’")
              and (not _COPULA.search(question, 0, n.start) or _PROGRESSIVE.match(question, n.end))
              for key, name in zip(n.keys, n.names) if name not in held]
    if not wanted:
        return rows
    seen = {(r["key"], r["attribute"], r["value"]) for r in rows}
    return rows + [r for r in ch.referrers(wanted, valid_at, known_at)
                   if (r["key"], r["attribute"], r["value"]) not in seen]


def reverse_hits(question: str | Sequence[str], rows: Sequence[Row]) -> tuple[str | None, list[Hit]]:
    """(the route line, the hits) of a reverse question, from who held the values it names then (`rows`, as
    `exact.find_value_holders` reads them). (None, []) when nobody does."""
    if not rows:
        return None, []
    asked = set(attribute_words(question, {str(r["attribute"]) for r in rows}))
    hits = []
    for r in rows:
        label = r["key"] + (f" ({r['entity_name']})" if r["entity_name"] else "")
        day = r["valid_from"].strftime("%Y-%m-%d")
        reason = (f"exact: reverse question: {r['value']!r} is the {r['attribute']} of {r['key']} as of "
                  "valid_at/known_at (exact value, attribute from the question's words)")
        hits.append(Hit("exact", "fact", f"{label} {r['attribute']}: {r['value']} (since {day})", reason,
                        f"fact:{r['key']}:{r['attribute']}:{r['value']!r}", at=r["valid_from"], group=-1,
                        data={"entity": r["key"], "entity_type": r["type"], "entity_name": r["entity_name"],
                              "attribute": r["attribute"], "value": r["value"], "since": r["valid_from"],
                              "valid_from": r["valid_from"], "valid_to": r["valid_to"], "txn_time": r["txn_time"],
                              "txn_end": r["txn_end"], "source": r["source"], "reverse": True,
                              "asked": r["attribute"] in asked}))
    said = "; ".join(f"{v!r} → " + ", ".join(sorted({f"{r['key']} ({r['attribute']})" for r in rows
                                                      if r["value"] == v}))
                     for v in dict.fromkeys(r["value"] for r in rows))
    return f"reverse question: who holds the value it names, exactly, as of valid_at/known_at: {said}", hits


FACT_TEXT_ENTITIES = 3  # entities whose facts' text holds the question's words, profiled beside semantic search
FACT_TEXT_RELATIVE = 0.5  # their matching facts score at least this share of the best one's BM25


def fact_text_hits(ch: Channels, question: str, *, valid_at: datetime, known_at: datetime | None,
                   earlier_word: str | None, skip: Set[str]) -> tuple[str | None, list[Hit]]:
    """(the route line, the hits): the profiles of up to FACT_TEXT_ENTITIES entities (not in `skip`, the ones
    already profiled) whose fact values hold the question's words. (None, []) when none does. Only a value
    answers, never an attribute name alone ("the gold plan": the plan that is gold, not every plan; "Maria
    Lopes's city", a near-missed name: not every city); the name still ranks (a gold plan before a gold card)."""
    from graphmem.channels.exact import find_fact_text
    from graphmem.channels.search import analyse

    rows = find_fact_text(ch.store, ch.ns, question, valid_at=valid_at, known_at=known_at,
                          limit=4 * FACT_TEXT_ENTITIES)
    asked_words = set(analyse(question))
    rows = [r for r in rows if asked_words & set(analyse(str(r["value"])))]
    if not rows:
        return None, []
    rows = [r for r in rows if r["score"] >= FACT_TEXT_RELATIVE * rows[0]["score"]]
    keys = [k for k in dict.fromkeys(str(r["key"]) for r in rows) if k not in skip][:FACT_TEXT_ENTITIES]
    if not keys:
        return None, []
    matched: dict[str, list[str]] = {}
    for r in rows:
        if r["key"] in keys:
            matched.setdefault(str(r["key"]), []).append(f"{r['attribute']} {r['value']!r}")
    reasons = {key: f"fact text: {key}'s {', '.join(matched[key])} holds the question's words; its profile as of "
                    "valid_at/known_at" for key in keys}
    profiles = ch.profiles(keys, valid_at, known_at, channel="facts", reasons=reasons, earlier_word=earlier_word,
                           query=question)
    asked = {(str(r["key"]), str(r["attribute"])) for r in rows}
    line = "facts whose text holds the question's words: " + "; ".join(
        f"{key} ({', '.join(matched[key])})" for key in profiles.found)
    return line, [replace(h, data={**h.data, "asked": True})
                  if h.kind == "fact" and (h.data.get("entity"), h.data.get("attribute")) in asked else h
                  for h in profiles.hits]


# --- one step from the named entity ----------------------------------------------------------------------
# Answers one step from the entity a question names, read only when its own facts do not answer.
#
# - **Held by others** ("What's the name of Hannah Schmidt's dog?", "Dr Patel's patients?"): a name in a possessive
#   whose entity has no attribute the question's words ask for. The possessed noun then names a role *other*
#   entities give it: the answer is who holds its name as a value (Max, whose owner is Hannah Schmidt). A
#   possessive whose attribute exists ("Hannah Schmidt's phone") asks forward and reads nothing more; one held
#   under the possessed noun itself is the inverse ("Hannah Schmidt's doctor": her patients hold her as *their*
#   doctor) and answers nothing.
# - **A value that is a name** ("the phone number of Pepper's owner", "Where's Captain's owner from?"): an asked
#   fact's value names an entity exactly (one holder, the whole name: Kwame Mensah), and the question asks an
#   attribute that entity has and the first one lacks (phone). That entity's asked facts join the answer.
#
# Both are exact: a value equal to the name, a name resolved as the names channel resolves the question's (never a
# near miss); both are read as of the question's valid_at/known_at. Each costs one round trip, only when its
# condition holds, and only on the full route (a question the fast path answers never needs them).

#: a value written as a name: capitalised words, no digits ("Kwame Mensah", "Nguyễn Thị Mai", "Anne-Marie O'Neill")
_NAME_LIKE = re.compile(r"[A-ZÀ-ÝĐ][^\W\d_]*(?:[-'’.][^\W\d_]+)*\.?(?:\s+[^\W\d_][^\W\d_]*(?:[-'’.][^\W\d_]+)*\.?){0,4}")
MAX_FOLLOWED = 3  # values followed per question (each one round trip)


def _facts_of(hits: Sequence[Hit], key: str) -> list[Hit]:
    return [h for h in hits if h.kind == "fact" and h.data.get("entity") == key and not h.data.get("earlier")]


def held_by_others(ch: Channels, plan: Plan, named: Names, hits: Sequence[Hit], valid_at: datetime,
                   known_at: datetime | None) -> tuple[str | None, list[Hit]]:
    """(the route line, the hits) for names in a possessive whose entity has no asked attribute (module doc)."""
    question = plan.question
    wanted: list[tuple[str, str]] = []
    for n in named.spans:
        if not re.match(r"['’]s?\s+\w", question[n.end:]):
            continue  # not a possessive followed by what it possesses
        for key, name in zip(n.keys, n.names):
            attributes = {str(h.data["attribute"]) for h in _facts_of(hits, key)}
            if not attribute_words(plan.words, attributes):
                wanted.append((key, name))
    if not wanted:
        return None, []
    own = {key for key, _ in wanted}
    rows = [r for r in ch.referrers(wanted, valid_at, known_at) if r["key"] not in own]
    inverse = set(attribute_words(plan.words, {str(r["attribute"]) for r in rows}))
    rows = [r for r in rows if r["attribute"] not in inverse]  # "Hannah Schmidt's doctor": her patients hold her
    # name as *their* doctor; the inverse of what is asked, never an answer
    line, found = reverse_hits(plan.words, rows)
    if line is None:
        return (f"held by others: no attribute of {', '.join(sorted(own))} is asked, and no entity holds "
                "its name as a value (as of valid_at/known_at)"), []
    return "held by others: the possessive asks for no attribute of its own; " + line.split(": ", 1)[1], found


def followed(ch: Channels, plan: Plan, hits: Sequence[Hit], valid_at: datetime,
             known_at: datetime | None) -> tuple[list[str], list[Hit]]:
    """(route lines, hits): the asked facts of the entities that asked facts' values name (module doc)."""
    by_entity: dict[str, list[Hit]] = {}
    for h in hits:
        if h.kind == "fact" and not h.data.get("earlier") and not h.data.get("reverse"):
            by_entity.setdefault(str(h.data["entity"]), []).append(h)
    seen = set(by_entity)
    values: list[tuple[str, str, str, frozenset[str]]] = []  # (value, entity, attribute, that entity's attributes)
    for key, facts in by_entity.items():
        attributes = {str(h.data["attribute"]) for h in facts}
        asked = set(attribute_words(plan.words, attributes))
        for h in facts:
            value = h.data.get("value")
            if h.data["attribute"] in asked and isinstance(value, str) and _NAME_LIKE.fullmatch(value.strip()):
                values.append((value.strip(), key, str(h.data["attribute"]), frozenset(attributes)))
    lines: list[str] = []
    out: list[Hit] = []
    for value, source, attribute, source_attributes in list(dict.fromkeys(values))[:MAX_FOLLOWED]:
        names = ch.names(value, valid_at, known_at, whole=True)
        whole = [n for n in names.spans if n.start == 0 and n.end == len(value) and n.full and not n.ambiguous]
        if not whole or whole[0].keys[0] in seen:
            continue
        target = whole[0].keys[0]
        timeline = names.timelines.get(target)
        if timeline is None:
            continue
        have = {f.attribute for f in timeline.true_at(valid_at)}
        asked = set(attribute_words(plan.words, have)) - source_attributes
        if not asked:
            continue
        reason = (f"exact: {source}'s {attribute} is {value!r}, the whole name of {target}; the question asks its "
                  f"{', '.join(sorted(asked))}")
        found = ch.timeline_hits(names.timelines, [target], valid_at, channel="exact", reasons={target: reason})
        out += [h for h in found.hits if h.data.get("attribute") in asked]
        seen.add(target)
        lines.append(f"{reason} → read as of valid_at/known_at")
    return lines, out


def one_step_on(ch: Channels, plan: Plan, named: Names, hits: Sequence[Hit], valid_at: datetime,
                known_at: datetime | None) -> tuple[list[str], list[Hit]]:
    """(route lines, hits): others holding a possessive's name, when the possessive asks nothing of its own;
    the entity an asked value names, when the question asks its facts (the section's comment)."""
    if not ch.has_facts or not hits:
        return [], []
    line, held = held_by_others(ch, plan, named, hits, valid_at, known_at)
    lines, hops = followed(ch, plan, [*hits, *held], valid_at, known_at)
    return ([line] if line is not None else []) + lines, held + hops
