"""What a parameter's values look like, and finding such values in a task text. Pure.

From the values a parameter took across runs we learn how to recognise it in a new task text:
an identifier kind of `graphmem.identifiers` (emails, phones, order-like keys, UUIDs), a regular
expression generalised from the values' shape (`ORD-48213`, `ORD-00917` → `ORD-\\d{5}`), a small
set of choices, or a number. Filling claims text spans most-specific parameter first, so
`ORD-\\d{5}` takes the order id before a bare `\\d{5}` postcode could take its digits.
"""

from __future__ import annotations

import json
import re
from datetime import date, time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from graphmem.identifiers import DEFAULT_REGISTRY, Registry
from graphmem.induction.model import Param, is_number

_TOKEN = re.compile(r"[A-Z]+|[a-z]+|\d+|\s+|.", re.DOTALL)
_NUMBER = re.compile(r"(?<![\w.-])-?\d+(?:[.,]\d+)?(?![\w-]|\.\d)")
_LEFT, _RIGHT = r"(?<![\w-])", r"(?![\w-])"
MAX_CHOICES = 12


def _cls(tok: str) -> str:
    if tok.isdigit():
        return "d"
    if tok.isalpha() and tok.isascii():
        return "U" if tok.isupper() else "L"
    if tok.isspace():
        return "s"
    return "=" + tok  # punctuation and anything else: literal


def shape(values: Sequence[str]) -> str | None:
    """A regular expression all values share, or None when their shapes differ or it says too little.

    Letter runs equal in every value stay literal (`ORD`); digits never do (a year seen in
    every run is still a variable); digit counts are kept when all equal (postcodes, ids), letter
    counts never are (names). A shape with no literal, digit or punctuation and fewer than
    two capitalised words ("damaged item", "Springfield") would match ordinary words: refused.
    """
    if not values:
        return None
    toks = [_TOKEN.findall(v) for v in values]
    classes = [[_cls(t) for t in ts] for ts in toks]
    if any(c != classes[0] for c in classes[1:]):
        return None
    parts: list[str] = []
    specific, capitals = False, 0
    for i, c in enumerate(classes[0]):
        col = [ts[i] for ts in toks]
        lengths = {len(t) for t in col}
        if c.startswith("="):
            parts.append(re.escape(c[1:]))
            specific = True
        elif c == "s":
            parts.append(r"\s+")
        elif c == "d":
            parts.append(r"\d" + (f"{{{len(col[0])}}}" if len(lengths) == 1 else "+"))
            specific = True
        elif len(set(col)) == 1 and (len(col[0]) > 1 or len(set(values)) == 1 or len(set(values)) >= 4):
            parts.append(re.escape(col[0]))
            specific = True
        else:
            capitals += c == "U"
            parts.append(("[A-Z]" if c == "U" else "[a-z]") + ("" if lengths == {1} else "+"))
    if not (specific or capitals >= 2):
        return None
    return "".join(parts)


def _literal_letters(pattern: str | None) -> bool:
    return bool(pattern and re.search(r"(?<!\\)(?<![\[\-])[A-Za-z]{2,}", pattern.replace(r"\d", "")))


def describe_values(values: Sequence[Any], registry: Registry = DEFAULT_REGISTRY) -> tuple[str, str | None,
                                                                                             tuple[str, ...]]:
    """(kind, pattern, choices) for the values a parameter took, as in the module docstring."""
    if values and all(is_number(v) for v in values):
        return "number", None, ()
    if not values or not all(isinstance(v, str) and v for v in values):
        distinct = sorted({v if isinstance(v, str) else json.dumps(v, sort_keys=True) for v in values})
        return ("choice", None, tuple(distinct)) if 0 < len(distinct) <= MAX_CHOICES and \
            all(isinstance(v, (str, bool)) for v in values) else ("json", None, ())
    strs: list[str] = list(values)
    for kind, parse, mark in (("date", date.fromisoformat, "-"), ("time", time.fromisoformat, ":")):
        try:
            if all(mark in v and parse(v) for v in strs):
                return kind, shape(strs), ()
        except ValueError:
            continue
    kinds = set()
    for v in strs:
        found = registry.find(v)
        kinds.add(found[0].kind if len(found) == 1 and found[0].raw == v.strip() else None)
    id_kind = next(iter(kinds)) if len(kinds) == 1 else None
    if id_kind in ("email", "uuid", "phone"):
        return id_kind, None, ()  # the registry's own pattern knows these better than a shape of a few
    pattern = shape(strs)
    if pattern is not None:
        return id_kind or "pattern", pattern, ()
    if id_kind is not None:
        return id_kind, None, ()
    counts = Counter(strs)
    if len(counts) <= MAX_CHOICES and len(strs) >= 2 * len(counts):
        return "choice", None, tuple(sorted(counts))
    return "text", None, ()


def appears_in(value: Any, text: str) -> bool:
    """Whether a value is written in the text as a whole token (numbers compared by value)."""
    if is_number(value):
        return any(_same_number(m.group(0), value) for m in _NUMBER.finditer(text))
    if not isinstance(value, str) or len(value.strip()) < 2:
        return False
    hay, needle = text.lower(), value.strip().lower()
    i = hay.find(needle)
    while i >= 0:  # a plain scan, not a regex per value: induction calls this for every value of every run
        end = i + len(needle)
        if not (i > 0 and _wordish(hay[i - 1])) and not (end < len(hay) and _wordish(hay[end])):
            return True
        i = hay.find(needle, i + 1)
    return False


def _wordish(c: str) -> bool:
    return c.isalnum() or c in "_-"


def _same_number(raw: str, value: float) -> bool:
    try:
        return abs(float(raw.replace(",", ".")) - float(value)) < 1e-9
    except (ValueError, OverflowError):
        return False


def left_context(pairs: Sequence[tuple[Any, str]]) -> str | None:
    """The word written just before the value in more than half of the (value, task) pairs, if any."""
    found: Counter[str] = Counter()
    for value, task in pairs:
        if not isinstance(value, str) or len(value.strip()) < 2:
            continue
        m = re.search(r"(\w+)\s+" + re.escape(value.strip()) + r"(?![\w-])", task, re.IGNORECASE)
        if m:
            found[m.group(1).lower()] += 1
    if not found:
        return None
    word, n = min(found.items(), key=lambda x: (-x[1], x[0]))
    return word if 2 * n > len(pairs) else None


def _priority(p: Param) -> tuple[int, int, str]:
    if p.pattern and _literal_letters(p.pattern):
        rank = 0
    elif p.kind in ("email", "uuid", "phone", "key"):
        rank = 1
    elif p.pattern:
        rank = 2
    elif p.kind == "choice":
        rank = 3
    else:
        rank = 4
    return (rank, -len(p.pattern or ""), p.name)


def _candidates(p: Param, text: str, registry: Registry) -> list[tuple[int, int, str]]:
    if p.pattern:
        try:
            rx = re.compile(_LEFT + p.pattern + _RIGHT)
        except re.error:
            return []
        return [(m.start(), m.end(), m.group(0)) for m in rx.finditer(text)]
    if p.kind in ("email", "uuid", "phone", "key"):
        return [(f.start, f.end, f.raw) for f in registry.find(text) if f.kind == p.kind]
    if p.kind == "number":
        return [(m.start(), m.end(), m.group(0)) for m in _NUMBER.finditer(text)]
    if p.kind == "text" and p.context:
        rx = re.compile(r"(?<![\w-])(?i:" + re.escape(p.context) + r")\s+([A-Z0-9][\w'.&-]*(?:\s+[A-Z0-9][\w'.&-]*)*)")
        return [(m.start(1), m.end(1), m.group(1)) for m in rx.finditer(text)]
    if p.kind == "choice":
        out = []
        for c in sorted(p.choices, key=len, reverse=True):
            for m in re.finditer(_LEFT + re.escape(c) + _RIGHT, text, re.IGNORECASE):
                out.append((m.start(), m.end(), c))
        return sorted(out)
    return []


def fill_params(params: Sequence[Param], task: str, registry: Registry = DEFAULT_REGISTRY,
                min_from_task: float = 0.5) -> dict[str, str]:
    """The parameters a task text seems to fill: {name: text found}, most specific parameter first.

    Only parameters whose values came from the task text in at least `min_from_task` of the runs
    are looked for; the others (an id a step returns, say) are obtained while running.
    """
    taken: list[tuple[int, int]] = []
    out: dict[str, str] = {}
    for p in sorted(params, key=_priority):
        if p.from_task < min_from_task:
            continue
        for start, end, raw in _candidates(p, task, registry):
            if any(start < e and s < end for s, e in taken):
                continue
            taken.append((start, end))
            out[p.name] = raw
            break
    return {p.name: out[p.name] for p in params if p.name in out}
