"""A turn's reach text: what erasure's text index searches for a person's spellings. Pure.

Erasure must find every turn holding a spelling of the erased subject, in any namespace size (issue 33:
p50 <= 1 s at 100,000 turns). Reading every turn's text, speaker, metadata, id and session costs about a
second per 100,000 turns on two cores; a Neo4j TEXT index (trigram, `CONTAINS`) answers in milliseconds, but
compares case-sensitively and sees a phone's digits only as they were written. So each turn carries one
derived string: those five values lower-cased, one per line, then, for each value with at least
`MIN_DIGITS` digits, its digits run together. Erasure's probes (`Spellings.probe_words`, lower-cased
fragments; `probe_digits`, a phone's last 7 digits) are then substrings of it exactly when the scan over
the values would have found them: a probe holds no line break or space, so none spans two values.

The reach text is one more copy of the turn's text: the erasure reach table lists it, erasure hides the
turn with it, and purge strips it with the text (`privacy/strip_turns`). `cypher/admin/backfill_reach_text`
computes the same string in Cypher for turns written before it existed (`graphmem schema migrate`).
"""

from __future__ import annotations

import re

#: the shortest phone the registry accepts (as graphmem.privacy.spellings.MIN_DIGITS)
MIN_DIGITS = 7
_NOT_DIGIT = re.compile(r"[^0-9]")


def reach_text(*values: str | None) -> str:
    """The values lower-cased, each followed by a line break, then the digits of each value that has at
    least MIN_DIGITS of them, each followed by a space (None values are skipped)."""
    present = [v for v in values if v is not None]
    digits = [d for d in (_NOT_DIGIT.sub("", v) for v in present) if len(d) >= MIN_DIGITS]
    return "".join(f"{v.lower()}\n" for v in present) + "".join(f"{d} " for d in digits)
