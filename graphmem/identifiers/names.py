"""Names in a question, resolved exactly to entities. Pure: the candidates come from the entity-name index.

People ask about people and companies by name, not by key: "What was Maria Lopez's city last year?",
"ms. lopez", "ZHANG WEI", "Wei Zhang", "José Álvarez" written "Jose Alvarez", "O'Neill's phone". A name
and a question are compared after the same folding: letter case, diacritics, apostrophes and a
possessive 's, titles (Mr, Ms, Dr, ...) and token order. What resolves:
- a full name (all of an entity's name tokens, in any order), longest span first;
- one token of a name (a first or a last name, or a one-word company) that no other token of the span
  contradicts: every entity holding it is returned, so a name two entities share comes back with both,
  and the caller says it is ambiguous, never picking one silently; a capitalised surname in the plural
  after "the" ("the Okafors") is that token: the family;
- a part of a name: words side by side (spaces or hyphens between them) that are all tokens of one name
  ("Anne-Marie" of Anne-Marie Dupont-Moreau, "Robert Chen" of Robert T. Chen): the entities holding them all.
A near miss ("Maria Lopes" for Maria Lopez: a typo of another token of the name, one edit up to five letters, two
beyond) or a name beside a surname no holder has ("Maria Smith") does not resolve: it is `similar`, never exact.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from graphmem.identifiers.name_words import (ADDRESS, COMMON, GLUED, GLUED_PARTICLE, KOREAN_PARTICLE, ORG_WORDS, TITLES,
                                             UNSPACED, WRITTEN_OUT, Word, bag, bounded, first_name_holders,
                                             Spellings, hyphen_between, joined_words, name_index, name_tokens,
                                             possessive_after, possessive_stem, spellings_of, words)


def lucene_words(text: str) -> list[str]:
    """The question's words as the name index may hold them (folded, and with apostrophes kept), for the
    candidate query; the exact check is `resolve`'s."""
    out: list[str] = []
    ws = words(text)
    for i, w in enumerate(ws):
        if w.folded in TITLES or w.folded in COMMON or len(w.folded) < 2:
            continue
        kept = w.text.lower().replace("’", "'")
        kept = kept[:-2] if kept.endswith("'s") else kept
        plain = WRITTEN_OUT.sub(lambda m: m[1][0], w.folded)  # "mueller" as the index folds "Müller": muller
        out += [w.folded] + ([kept] if kept != w.folded else []) + ([plain] if plain != w.folded else [])
        out += [stem] if (stem := possessive_stem(ws, i)) else []  # "priyas rent": Priya's
        if i and ws[i - 1].folded == "the" and w.folded.endswith("s") and len(w.folded) >= 4 and w.text[:1].isupper():
            out += [w.folded[:-1]] + ([w.folded[:-2]] if w.folded.endswith("es") else [])
        glued = GLUED_PARTICLE.match(w.folded)
        if glued:  # "Alfarsi" as the index holds Al-Farsi: "al", "farsi"
            out.append(w.folded[glued.end():])
        if (particle := KOREAN_PARTICLE.search(kept)) is not None:  # "김민준은": 김민준, as the index holds it
            out.append(kept[:particle.start()])
        if i and hyphen_between(text, ws[i - 1], w):  # "Abdul-Rahman" as the index holds Abdulrahman
            out.append(ws[i - 1].folded + w.folded)
    return list(dict.fromkeys(out))


#: the English stop words of Neo4j's 'standard' and 'standard-folding' analyzers: the name index (entity_names)
#: drops them from names and queries alike, so a name that is one ("Will" Hunter, Ms. "No") is looked up in
#: entity_names_plain, which keeps them (cypher/schema/fulltext_entity_names_plain.cypher)
LUCENE_STOP = frozenset("""a an and are as at be but by for if in into is it no not of on or such that the their then
    there these they this to was will with""".split())


_NUMERO = re.compile(r"\.?\s*\d")


#: common words that are also given or family names (Nguyễn Văn An, Tô Lâm, Đỗ Mười): a name alone only when
#: `_written_as_name`
COMMON_NAMES = frozenset({"an", "to", "do"})
#: what ends a sentence or opens a quote or a list: a capital after it is a sentence's, not a name's
_SENTENCE_START = re.compile(r"(?:[.!?:;\"“‘(\[]|['’]\s)\s*$")


def _written_as_name(question: str, ws: Sequence[Word], i: int) -> bool:
    """A word of COMMON_NAMES written as a name is: capitalised (not all capitals), not where a sentence, a quote
    or a list starts, in a question whose other words are mostly lower case ("Which room is An in?"; not "Which
    Room Is An In?", "I met Anna. An hour later...", "the note says: To be confirmed")."""
    w = ws[i]
    if w.folded not in COMMON_NAMES or i == 0 or not w.text[:1].isupper() or w.text.isupper():
        return False
    if _SENTENCE_START.search(question, 0, w.start):
        return False
    return _mostly_lower(ws, (0, i))


def _mostly_lower(ws: Sequence[Word], skip: Sequence[int], alone: bool = False) -> bool:
    """Most other words (all but `skip`; `alone` if none) are lower case: a capital means a name, not title case."""
    rest = [v for j, v in enumerate(ws) if j not in skip and v.text[:1].isalpha()]
    return sum(v.text[:1].isupper() for v in rest) * 2 < len(rest) if rest else alone


def stop_names(text: str) -> list[str]:
    """The question's words that only entity_names_plain can find: stop words of the name index written as a name
    is, capitalised and not the question's first word unless possessive ("Which depot was Will at?", "Will's
    truck?"), and not words `resolve` never takes alone (COMMON), but for COMMON_NAMES written as a name ("Which
    room is An in?")."""
    ws = words(text)
    return list(dict.fromkeys(
        w.folded for i, w in enumerate(ws) if w.folded in LUCENE_STOP
        and (w.folded not in COMMON or _written_as_name(text, ws, i))
        and w.text[:1].isupper() and (i > 0 or possessive_after(text, w.end))
        and not (w.folded == "no" and _NUMERO.match(text, w.end))))  # "Flat No. 3": a number's sign


@dataclass(frozen=True, slots=True)
class Named:
    """A span of the question that names entities: `keys` (one, or several when ambiguous)."""

    start: int  # a title before the name is part of the span ("Ms. Lopez")
    end: int
    text: str
    keys: tuple[str, ...]
    names: tuple[str, ...]
    full: bool  # the whole name was written (not one token of it)

    @property
    def ambiguous(self) -> bool:
        return len(self.keys) > 1


@dataclass(frozen=True, slots=True)
class Similar:
    """A near miss: the question's words are close to a name but not it."""

    text: str
    key: str
    name: str
    until: str | None = None  # a former name of `key`, its display name until this day (asked about a later time)


def _close(a: str, b: str) -> bool:
    """A typo of one another: within one edit (Levenshtein) for words of four or five letters, two from six,
    as search engines' "AUTO" fuzziness allows. Two edits on a short word make other words: "plan" is no
    misspelling of "Khan"."""
    limit = 1 if min(len(a), len(b)) <= 5 else 2
    if a == b or min(len(a), len(b)) < 4 or abs(len(a) - len(b)) > limit:
        return False
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1] <= limit


def resolve(question: str, entities: Iterable[tuple[str, str | None]], max_span: int = 4, *,
            also: Iterable[tuple[str, str]] = (),
            spellings: Callable[[str], Spellings] = spellings_of) -> tuple[list[Named], list[Similar]]:
    """The spans of `question` that name some of `entities` ((key, name) pairs), in question order, and the
    near misses; `also`: former names, whose words beside a name are no sign of someone else ("Emma Clarke");
    `spellings`: `spellings_of`, or a caller's own memo of `prepared_spellings` (a namespace's copy of its names)."""
    full, by_token, tokens_of = name_index(entities, also, spellings)
    glued = {i for m in GLUED.finditer(question) if any(c.isdigit() for c in m.group()) and not _spells_name(m, full)
             for i in range(m.start(), m.end())} | {i for m in ADDRESS.finditer(question) for i in range(*m.span())}
    # a word inside an identifier ("C-17", "ORD-2024-001", an email) is never a name, nor part of one
    named: list[Named] = _unspaced(question, entities) if UNSPACED.search(question) else []
    glued |= {i for n in named for i in range(n.start, n.end)}
    ws = [w for w in words(question) if w.folded and w.start not in glued]
    similar: list[Similar] = []
    i = 0
    while i < len(ws):
        start_i = i
        if ws[i].folded in TITLES and i + 1 < len(ws):
            i += 1  # a title joins the name after it
        found: tuple[int, list[tuple[str, str]], bool] | None = None
        # a name's words are all in by_token: a word that is none, not hyphenated to the next, starts no name
        token = ws[i].folded in by_token
        for n in range(min(max_span, len(ws) - i), 0, -1) if token or (
                i + 1 < len(ws) and hyphen_between(question, ws[i], ws[i + 1])) else ():
            span = [w.folded for w in ws[i:i + n]]
            if any(t in TITLES for t in span):
                continue
            holders = full.get(bag(span))
            if not holders and n > 1 and any(hyphen_between(question, a, b) for a, b in zip(ws[i:i + n], ws[i + 1:i + n])):
                span = joined_words(question, ws[i:i + n])
                holders = full.get(bag(span))  # "Abdul-Rahman" for Abdulrahman ("e-mail" is a word: COMMON below)
            if not holders and n > 1 and len(span[-1]) > 3 and span[-1].endswith("s"):
                holders = full.get(bag([*span[:-1], span[-1][:-1]]))  # "tom bergs company": the 's without its apostrophe
            if holders and (len(span) > 1 or span[0] not in COMMON):
                found = (n, holders, True)
                break
        if found is None and token:
            found = _part(question, ws, i, max_span, by_token, full)
        if found is None and i + 1 < len(ws) and hyphen_between(question, ws[i], ws[i + 1]):
            found = _hyphenated(question, ws, i, by_token, tokens_of)  # "Min-jun" for Kim Minjun
        if found is None:
            t = ws[i].folded
            holders = by_token.get(t, []) or _family(ws, i, by_token) or first_name_holders(possessive_stem(ws, i), by_token)
            as_name = _written_as_name(question, ws, i)
            if as_name:  # "Which room is An in?": a person, not a company
                holders = _people(holders)
            if holders and (t not in COMMON or as_name) and len(t) >= 2 and not t.isdigit():
                near = _near_miss(ws, i, holders, tokens_of)
                if near is not None:
                    similar.append(near)
                    i += 2
                    continue
                other = _someone_else(question, ws, i, holders, tokens_of, by_token)
                if other:  # "Maria Smith" when the only Maria is Maria Garcia: she is similar, never the answer
                    similar += other
                    i += 2
                    continue
                found = (1, holders, False)
        if found is None:
            i = start_i + 1
            continue
        n, holders, whole = found
        if start_i < i and len({k for k, _ in holders}) > 1:  # after a title: people, not companies
            holders = _people(holders)
        if not whole and len({k for k, _ in holders}) > 1:  # "Maria L.", "C. Okafor": an initial narrows a shared name
            before = ws[i - 1] if i and _initial(ws[i - 1], question) else None
            after = ws[i + 1] if i + 1 < len(ws) and _initial(ws[i + 1], question) else None
            for letter, widen in ((after, 1), (before, -1)):
                if letter is None:
                    continue
                narrowed = [(k, nm) for k, nm in holders if any(t.startswith(letter.folded) and t != ws[i].folded
                                                                for t in tokens_of.get(k, ()))]
                if narrowed and len({k for k, _ in narrowed}) < len({k for k, _ in holders}):
                    holders = narrowed
                    if widen > 0:
                        n += 1
                    elif start_i == i:  # the initial joins the span, and a title before it ("Dr. N. Okafor")
                        start_i = i - 2 if i >= 2 and ws[i - 2].folded in TITLES else i - 1
                    break
        first, last = ws[start_i], ws[i + n - 1]
        ordered = sorted({k: nm for k, nm in reversed(holders)}.items())  # one name per entity: its first
        named.append(Named(first.start, last.end, question[first.start:last.end], tuple(k for k, _ in ordered),
                           tuple(nm for _, nm in ordered), whole))
        i += n
    return sorted(named, key=lambda n: n.start), similar


def _spells_name(run: re.Match[str], full: dict[tuple[str, ...], list[tuple[str, str]]]) -> bool:
    """A run of digits and letters that is a whole name, without its company suffix ("7-Eleven" for 7-Eleven Inc) or
    with the words after it ("A-1 Plumbing"); "C-17" and "order A-1" are keys."""
    toks, after = list(name_tokens(run.group())), [w.folded for w in words(run.string[run.end():])][:3]
    return (bag(toks) in full or any(bag(toks + after[:n]) in full for n in range(1, len(after) + 1))
            or any(bag([t for t in name if t not in ORG_WORDS]) == bag(toks) for name in full))


def _unspaced(question: str, entities: Iterable[tuple[str, str | None]]) -> list[Named]:
    """The names written in those scripts that `question` holds anywhere ("张伟现在在哪个城市?", "佐藤花子の都市は?" for
    佐藤 花子), longest first; two entities of one name are both its holders."""
    by_name: dict[str, list[tuple[str, str]]] = {}
    for key, name in entities:
        compact = "".join((name or "").split())
        if len(compact) >= 2 and UNSPACED.search(compact) and (key, name) not in by_name.get(compact, []):
            by_name.setdefault(compact, []).append((key, name or ""))
    found: list[Named] = []
    for compact in sorted(by_name, key=len, reverse=True):
        for m in re.finditer(r"\s*".join(map(re.escape, compact)), question):
            if all(m.end() <= n.start or m.start() >= n.end for n in found) and bounded(question, m.end()):
                holders = sorted(dict(by_name[compact]).items())
                found.append(Named(m.start(), m.end(), m.group(), tuple(k for k, _ in holders),
                                   tuple(nm for _, nm in holders), True))
    return found


def _hyphenated(question: str, ws: Sequence[Word], i: int, by_token: dict[str, list[tuple[str, str]]],
                tokens_of: dict[str, tuple[str, ...]]) -> tuple[int, list[tuple[str, str]], bool] | None:
    """A hyphenated pair of words written as a name ("Min-jun", "Abdul-Rahman") that one word of a name spells; not a
    word ("on-call", "e-mail" for Oncall Medical, Email Express), nor part of someone else's name ("Mary-Ann Jones"
    is not Maryann Smith)."""
    joined = ws[i].folded + ws[i + 1].folded
    holders = by_token.get(joined, [])
    w = ws[i]
    if not holders or joined in COMMON or not w.text[:1].isupper() or w.text.isupper() or not (
            possessive_after(question, ws[i + 1].end) or i > 0 and not _SENTENCE_START.search(question, 0, w.start)):
        return None
    after = ws[i + 2] if i + 2 < len(ws) else None
    if after is not None and after.text[:1].isupper() and after.folded not in TITLES and not any(
            after.folded in tokens_of.get(k, ()) for k, _ in holders):
        return None
    return 2, holders, False


def _people(holders: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The holders whose name does not end in a company's suffix; all of them when none is left. The order of a
    name's words never narrows it: Jordan Lee and Lee Jordan are both "Jordan Lee" (said to be ambiguous)."""
    return [(k, nm) for k, nm in holders if name_tokens(nm)[-1:] and name_tokens(nm)[-1] not in ORG_WORDS] or holders


#: the small words of names, written in lower case inside a capitalised name ("Ludwig van der Berg")
PARTICLES = frozenset("""van der den de la le du da di del della von zu al el bin ibn ben bint dos das do y st ter
    ten""".split())
#: what may stand between the words of one name: spaces and hyphens ("Anne-Marie", "van der Berg")
_NAME_GAP = re.compile(r"[\s\-‐–]*")


def _part(question: str, ws: Sequence[Word], i: int, max_span: int, by_token: dict[str, list[tuple[str, str]]],
          full: dict[tuple[str, ...], list[tuple[str, str]]]) -> tuple[int, list[tuple[str, str]], bool] | None:
    """Two or more words side by side that are all tokens of one name, but not the whole of it ("Anne-Marie" of
    Anne-Marie Dupont-Moreau, "Robert Chen" of Robert T. Chen, "Al-Sayed"): one span, held by the entities whose
    names hold every word (so "Robert Chen" is not the Chen Jie that "Chen" alone would also be). Its words are
    written alike, capitalised or not, but for particles ("van der Berg", "dupont-moreau"; "Was Grace young?"
    keeps Grace ambiguous) and a word's part after a hyphen ("Min-jun", "Soo-ah" as Korean given names are
    romanised), and a run never takes the start of a whole name ("Mary Anne Smith": Mary, then Anne
    Smith)."""
    for n in range(min(max_span, len(ws) - i), 1, -1):
        run = ws[i:i + n]
        if any(w.folded in TITLES for w in run) or all(w.folded in COMMON for w in run) or not all(
                _NAME_GAP.fullmatch(question, a.end, b.start) for a, b in zip(run, run[1:])):
            continue
        if len({w.text[:1].isupper() for k, w in enumerate(run) if w.folded not in PARTICLES
                and (k == 0 or question[run[k - 1].end:w.start] != "-")}) > 1:  # "Grace young": a name, a word
            continue
        if any(full.get(bag([w.folded for w in ws[j:j + m]])) for j in range(i + 1, i + n)
               if question[ws[j - 1].end:ws[j].start] != "-"  # "Jean-Paul Martin": no name starts inside a word
               for m in range(2, min(max_span, len(ws) - j) + 1)):
            continue
        keys = set.intersection(*({k for k, _ in by_token.get(w.folded, [])} for w in run))
        if keys:
            return n, [(k, nm) for k, nm in by_token[run[0].folded] if k in keys], False
    return None


def _initial(w: Word, question: str) -> bool:
    """A single capital letter standing for a name ("Maria L.", "C. Okafor"; "Maria a customer" has none). "I"
    and "A" are words too ("Was it Maria I emailed?", "A Okafor called"): as initials they need their full stop."""
    if not (len(w.text) == 1 and w.text.isalpha() and w.text.isupper()):
        return False
    return w.text not in ("I", "A") or question[w.end:w.end + 1] == "."


def _family(ws: Sequence[Word], i: int, by_token: dict[str, list[tuple[str, str]]]) -> list[tuple[str, str]]:
    """"the Okafors", "the Garcías", "the Joneses": a family by its surname in the plural, capitalised, after
    "the" ("the owners" is no family of Lisa Owner)."""
    t = ws[i].folded
    if i == 0 or ws[i - 1].folded != "the" or not t.endswith("s") or len(t) < 4 or not ws[i].text[:1].isupper():
        return []
    for stem in (t[:-1], t[:-2] if t.endswith("es") else ""):
        if stem and stem not in COMMON and by_token.get(stem):
            return by_token[stem]
    return []


#: months and weekdays: beside a name no part of it ("Maria Monday"), alone no entity (`text.entity_spans`)
CALENDAR_WORDS = frozenset("""january february march april may june july august september october november december jan
    feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday sunday mon tue tues
    wed thu thur thurs fri sat sun""".split())


def _someone_else(question: str, ws: Sequence[Word], i: int, holders: Sequence[tuple[str, str]],
                  tokens_of: dict[str, tuple[str, ...]], by_token: dict[str, list[tuple[str, str]]]) -> list[Similar]:
    """The word right after a first or last name is written as the rest of a name ("Maria Smith": capitalised,
    after a space or a hyphen, in a question mostly in lower case) and no holder's name has it: the question
    names someone else, and the holders are only similar (the one Maria in memory answered it, silently). Another
    entity's token ("Maria Tom and Ana"), a day, a month or a company's suffix ("Acme Inc") is no other name."""
    if i + 1 >= len(ws):
        return []
    w, nxt = ws[i], ws[i + 1]
    if question[w.end:nxt.start] not in (" ", "-") or not nxt.text[:1].isupper() or nxt.text.isupper():
        return []
    t = nxt.folded
    if (len(t) < 2 or t.isdigit() or t in COMMON or t in TITLES or t in LUCENE_STOP or t in CALENDAR_WORDS
            or t in ORG_WORDS or t in by_token or any(t in tokens_of.get(key, ()) for key, _ in holders)):
        return []
    if not _mostly_lower(ws, (0, i, i + 1), alone=True):  # "What Is Maria Doing Today": title case
        return []
    return [Similar(question[w.start:nxt.end], k, n) for k, n in sorted({k: n for k, n in reversed(holders)}.items())]


def _near_miss(ws: Sequence[Word], i: int, holders: Sequence[tuple[str, str]],
               tokens_of: dict[str, tuple[str, ...]]) -> Similar | None:
    """The next word is within two edits of another token of a holder's name ("Maria Lopes")."""
    if i + 1 >= len(ws):
        return None
    nxt = ws[i + 1].folded
    for key, name in holders:
        others = [t for t in tokens_of[key] if t != ws[i].folded]
        if nxt not in tokens_of[key] and any(_close(nxt, t) for t in others):
            return Similar(f"{ws[i].text} {ws[i + 1].text}", key, name)
    return None


#: the words right before a name by which a question asks about it as an old name ("Which company used to be
#: called Contoso?", "formerly known as Contoso"): that former name then resolves whatever time is asked
FORMER_NAME = re.compile(r"\b(?:used\s+to\s+be\s+(?:called|named|known\s+as)|formerly(?:\s+(?:called|named|known\s+as))?|"
                         r"previously\s+(?:called|named|known\s+as)|(?:old|former|previous)\s+name(?:\s+(?:was|is))?|"
                         r"(?:new|current)\s+name\s+(?:of|for))"
                         r"[\s\"'“‘]*$", re.IGNORECASE)
#: the words right after an old name by which a question asks what it became ("What did Nordlys change its name to?",
#: "What is Nordlys called now?", "Contoso's new name"); "Acme was called by the agent" asks nothing of the name
RENAMED_AFTER = re.compile(r"[\"'”’]?(?:['’]s\s+(?:new|current)\s+name|\s+(?:(?:has|have|did)\s+)?changed?\s+(?:its|their|his|"
                           r"her)\s+name|\s+(?:(?:was|were|got|been|has\s+been|have\s+been|is\s+now)\s+)?renamed|\s+(?:is|are)\s+"
                           r"now\s+(?:called|named|known\s+as)|\s+(?:called|named|known\s+as)\s+(?:now|today|these\s+days))\b",
                           re.IGNORECASE)
