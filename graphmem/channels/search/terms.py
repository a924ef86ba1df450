"""The words of a query, as each index wants them. Pure.

The keyword index gets the query's topic words (stop and question words dropped), Lucene-escaped and
required to be in the namespace; the names of the namespace's speakers are left out of it (every turn is
indexed as "Speaker: text", so a name matched all of that person's turns and drowned the topic words:
LoCoMo R@10 +0.018 on both halves, tuned on the even conversations and checked on the odd ones), and the
speaker part of ranking carries them instead. A scoped search, where no analyzer runs, matches crude stems.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from graphmem.limits import MAX_QUERY_TERMS
from graphmem.text.summarise import STOPWORDS

_LUCENE_SPECIAL = re.compile(r'([+\-!(){}\[\]^"~*?:\\/&|])')
_WORD = re.compile(r"\w+")
#: question words that carry no topic on top of the general stop list
_QUESTION_WORDS = frozenset("what when where who whom whose which why how would could should".split())
_SUFFIXES = ("ings", "ing", "edly", "ed", "es", "s")


def escape_lucene(text: str) -> str:
    """Backslash every character Lucene's query parser treats as syntax."""
    return _LUCENE_SPECIAL.sub(r"\\\1", text)


def query_terms(query: str) -> list[str]:
    """Lower-case word tokens minus stop and question words (all tokens if that leaves none), distinct, the
    first MAX_QUERY_TERMS only: each is a Lucene clause, and Lucene refuses a query of over 1,024."""
    words = [w.lower() for w in _WORD.findall(query)]
    kept = [w for w in words if w not in STOPWORDS and w not in _QUESTION_WORDS]
    out = kept or words
    return list(dict.fromkeys(out))[:MAX_QUERY_TERMS]


def scope_words(terms: Sequence[str]) -> list[str]:
    """Word beginnings that match a term's variants where no analyzer runs (a scoped search matches
    query words at the start of the words of a text): 'complained' and 'complaining' both begin with
    'complain'. A crude English suffix cut that keeps at least three letters; distinct, in order."""
    out = []
    for t in terms:
        if t.endswith("ies") and len(t) > 4:
            out.append(t[:-3] + "y")
            continue
        for suffix in _SUFFIXES:
            if t.endswith(suffix) and len(t) - len(suffix) >= 3:
                t = t[: -len(suffix)]
                break
        out.append(t)
    return list(dict.fromkeys(out))


def lucene_query(terms: Sequence[str], ns: str) -> str | None:
    """An OR of the escaped terms over the text field, required to be in the namespace.

    The namespace clause is boosted by 0: it still filters, but scores nothing. Scored, it added the same
    constant to every hit and kept Lucene from skipping the documents that cannot reach the top (block-max
    WAND): on a 1,000,000-turn namespace the full-text query alone took p50 33.6 ms, p99 83.2 ms scored and
    11.3 / 28.2 ms boosted by 0 (one run, 100 queries each), with the same top 50 in 120 of 120 queries
    (`docs/scaling.md`). Lucene's own scores lose that constant: where they are used as they are (a
    namespace without keyword statistics; choosing which summaries lift their turns) ratios between hits
    are no longer compressed by it."""
    if not terms:
        return None
    body = " ".join(escape_lucene(t) for t in terms)
    return f'+ns:"{escape_lucene(ns)}"^0 +search_text:({body})'


def keyword_terms(terms: Sequence[str], speakers: Iterable[str | None]) -> list[str]:
    """The query terms for the keyword index, without the names of the namespace's speakers (whole name
    or first name, as `named_speakers` reads them); all terms if only names are left."""
    names = set()
    for s in speakers:
        if s and s.strip():
            names.add(s.lower())
            names.add(s.split()[0].lower())
    kept = [t for t in terms if t not in names]
    return kept or list(terms)


def named_speakers(query: str, speakers: Iterable[str | None]) -> set[str]:
    """The speakers (lower-case) whose name, or first name, is a word of the query."""
    words = {w.lower() for w in _WORD.findall(query)}
    out = set()
    for s in speakers:
        if s and (s.lower() in words or s.split()[0].lower() in words):
            out.add(s.lower())
    return out
