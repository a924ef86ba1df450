"""BM25 on one namespace's own keyword statistics: the analysis both sides of the statistics share (the
write path counts a turn's terms, a query looks its terms up) and the score. Pure; the statistics are read
and written by `stats`.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from graphmem.text.summarise import STOPWORDS

K1, B = 1.2, 0.75  # BM25's usual term-frequency saturation and length normalisation
_WORD = re.compile(r"\w+")
_SUFFIXES = ("ings", "ing", "edly", "ed", "es", "s")


def stem(word: str) -> str:
    """A crude English suffix cut keeping at least three letters (as `terms.scope_words`): 'complained' and
    'complaining' count as one term. Lucene still finds candidates with its own analyzer; this only has to
    be the same on both sides of the statistics (write and query)."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def analyse(text: str) -> list[str]:
    """The terms of a text as the statistics count them: lower-case word tokens, stop words dropped, stemmed."""
    return [stem(w) for w in (x.lower() for x in _WORD.findall(text)) if w not in STOPWORDS]


@dataclass(frozen=True)
class KeywordStats:
    """A namespace's statistics for one query's terms."""

    docs: int
    length: int
    df: Mapping[str, int] = field(default_factory=dict)

    @property
    def usable(self) -> bool:
        """False for a namespace whose turns were written before statistics existed (not yet rebuilt)."""
        return self.docs > 0

    @property
    def avgdl(self) -> float:
        return self.length / self.docs if self.docs else 1.0

    def idf(self, term: str) -> float:
        """BM25's IDF (the +1 form, never negative) within the namespace."""
        n = self.df.get(term, 0)
        return math.log(1.0 + (self.docs - n + 0.5) / (n + 0.5))


def query_stems(words: Iterable[str]) -> list[str]:
    """The distinct analysed terms of a query's keyword words, in order."""
    return list(dict.fromkeys(t for w in words for t in analyse(w)))


def bm25(stats: KeywordStats, terms: Sequence[str], text: str, avgdl: float | None = None) -> float:
    """BM25 of one text for the query's analysed terms, on the namespace's statistics alone (`avgdl`: the
    average length to normalise against, the namespace's turns' by default)."""
    tokens = analyse(text)
    if not tokens:
        return 0.0
    counts = Counter(tokens)
    norm = K1 * (1.0 - B + B * len(tokens) / (avgdl or stats.avgdl))
    score = 0.0
    for t in terms:
        tf = counts.get(t, 0)
        if tf:
            score += stats.idf(t) * tf * (K1 + 1.0) / (tf + norm)
    return score
