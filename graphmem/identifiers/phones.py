"""Finding phone numbers in free text: libphonenumber's matcher, then the kind's own pattern. Pure.

`PhoneNumberMatcher` reads a number the way people write it ("+1 (415) 555-0142", "415.555.0142",
"+86 138 0000 1234") and refuses digit runs that merely look like one. Its leniency was chosen by
measurement (tests/unit/test_identifiers.py holds the cases; README "Identifiers" the figures): VALID
found every phone of the table and took nothing else, POSSIBLE took order ids and tracking numbers,
STRICT_GROUPING and EXACT_GROUPING missed numbers grouped unusually ("+1 4155 550142").

The matcher only finds numbers it can validate in the default region. The kind's regular expression
then finds the rest, as graphmem did before (a Chinese mobile under a US default, a test number),
stored as its digits. Neither may take a date ("2026-03-01", "2026.03.01"), a decimal amount or a price.

The matcher validates every digit run it sees (~0.1 ms each: a date, an amount, an order number), so it
reads only the runs of seven digits or more that are not dates, and a cheap pre-check skips it (and the
pattern) for every text without seven digits in a row, allowing short separators: most turns.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from phonenumbers import Leniency, PhoneNumberMatcher

from graphmem.identifiers.normalisers import e164, e164_of

LENIENCY = Leniency.VALID
MIN_DIGITS, MAX_DIGITS = 7, 15  # the shortest subscriber number; E.164's longest
#: seven digits, each pair separated by at most a short run of phone punctuation
_GATE = re.compile(r"\d(?:[ \t().\-/]{0,3}\d){6}")
#: a run of digits and phone punctuation: the windows the matcher reads (with two characters either side,
#: which its checks for a letter or a currency sign next to a number look at)
_RUN = re.compile(r"\+?\(?\d(?:[ \t().\-/]{0,3}\d)*\)?")
_CONTEXT = 2
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
#: "2026.03.01", "2025/10/17" and "2025 10 17" (what "2025年10月17日" leaves once CJK is blanked), and day- or
#: month-first dates with a four-digit year ("15.03.2025", "03/15/2025"): a string that reads as a date is no phone
DATE_LIKE = re.compile(r"^(?:(?:19|20)\d{2}([-./ ])(?:0?[1-9]|1[0-2])\1(?:0?[1-9]|[12]\d|3[01])"
                       r"|(?:0?[1-9]|[12]\d|3[01])([-./ ])(?:0?[1-9]|[12]\d|3[01])\2(?:19|20)\d{2})$")
#: a year range ("2019-2024", "1999 2001"), a compact date ("20240301"), an IPv4 address
_NOT_PHONE = re.compile(r"(?:19|20)\d{2}[-/ ](?:19|20)\d{2}|(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])"
                        r"|\d{1,3}(?:\.\d{1,3}){3}")
_CURRENCY_BEFORE = re.compile(r"[$€£¥₹₩#]\s?$")  # a price, or a numbered thing ("order #100234567")
_DECIMAL_AFTER = re.compile(r"[.,]\d")
_AMOUNT = re.compile(r"\d{4,}[.,]\d{1,2}$")  # "2125551234.00": a long run, then cents


class PhoneSpan(NamedTuple):
    start: int
    end: int
    raw: str
    value: str  # as stored: E.164 digits without "+", or digits only


def find_phones(text: str, pattern: re.Pattern[str], region: str) -> Iterator[PhoneSpan]:
    """The phones of the text, in no particular order, without overlaps.

    `pattern` is the kind's expression, the fallback for numbers libphonenumber does not validate.
    """
    if not _GATE.search(text):
        return
    taken: list[tuple[int, int]] = []
    for run in _RUN.finditer(text):
        if (sum(c.isdigit() for c in run.group(0)) < MIN_DIGITS or DATE_LIKE.match(run.group(0))
                or _key_before(text, run.start())):
            continue  # the matcher validates each candidate: 0.1 ms a date or an order number
        offset = max(0, run.start() - _CONTEXT)
        for found in PhoneNumberMatcher(text[offset:run.end() + _CONTEXT], region, leniency=LENIENCY):
            start, end = offset + found.start, offset + found.end
            if _plausible(text, start, end, found.raw_string):
                taken.append((start, end))
                yield PhoneSpan(start, end, found.raw_string, e164_of(found.number))
    for m in pattern.finditer(text):
        raw, start, end = m.group(0), m.start(), m.end()
        if any(start < e and s < end for s, e in taken):
            continue
        n = sum(c.isdigit() for c in raw)
        if MIN_DIGITS <= n <= MAX_DIGITS and not _ISO_DATE.fullmatch(raw) and _plausible(text, start, end, raw):
            yield PhoneSpan(start, end, raw, e164(raw, region))


def _key_before(text: str, start: int) -> bool:
    """The run continues a key ("ORD-2026-0042", "x4155550142"): part of an identifier, not a phone."""
    before = text[max(0, start - 2):start]
    return before[-1:].isascii() and (before[-1:].isalpha() or before[-1:] == "_"
                                      or (before[-1:] == "-" and before[:1].isascii() and before[:1].isalpha()))


def _plausible(text: str, start: int, end: int, raw: str) -> bool:
    """Not a date, a year range or an IP address, not a price ("$2125551234") or a numbered thing
    ("#100234567"), not an amount or its integer part ("2125551234.00")."""
    return not (DATE_LIKE.match(raw) or _NOT_PHONE.fullmatch(raw) or _AMOUNT.search(raw) or _DECIMAL_AFTER.match(text, end)
                or _CURRENCY_BEFORE.search(text, max(0, start - 2), start))
