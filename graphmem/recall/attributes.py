"""Attribute words: which of an entity's attributes a question asks about, and the value side of a reverse
question ("Who lives in Porto?", "Which company does Tom Berg manage?"). Pure.

People name an attribute in their own words, not by its key:
- the name itself in any inflection, its snake_case parts as words ("account manager", "managers" for
  `account_manager`, `manager`);
- a verb or noun of the same meaning, from a small table (`SYNONYMS`: "lives", "based" for `city`,
  `address`; "works" for `company`, `employer`; "manage", "handles", "looks after" for `manager`).
A reverse question asks who holds a value: it has a question word (who, which, whose, what) and a value
written as people write proper nouns (capitalised words, or quoted). Its attributes are the question's words
themselves and their table entries; the exact channel then looks up (attribute, value) pairs in the
(ns, name, value) index, so a value is matched exactly, never by similarity.
- When the words name none of an entity's attributes, the store's embedding model may say which one they mean
  ("What does Maria earn?": salary; `Meanings`, given the model's `embed`), to rank that attribute first only.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence

from graphmem.recall.timewords import without_phrases
from graphmem.text.summarise import STOPWORDS

#: question words -> attribute names they ask about (only names a namespace has ever count)
_PLACE = ("city", "address", "location", "country", "town", "residence", "home_city", "region", "state")
_EMPLOYER = ("company", "employer", "organisation", "organization", "workplace", "works_at", "org")
_MANAGER = ("manager", "account_manager", "managed_by", "owner", "account_owner")
_PHONE = ("phone", "phone_number", "mobile", "telephone", "cell")
_EMAIL = ("email", "email_address", "mail")
_BIRTH = ("birthday", "date_of_birth", "dob", "birth_date")
_JOB = ("title", "role", "job_title", "position", "occupation", "job")
_PLAN = ("plan", "subscription", "tier")
SYNONYMS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("live", "lives", "lived", "living", "based", "located", "reside", "resides", "resided",
                     "residing", "moved", "where"), _PLACE),
    **dict.fromkeys(("work", "works", "worked", "working", "employed", "employer", "employs"), _EMPLOYER),
    **dict.fromkeys(("manage", "manages", "managed", "managing", "manager", "owns", "owner", "handle", "handles",
                     "handled", "oversee", "oversees", "oversaw"), _MANAGER),
    **dict.fromkeys(("phone", "call", "number", "mobile", "telephone", "cell"), _PHONE),
    **dict.fromkeys(("email", "e-mail", "mail"), _EMAIL),
    **dict.fromkeys(("born", "birthday"), _BIRTH),
    **dict.fromkeys(("job", "role", "title", "position", "occupation"), _JOB),
    **dict.fromkeys(("plan", "subscription", "tier", "subscribed"), _PLAN),
}
#: attributes whose value names another entity ("manager": Tom Berg): "where does C-17's manager live?" asks
#: about that entity, not C-17
POINTERS = frozenset(_MANAGER + _EMPLOYER)
REVERSE_WORDS = frozenset({"who", "whom", "whose", "which", "what"})
_WORD = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*", re.UNICODE)
# a value as people write a proper noun: capitalised words (Porto, Tom Berg, São Paulo, O'Neill, Acme Corp.)
_PROPER = re.compile(r"\b[A-ZÀ-Ý][\w'’.-]*(?:\s+(?:(?:de|da|do|van|von|der|la|le)\s+)?[A-ZÀ-Ý][\w'’.-]*)*")
#: a code of capitals and digits, both ("2D", "B12", "4A"): a value as much as a capitalised word is ("Who rents 2D?")
_CODE = re.compile(r"(?<![\w-])(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z\d]{2,8}(?![\w-])")
_QUOTED = re.compile(r"[\"“”']([^\"“”']{2,80})[\"“”']")
_AFTER = re.compile(r"\b(?:in|at|from|on|by|for|with|near)\s+((?:(?!(?:now|today|then|last|this|next|in|at|on|since|before|after|ago)\b)[^\W\d_][\w'’-]*\s*){1,3})", re.IGNORECASE)
MAX_VALUES = 12
_WHAT_THING = re.compile(r"\bwhat\s+[^\W\d_]+\s+(?:does|do|did|is|are|was|were)\b", re.IGNORECASE)


def stem(word: str) -> str:
    """A crude English stem, enough to meet an attribute name half way: managers, managed, manage -> manag;
    cities -> city; addresses -> address."""
    w = word.lower().removesuffix("'s").removesuffix("’s")
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    for suffix in ("ing", "ed", "ers", "er", "es", "s", "e"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3 and not (suffix in ("s", "es") and w.endswith("ss")):
            return w[: -len(suffix)]
    return w


#: phrases that mean one word of the table ("Which accounts does Ana look after?": manages)
PHRASES = {"look after": "manage", "looks after": "manages", "looked after": "managed", "looking after": "managing",
           "in charge of": "manages", "take care of": "manage", "takes care of": "manages"}
_PHRASE = re.compile(r"\b(" + "|".join(re.escape(p) for p in sorted(PHRASES, key=len, reverse=True)) + r")\b",
                     re.IGNORECASE)


def words(question: str) -> list[str]:
    """The question's words, lower case, a phrase of `PHRASES` as its one word."""
    said = _PHRASE.sub(lambda m: PHRASES[m.group(1).lower()], question)
    return [w.lower() for w in _WORD.findall(said)]


def attribute_words(question: str | Sequence[str], attributes: Iterable[str]) -> list[str]:
    """The attributes among `attributes` that the question (or its `words`, as `Plan.words` holds them) asks
    about, in the question's order of mention: those whose every snake_case part it says (any inflection), then
    those a synonym points to."""
    said = [w.removesuffix("'s").removesuffix("’s")  # "where's", "manager's"
            for w in (words(question) if isinstance(question, str) else question)]
    stems = {stem(w) for w in said}
    known = list(dict.fromkeys(a for a in attributes if a))
    named = [a for a in known if all(stem(part) in stems for part in a.lower().split("_") if part)]
    meant = [a for w in said if w != "where" for a in SYNONYMS.get(w, ()) if a in known]
    if not meant and "where" in said:  # "where" alone asks for a place; "where does Tom work" for his company
        meant = [a for a in SYNONYMS["where"] if a in known]
    return list(dict.fromkeys([*named, *meant]))


def is_reverse(question: str) -> bool:
    """A question that asks who (or which thing) holds a value: who, whom, whose, which, or "what <thing>
    does/do/did/is/are" ("What company does Tom Berg manage?"); a plain "what is X's …" asks forward."""
    said = words(question)
    if any(w in ("who", "whom", "whose", "which") for w in said):
        return True
    return bool(_WHAT_THING.search(question))


def candidate_attributes(question: str) -> list[str]:
    """Attribute names a reverse question may ask about, before the namespace is read: each word, each
    adjacent pair joined by `_`, and the table's entries for its words. A function word ("was", "on", "the")
    names no attribute and joins no pair, though the table may read one ("where": a place): each name asked is
    an index seek of the read, once per value ("what plan was Zelin Hazara on" asked 11 names, now 6)."""
    said = [w for w in words(question) if w not in REVERSE_WORDS]
    out: list[str] = []
    for i, w in enumerate(said):
        out += SYNONYMS.get(w, ()) if w in STOPWORDS else [w, *SYNONYMS.get(w, ())]
        if i + 1 < len(said) and w not in STOPWORDS and said[i + 1] not in STOPWORDS:
            out.append(f"{w}_{said[i + 1]}")
    return list(dict.fromkeys(out))


def value_phrases(question: str) -> list[str]:
    """The values a reverse question names: quoted strings, and runs of capitalised words that do not
    open the question (its first word is capitalised whatever it is), each also title-cased. A possessive
    ("Tom Berg's manager") names whose attribute is asked, not a value: it is left out."""
    found = [m.group(1).strip() for m in _QUOTED.finditer(question)]
    for m in _PROPER.finditer(question):
        phrase = m.group(0).rstrip(".'’")
        first = m.start() == len(question) - len(question.lstrip())
        if first:  # "Who", "Which company": drop the opening word, keep the rest of a run
            rest = phrase.split(None, 1)
            phrase = rest[1] if len(rest) > 1 and rest[1][:1].isupper() else ""
        if re.search(r"['’]s?$", phrase) or question[m.end():m.end() + 2] in ("'s", "’s"):
            continue  # "Tom Berg's account manager": the name owns the attribute, a forward question
        if phrase and phrase.lower() not in REVERSE_WORDS:
            found.append(phrase)
    if not found:  # written all lower-case: the words after a preposition ("who lives in porto")
        for m in _AFTER.finditer(question):  # "on the premium plan": the run and its shorter parts
            run = re.sub(r"^(?:the|a|an)\s+", "", m.group(1).strip(), flags=re.IGNORECASE).split()
            found += [" ".join(run[i:j]) for n in range(len(run), 0, -1) for i in range(len(run) - n + 1)
                      for j in [i + n]]
    found = [m.group(0) for m in _CODE.finditer(question)] + found  # "Who rents 2D?": first, never cut
    out = []
    for p in found:
        out += [p, p.title()]
    return list(dict.fromkeys(out))[:MAX_VALUES]


def is_code(value: str) -> bool:
    """A code of capitals and digits, both ("2D", "B12"): a value whatever attribute holds it."""
    return _CODE.fullmatch(value) is not None


def reverse_ask(question: str, time_phrases: Sequence[str] = ()) -> tuple[list[str], list[str]] | None:
    """(attribute names, values) a reverse question ("Who lives in Porto?") asks about: who holds one of the
    values under one of the names is read beside the question's names (`Channels.names`, one round trip).
    The words of its `time_phrases` ("on 3 March 2024") name no attribute and no value. None when the question
    is not a reverse one; empty lists when it names no value or no attribute word."""
    if not is_reverse(question):
        return None
    timeless = without_phrases(question, time_phrases)
    values = value_phrases(timeless)
    names = candidate_attributes(timeless)
    return (names, values) if values and names else ([], [])


# --- the attribute a question means without naming it (to rank only) --------------------------------------
# The attribute a question means without saying it: "What does Maria earn?" asks about `salary`, "What's his
# Twitter?" about `twitter_handle` (issue 31, item 2: similarity against the namespace's attribute names).
#
# Why only to rank: words, inflections and the synonym table (`attribute_words`) are exact and decide what a
# question asks; this is a guess by the embedding model, right on 39 of the 44 labelled questions of `graphmem eval
# attributes` (18/22 on the half not used to choose its threshold), so it never narrows an answer or drops a fact:
# it only puts the meant attribute's facts first among an entity's facts ("asked"), as a named attribute's are. It
# is asked only when no attribute of the facts found is named outright, and costs one embedding of the question's
# remaining words (the names' vectors are kept per store).

#: the cosine (normalised vectors of the store's model) from which a question's words mean an attribute; chosen as
#: the best on half A of `graphmem eval attributes`' labelled questions with all-MiniLM-L6-v2 (another model: run it
#: again) (the words joined as
#: one phrase: half A 21/22, half B 18/22; word by word, half B 18/22 at its own 0.42); below it, none is meant
ATTRIBUTE_SIMILARITY = 0.35
#: attribute names whose vectors a store keeps
NAMES_KEPT = 4096
_LETTERS = re.compile(r"[^\W\d_]+")


def content_words(question: str, skip: Iterable[str] = ()) -> list[str]:
    """The question's words that may mean an attribute: not stop words, not the `skip` words (its names and time
    words), not a possessive's "s"."""
    skipped = {w.lower() for s in skip for w in _LETTERS.findall(s)}
    words = _LETTERS.findall(question.lower().replace("'s", " ").replace("’s", " "))
    return [w for w in words if len(w) > 1 and w not in STOPWORDS and w not in skipped]


class Meanings:
    """Vectors of attribute names (as words: `twitter_handle` is "twitter handle"), kept for one store."""

    def __init__(self, embed: Callable[[list[str]], list[list[float]]]) -> None:
        self.embed = embed
        self.kept: OrderedDict[str, list[float]] = OrderedDict()
        self.lock = threading.Lock()

    def _vectors(self, names: Sequence[str]) -> list[list[float]]:
        with self.lock:
            found = {n: self.kept[n] for n in names if n in self.kept}
            for n in found:
                self.kept.move_to_end(n)  # the least recently asked names go first
        missing = [n for n in names if n not in found]
        if missing:
            found.update(zip(missing, self.embed([n.replace("_", " ") for n in missing]), strict=True))
            with self.lock:
                self.kept.update((n, found[n]) for n in missing)
                while len(self.kept) > NAMES_KEPT:
                    self.kept.popitem(last=False)
        return [found[n] for n in names]

    def meant(self, words: Sequence[str], attributes: Iterable[str]) -> list[str]:
        """The attribute the words mean, if one scores ATTRIBUTE_SIMILARITY or more (the best only), else none."""
        names = sorted({a for a in attributes if a})
        if not words or not names:
            return []
        [phrase] = self.embed([" ".join(words)])
        scores = [sum(a * b for a, b in zip(phrase, v)) for v in self._vectors(names)]
        best = max(range(len(names)), key=lambda i: scores[i])
        return [names[best]] if scores[best] >= ATTRIBUTE_SIMILARITY else []
