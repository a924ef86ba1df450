"""A name's words as names are compared: folded (case, diacritics, apostrophes, a possessive 's), without titles,
in every spelling people type (umlauts written out, a hyphen left out). Pure; `names` resolves questions with it."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

TITLES = frozenset({"mr", "mrs", "ms", "miss", "mx", "dr", "prof", "sir", "madam", "mme", "mlle", "herr", "frau",
                    "sr", "sra", "srta", "dona", "don", "mister", "doctor", "professor"})
#: words too common to be taken as a lone first or last name
COMMON = frozenset("""a an the and or but of in on at to for from by with about as is are was were be been being
do does did have has had what which who whom whose when where why how this that these those my your his her its
our their me him us them i you he she it we they last next ago year years month months week weeks day days
today yesterday tomorrow now then before after since until city phone email address name company account
manager new old current previous first live lives lived work works worked""".split())
_WORD = re.compile(r"[^\W_]+(?:['’&][^\W_]+)*", re.UNICODE)  # "P&G", "AT&T's": one word


#: letters Unicode does not decompose into a base letter and a mark, folded as the name index's analyzer
#: (Lucene's ASCII folding) folds them: "Łukasz" is "lukasz", "Søren" "soren", "Đặng" "dang", "Æsa" "aesa"
_UNDECOMPOSED = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ð": "d", "þ": "th", "æ": "ae", "œ": "oe", "ı": "i",
                               "ħ": "h", "ŧ": "t", "ŀ": "l"})


def fold(word: str) -> str:
    """Lower case, no diacritics, no apostrophes, no possessive 's: how names are compared."""
    w = word.replace("’", "'")
    if w.lower().endswith("'s"):
        w = w[:-2]
    if w.isascii():  # the same as below, without the Unicode work most names and questions never need
        return w.lower().replace("'", "")
    decomposed = unicodedata.normalize("NFKD", w.casefold().translate(_UNDECOMPOSED))  # casefold: "ß" is "ss"
    return "".join(c for c in decomposed if not unicodedata.combining(c) and c != "'")


@dataclass(frozen=True, slots=True)
class Word:
    start: int
    end: int
    text: str
    folded: str


#: runs of word characters joined by "-", "/", "_" or "." (an identifier when one of them holds a digit)
GLUED = re.compile(r"\w+(?:[-/_.]\w+)+")
#: an email address or a web address: no word of it is a name ("nikos.p@example.com" is no Nikos)
ADDRESS = re.compile(r"[\w.%+-]+@[\w.-]+\.[A-Za-z]{2,}|\bhttps?://\S+|\bwww\.\S+")


def words(text: str) -> list[Word]:
    """The words of `text`, each span without its possessive 's (so that a name can be replaced in place)."""
    return list(_words(text))


@lru_cache(maxsize=8192)  # a name question splits its question six times, and its candidates' names recur
def _words(text: str) -> tuple[Word, ...]:
    out = []
    for m in _WORD.finditer(text):
        raw, end = m.group(), m.end()
        if raw.lower().replace("’", "'").endswith("'s"):
            raw, end = raw[:-2], end - 2
        out.append(Word(m.start(), end, raw, fold(raw)))
    return tuple(out)


def name_tokens(name: str) -> tuple[str, ...]:
    """A name's folded tokens without titles (`Dr. José Álvarez` -> ('jose', 'alvarez'))."""
    return tuple(w.folded for w in words(name) if w.folded and w.folded not in TITLES)


#: German umlauts (and the Nordic ø) as they are written without them ("Müller" is also "Mueller", "Søren"
#: "Soeren"): folding alone makes "muller"
_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ø": "oe", "Ø": "Oe"})
WRITTEN_OUT = re.compile(r"(?:(?<=[a-z])|^)(ae|oe|ue)(?=[a-z])")  # "Oestergaard" as the index holds Østergaard


def bag(tokens: Sequence[str]) -> tuple[str, ...]:
    """A name's words in any order, each as often as written: "Johnson & Johnson" is not "Johnson"."""
    return tuple(sorted(tokens))


_HYPHENATED = re.compile(r"(?<=[^\W\d_])[-‐](?=[^\W\d_])")  # the hyphen inside a word of letters


@lru_cache(maxsize=8192)  # the same entities are candidates of many questions: their names are folded once
def name_spellings(name: str) -> frozenset[tuple[str, ...]]:
    """The token tuples a name may be written as: folded, with umlauts written out when it has any, and with the
    parts of its hyphenated words joined ("Kim Minjun" for Kim Min-jun, "Alsayed" for Al-Sayed: punctuation left
    out, as people type it)."""
    out = {name_tokens(name)}
    joined = _HYPHENATED.sub("", name)
    if joined != name:
        out.add(name_tokens(joined))
    apart = name_tokens(name.replace("&", " "))
    if "&" in name and len(set(apart)) == len(apart) and all(len(t) >= 3 and t not in COMMON for t in apart):
        out.add(apart)  # "Dolce&Gabbana" is also written "Dolce & Gabbana" (not "AT&T" as "at T", "Q&A" as "Q")
    if name.translate(_UMLAUTS) != name:
        out.add(name_tokens(name.translate(_UMLAUTS)))
    return frozenset(t for t in out if t)


#: particles that names write with a hyphen and people type glued to the name after them ("Al-Farsi" typed
#: "Alfarsi", "Abdul-Rahman" "Abdulrahman"): the candidate query also asks for the name after the particle
GLUED_PARTICLE = re.compile(r"(?:abdul|abdel|abd|abu|al|el|ul|bin|ibn|ben)(?=[a-z]{3,}$)")  # the longest first

#: the particles Korean writes on the end of a name ("김민준은", "김민준의", "김민준에게")
KOREAN_PARTICLE = re.compile(r"(?<=[\uac00-\ud7af]{2})(?:은|는|이|가|을|를|의|에게|에|와|과|도|로|으로|에서|한테|께서|님)$")

#: letters of scripts written without spaces between words (Chinese, Japanese) or with particles glued to a name
#: (Korean "김민준은"): a name in them is found inside the question's words, not as one of them
UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")


def hyphen_between(text: str, a: Word, b: Word) -> bool:
    return text[a.end:b.start] in ("-", "‐")


def joined_words(question: str, span: Sequence[Word]) -> list[str]:
    """A span's folded words with those the question hyphenates written as one ("Min-jun" as "minjun")."""
    out = [span[0].folded]
    for a, b in zip(span, span[1:]):
        if hyphen_between(question, a, b):
            out[-1] += b.folded
        else:
            out.append(b.folded)
    return out


#: words before a plural, never before a possessive ("which teams", "the Okafors", "all orders")
_DETERMINERS = frozenset("""the a an which what whose all some any many few several these those our your their his
    her its my no every each both other such""".split())


def possessive_stem(ws: Sequence[Word], i: int) -> str | None:
    """"what was priyas rent": a possessive typed without its apostrophe, the word without its "s" (None for a word
    too short or common, a plural after a determiner, a word with no noun after it)."""
    w = ws[i].folded
    if len(w) < 4 or not w.endswith("s") or w.endswith("ss") or w in COMMON or w[:-1] in COMMON or i + 1 >= len(ws):
        return None
    return None if i and ws[i - 1].folded in _DETERMINERS else w[:-1]
