"""A name's words as names are compared: folded (case, diacritics, apostrophes, a possessive 's), without titles,
in every spelling people type (umlauts written out, a hyphen left out). Pure; `names` resolves questions with it."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

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


class Spelling(NamedTuple):
    """One of a name's spellings with what `names.resolve` asks of it, made once with it (not per question)."""

    tokens: tuple[str, ...]
    bag: tuple[str, ...]  # `bag(tokens)`
    distinct: tuple[str, ...]  # its tokens once each, in order


Spellings = tuple[Spelling, ...]


def prepared_spellings(name: str) -> Spellings:
    """`name_spellings(name)`, sorted, each with its bag and distinct tokens; uncached (a caller keeping its own, a
    copy of a namespace's names, would flush `spellings_of`'s cache)."""
    return tuple(Spelling(t, bag(t), tuple(dict.fromkeys(t))) for t in sorted(name_spellings(name)))


#: the same entities are candidates of many questions: their names are folded once
spellings_of = lru_cache(maxsize=8192)(prepared_spellings)


#: particles that names write with a hyphen and people type glued to the name after them ("Al-Farsi" typed
#: "Alfarsi", "Abdul-Rahman" "Abdulrahman"): the candidate query also asks for the name after the particle
GLUED_PARTICLE = re.compile(r"(?:abdul|abdel|abd|abu|al|el|ul|bin|ibn|ben)(?=[a-z]{3,}$)")  # the longest first

#: the particles Korean writes on the end of a name ("김민준은", "김민준의", "김민준에게")
KOREAN_PARTICLE = re.compile(r"(?<=[\uac00-\ud7af]{2})(?:은|는|이|가|을|를|의|에게|에|와|과|도|로|으로|에서|한테|께서|님)$")

#: letters of scripts written without spaces between words (Chinese, Japanese) or with particles glued to a name
#: (Korean "김민준은"): a name in them is found inside the question's words, not as one of them
UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")


def possessive_after(text: str, end: int) -> bool:
    """A possessive "'s" (or "’s") follows the word that ends at `end` ("Will's truck", "Min-jun's city")."""
    return text[end:end + 2].replace("’", "'").lower() == "'s"


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


#: the words a name's possessive follows in a question ("what was priyas rent", "is toms flat free"): a plural follows
#: others ("show bills due", "list grants", "which teams")
_BEFORE_POSSESSIVE = frozenset("""was is are were what's whats where's wheres who's whos has had about for of
    with to at from""".split())


def possessive_stem(ws: Sequence[Word], i: int) -> str | None:
    """"what was priyas rent": a possessive typed without its apostrophe, the word without its "s": only in lower
    case (a capitalised word in "-s" is a surname: Williams, Andreas) after a question's verb or first, with a noun
    after it; `names.resolve` takes it only as the first name of a person's full name."""
    w = ws[i]
    if (len(w.folded) < 4 or not w.folded.endswith("s") or w.folded.endswith("ss") or w.folded in COMMON
            or w.folded[:-1] in COMMON or i + 1 >= len(ws)):
        return None
    if i == 0 or (w.text.islower() and ws[i - 1].folded in _BEFORE_POSSESSIVE):
        return w.folded[:-1]
    return None


#: what may stand right after a name written without spaces: a particle or a word that starts the rest of the sentence
#: (的, 在, 是, 和, 现(在), 今(天), 去(年), 昨(天), 住, 有, 说, 吗, 呢; Japanese の, さん, 様, は, が, を, に, と, も; the
#: first letters of Korean particles: 은, 는, 이, 가, 을, 를, 의, 에(게), 와, 과, 도, (으)로, 한테, 께서, 님, 랑, 하고)
_NAME_BEFORE = set("的在是和与跟现今去昨住有说吗呢了也都还就要会能想给对什哪几多怎为负管经做工"
                   "のさ様はがをにともへで은는이가을를의에와과도로으한께님랑하、，。？！ ")


def bounded(text: str, end: int) -> bool:
    """A name found inside words of a script without spaces ends there ("王芳的经理", "张伟现在", "김민준은"), not inside a
    longer word or name ("東京都" holds no 京都, "王伟明" no 王伟, "高峰期" no 高峰, "김민수" no 김민)."""
    after = text[end:end + 1]
    return not after or not UNSPACED.match(after) or after in _NAME_BEFORE


#: a company's name ends in one of these: a title never names one ("Ms O'Connor-Smith" is not O'Connor-Smith
#: Lettings Ltd); short ones only last ("Francisco Sá Carneiro", "Ab Osterhaus" are people)
ORG_WORDS = frozenset("""ltd limited llc llp inc incorporated corp corporation gmbh ag ab sa sas srl bv nv plc co
    company group holdings partners associates""".split())


def first_name_holders(stem: str | None, by_token: dict[str, list[tuple[str, str]]]) -> list[tuple[str, str]]:
    """The people whose first name `stem` is ("priyas rent": Priya Raman; not Bill Turner's "bills", Sale Ltd's "sales")."""
    return [(k, n) for k, n in by_token.get(stem or "", []) if len(toks := name_tokens(n)) > 1 and toks[0] == stem
            and toks[-1] not in ORG_WORDS]


Holder = tuple[str, str]  # (key, name)


def name_index(entities: Iterable[tuple[str, str | None]], also: Iterable[tuple[str, str]],
               spellings: Callable[[str], Spellings]) -> tuple[dict[tuple[str, ...], list[Holder]],
                                                               dict[str, list[Holder]], dict[str, tuple[str, ...]]]:
    """The candidates' names as `names.resolve` looks them up: by their words in any order (`bag`), by each word, and
    each key's words (of every spelling of every name it holds, `also`'s former names included)."""
    full: dict[tuple[str, ...], list[Holder]] = {}  # a name's words, sorted: in any order, each as often
    by_token: dict[str, list[Holder]] = {}
    tokens_of: dict[str, tuple[str, ...]] = {}
    for key, name in entities:
        if not name:
            continue
        held = (key, name)
        for toks, toks_bag, distinct in spellings(name):
            seen = tokens_of.get(key)  # every spelling's tokens
            tokens_of[key] = distinct if seen is None else tuple(dict.fromkeys([*seen, *toks]))
            holders = full.get(toks_bag)
            if holders is None:
                full[toks_bag] = [held]
            elif held not in holders:
                holders.append(held)
            for t in distinct:
                holders = by_token.get(t)
                if holders is None:
                    by_token[t] = [held]
                elif held not in holders:
                    holders.append(held)
    for key, name in also:
        for toks, _, _ in spellings(name):
            tokens_of[key] = tuple(dict.fromkeys([*tokens_of.get(key, ()), *toks]))
    return full, by_token, tokens_of
