"""The reach text a turn carries for erasure's index (graphmem/identifiers/reach.py): every probe that the
scan over the turn's values would find is a substring of it, and none spans two values."""

from __future__ import annotations

import json

from graphmem.identifiers.reach import reach_text
from graphmem.identifiers import registry_for
from graphmem.privacy.spellings import Spellings


def test_values_are_lower_cased_one_per_line_then_their_digits() -> None:
    assert reach_text("Call Maria on +1 (415) 555-0142", "Maria López", None, "t-1", "support") == (
        "call maria on +1 (415) 555-0142\nmaria lópez\nt-1\nsupport\n14155550142 ")
    assert reach_text(None, None) == ""
    assert reach_text("order 123456 of 2025") == "order 123456 of 2025\n1234562025 "  # 10 digits, run together


def test_every_probe_of_a_person_written_anyhow_is_in_the_reach_text() -> None:
    registry = registry_for(None, "US")
    maria = Spellings.of(key="cust-0042", name="Maria Lopez", registry=registry,
                         attributes=[("phone", "+14155550142"), ("email", "maria.lopez@example.org")])
    written = [("MARIA LOPEZ called", None, None), ("reach me at 415.555.0142", "agent", None),
               ("ok", None, json.dumps({"contact": "Maria.Lopez@Example.org"})), ("ticket", "Maria Lopez", None),
               ("ring 4 1 5 - 5 5 5 - 0 1 4 2 tonight", None, None)]
    for text, speaker, meta in written:
        reach = reach_text(text, speaker, meta, "t-9", "s-1")
        assert any(p in reach for p in [*maria.probe_words(), *maria.probe_digits()]), text
    unrelated = reach_text("Mario Lopes rang from 415-555-0143", None, None, "t-8", "s-1")
    assert not any(p in unrelated for p in maria.probe_digits())
