"""What is never a date: identifiers, phone numbers, versions, decimals, IP addresses, long numbers.

The caller masks the identifiers it recognised (the router passes the spans of
`graphmem.identifiers`); this catches the rest with one precompiled pattern, so "ORD-2024-001",
"cust-2025", "2024-1138", "138-0000-1234", "version 3.2", "2024.10.1", "10.3.20.25" and "20251234" never read as
years or days (a year-first dotted day, "2025.03.15", is a day), while a date right after an identifier still
does ("cust-1042 in March 2026").
Blanking keeps every offset, so the words a phrase came from can be cut from the original question.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from graphmem.text.regex_gates import Gated

_ID = re.compile(
    r"(?<![\w-])(?=[\w/-]*[a-z])(?=[\w/-]*\d)[a-z0-9/]+(?:-[a-z0-9]+)+(?![\w-])"  # cust-1042 ORD-2024-001 12/2025-B
    r"|(?<![\w.-])(?!\d{4}-\d\d-\d\d|\d{4}/\d\d?/\d|(?:19|20)\d\d\.\d\d\.\d\d(?!\d|\.\d))"  # phones, not ISO days
    r"\+?\d{2,4}(?:[ .-]\d{2,4}){2,4}(?![\d-])"
    r"|(?<![\d-])\d{4}-\d{3,}(?![\d-])"  # 2024-1138, 2024-001
    r"|#\d+|(?<![\d.])\d+(?:\.\d+){3,}|\bversion\s+\d+(?:\.\d+)*|(?<![\d.,/-])\d{5,}(?![\d.,/-])"  # #4411, IPs
    r"|(?<![\d.])\d+\.\d+\.\d+(?!\d|\.\d)"  # versions: 2024.10.1, 3.2.1 (dotted days are exempted below)
    r"|(?<![\d.])(?!\d+\.5\s*(?:years?|months?|weeks?|days?|yrs?|wks?|mos?)\s+(?:ago|back)\b)\d+\.\d+(?![\d.])")
#: ^ decimals: 3.2, 10.5, 19.99; but for a count of units and a half back ("1.5 years ago")
#: what the pattern above also matches but is a date after all (an ISO day or time, a dotted or dashed day
#: whose numbers can be a day and a month, a year's part: "mid-2024", a bound: "pre-2020", a run of quarters: "Q1-Q3")
_DATE_AFTER_ALL = re.compile(r"\d{4}-\d{1,2}-\d{1,2}|\d{4}-\d{2}-\d{2}t[\d:]+z?|(?:early|mid|late|pre|post)-(?:19|20)\d\d"
                             r"|(?:19|20)\d\d\.\d\d\.\d\d|q[1-4]-q[1-4]|(?:19|20)\d\d-w\d\d"
                             r"|(?:0?[1-9]|[12]\d|3[01])([.-])(?:0?[1-9]|[12]\d|3[01])\1(?:\d{4}|\d{2})")


def blank(text: str, spans: Iterable[tuple[int, int]]) -> str:
    """`text` with each span replaced by as many spaces (offsets unchanged)."""
    chars = list(text)
    for s, e in spans:
        chars[s:e] = " " * (len(chars[s:e]))
    return "".join(chars)


def lower(text: str) -> str:
    """Lower case, one character for one: a few characters lower to two ("İ"), which would shift
    every offset after them; those stay as they are."""
    low = text.lower()
    if len(low) == len(text):
        return low
    return "".join(c if len(c.lower()) != 1 else c.lower() for c in text)


#: every branch of `_ID` holds a digit (the first in its lookahead), so a text without its needles (a digit) is
#: left as it is without a scan (`graphmem.text.regex_gates.Gated`)
_ID_GATE = Gated(_ID)


def mask_identifiers(text: str) -> str:
    """`text` (lower-cased) with everything that looks like an identifier blanked."""
    if not _ID_GATE.may_match(text):
        return text
    spans = [m.span() for m in _ID.finditer(text) if not _DATE_AFTER_ALL.fullmatch(m.group(0))]
    return blank(text, spans) if spans else text
