"""Key entities of a stretch of conversation: identifiers, then names. Pure: no model, no I/O.

Why not a statistical NER: the extractive summariser runs on every fold, synchronously, on 2 cores,
and must install from PyPI alone. spaCy's English pipelines are not published on PyPI (they come from
GitHub releases; the PyPI copies are unofficial re-uploads), so a model-backed NER could not be a
dependency we can vouch for. What remains works well on chat text, measured in
tests/unit/test_summarise.py on a small labelled set:
- identifiers first, exactly as written, from the pattern registry (graphmem.identifiers: emails,
  phones, order ids, UUIDs): the details an agent needs later and the ones a name finder misses;
- then capitalised spans, with what makes chat text noisy taken out: contractions and pronouns
  ("I'm", "I've"), greetings and fillers ("Thanks", "Sorry"), a capitalised word that only ever opens a
  sentence, role words ("agent", "customer"), month and day names, and a street suffix or a title
  alone; a suffix stays joined to its name ("14 Harbor Rd") and a title to the name after it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from graphmem.identifiers import DEFAULT_REGISTRY, Registry
from graphmem.identifiers.names import CALENDAR_WORDS

#: Never an entity on their own: pronouns, determiners, greetings, fillers, answer words, question words.
STOP = frozenset("""
i me my mine myself you your yours we us our ours he him his she her hers it its they them their theirs
this that these those there here what who whom whose which where when why how a an the and or but so if
then than as at by for from in into of on to with without about after before also just only even still
hi hello hey dear thanks thank sorry yes no not ok okay sure great good nice cool awesome wow oh ah hmm
well yeah yep yup nope please bye goodbye welcome cheers congrats congratulations lol haha omg btw fyi asap
let maybe perhaps anyway actually really definitely absolutely totally honestly glad happy hope sounds
is are was were be been am do does did have has had will would can could should shall may might must
today tomorrow yesterday tonight morning evening afternoon night week weekend month year
""".split())
#: Who is speaking, not who is spoken of.
ROLE_WORDS = frozenset("""
agent customer user assistant system tool bot chatbot support operator representative rep caller client
staff team admin administrator moderator human ai host guest buyer seller manager supervisor
""".split())
#: Joined to the name before them; alone they are no entity.
STREET_SUFFIXES = frozenset("""
rd road st street ave avenue blvd boulevard ln lane dr drive ct court way pl place hwy highway sq square
ter terrace pkwy parkway cres crescent
""".split())
#: Joined to the name after them.
TITLES = frozenset("mr mrs ms miss dr prof sir madam mx".split())
#: Lower-case words allowed inside a name ("Bank of America", "Leonardo da Vinci").
_JOINERS = frozenset("of de da di del van von la le du".split())

_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:['’][A-Za-z]+)*\.?|\d+[A-Za-z]?")
_SENTENCE_END = re.compile(r"[.!?]+[\"')\]]*\s+|\n+")
_CONTRACTION = re.compile(r"['’](m|re|ve|ll|d|t)$", re.IGNORECASE)

MAX_ENTITIES = 10


@dataclass(frozen=True, slots=True)
class _Tok:
    text: str
    start: int
    end: int
    initial: bool  # opens a sentence


def _tokens(text: str) -> list[_Tok]:
    """Word tokens with their spans, marked when they open a sentence."""
    starts = {0} | {m.end() for m in _SENTENCE_END.finditer(text)}
    out: list[_Tok] = []
    for m in _TOKEN.finditer(text):
        word = m.group(0)
        before = text[:m.start()].rstrip(" \t\"'([")
        initial = m.start() in starts or not before or before.endswith((".", "!", "?", "\n", ":"))
        out.append(_Tok(word, m.start(), m.end(), initial))
    return out


def _clean(word: str) -> str:
    """The word without a possessive or a trailing abbreviation dot."""
    word = word.rstrip(".")
    for suffix in ("'s", "’s"):
        if word.endswith(suffix):
            return word[:-len(suffix)]
    return word


def _capitalised(word: str) -> bool:
    return word[:1].isupper() and not _CONTRACTION.search(word)


def _is_stop(word: str) -> bool:
    low = word.lower()
    return low in STOP or low in ROLE_WORDS or bool(_CONTRACTION.search(word))


def _spans(text: str) -> Iterable[tuple[list[_Tok], bool]]:
    """Runs of capitalised tokens (joiners and a house number allowed), split at gaps and punctuation."""
    toks = _tokens(text)
    run: list[_Tok] = []

    def flush() -> Iterable[tuple[list[_Tok], bool]]:
        while run and run[-1].text.lower() in _JOINERS:
            run.pop()
        if run:
            yield list(run), run[0].initial
        run.clear()

    for i, tok in enumerate(toks):
        gap = text[run[-1].end:tok.start] if run else ""
        if run and (gap.strip() or run[-1].text.endswith(".") and _clean(run[-1].text).lower() not in
                    STREET_SUFFIXES | TITLES):
            yield from flush()
        word = tok.text
        nxt = toks[i + 1].text if i + 1 < len(toks) else ""
        if word[0].isdigit():
            if nxt[:1].isupper() and not gap.strip():
                yield from flush()
                run.append(tok)  # a house number: kept only if its run ends in a street suffix
            else:
                yield from flush()
        elif _capitalised(word) and not _is_stop(_clean(word)):
            run.append(tok)
        elif run and word.lower() in _JOINERS and nxt[:1].isupper():
            run.append(tok)
        else:
            yield from flush()
    yield from flush()


def _name_of(run: list[_Tok], mid_sentence: set[str]) -> str | None:
    """The entity a run names, or None when it names nothing (a suffix alone, a sentence opener)."""
    words = [t.text.rstrip(".") for t in run[:-1]] + [_clean(run[-1].text)]  # "Gina's Closet", "Gina's"
    if words[0][0].isdigit() and words[-1].lower() not in STREET_SUFFIXES:
        words = words[1:]
        run = run[1:]
    if not words:
        return None
    lows = [w.lower() for w in words]
    if len(words) == 1:
        w, low = words[0], lows[0]
        if low in STREET_SUFFIXES | TITLES | CALENDAR_WORDS or len(w) < 2:
            return None
        if run[0].initial and w not in mid_sentence:
            return None  # "Thanks", "Booked": capitalised only because it opens a sentence
    elif all(low in STREET_SUFFIXES | TITLES | CALENDAR_WORDS | _JOINERS or low.isdigit() for low in lows):
        return None
    return " ".join(words)


def names(texts: Sequence[str], *, speakers: Iterable[str | None] = (),
          registry: Registry = DEFAULT_REGISTRY) -> list[tuple[str, int]]:
    """(name, count) for the names in the texts, most mentioned first, then first seen; speakers count
    once each unless they are role words. A name that is part of a longer one found ("Dana" in "Dana
    Reyes") is counted for the longer one."""
    blanked = [_blank(t, registry) for t in texts]
    mid_sentence = {_clean(t.text) for text in blanked for t in _tokens(text) if not t.initial}
    counts: dict[str, int] = {}
    for text in blanked:
        for run, _ in _spans(text):
            name = _name_of(run, mid_sentence)
            if name:
                counts[name] = counts.get(name, 0) + 1
    for speaker in speakers:
        if speaker and speaker.strip() and speaker.strip().lower() not in ROLE_WORDS | STOP:
            counts[speaker.strip()] = counts.get(speaker.strip(), 0) + 1
    longer = sorted(counts, key=lambda n: -len(n.split()))
    for name in list(counts):
        parts = [w for w in name.split() if w.lower() not in TITLES] or name.split()
        host = next((h for h in longer if h != name and len(h.split()) > len(parts)
                     and _contains(h.split(), parts)), None)
        if host is not None:
            counts[host] += counts.pop(name)
    order = {n: i for i, n in enumerate(counts)}
    return sorted(counts.items(), key=lambda kv: (-kv[1], order[kv[0]]))


def _contains(whole: list[str], part: list[str]) -> bool:
    return any(whole[i:i + len(part)] == part for i in range(len(whole) - len(part) + 1))


def _blank(text: str, registry: Registry) -> str:
    """The text with its identifiers blanked out (an email's or an order id's parts are not names)."""
    out = list(text)
    for found in registry.find(text):
        out[found.start:found.end] = " " * (found.end - found.start)
    return "".join(out)


def key_entities(texts: Sequence[str], *, speakers: Iterable[str | None] = (),
                 registry: Registry = DEFAULT_REGISTRY, limit: int = MAX_ENTITIES) -> list[str]:
    """Identifiers as written (first seen first), then names (most mentioned first), at most `limit`."""
    out: list[str] = []
    for text in texts:
        for found in registry.find(text):
            if found.raw not in out:
                out.append(found.raw)
    for name, _ in names(texts, speakers=speakers, registry=registry):
        if name not in out:
            out.append(name)
    return out[:limit]


def is_identifier(value: str, registry: Registry = DEFAULT_REGISTRY) -> bool:
    """The whole string is one identifier of the registry (an entity list's exact values)."""
    found = registry.find(value.strip())
    return len(found) == 1 and found[0].raw == value.strip()
