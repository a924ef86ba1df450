"""The erasure reach table (graphmem/privacy/reach.py): erasure scans only the text properties it lists, so
a property no entry knows is reported (the randomized erasure check fails on it), and the digits pattern
finds a phone through any separators, built of digits only."""

from __future__ import annotations

import re

from graphmem.privacy.reach import REACH, UNREACHED, _digits_pattern, unknown_text_properties


def test_a_text_property_no_table_knows_is_reported_by_label_and_name() -> None:
    rows = [{"labels": ["Turn"], "name": "text"}, {"labels": ["Turn"], "name": "search_text"},
            {"labels": ["Entity", "Related"], "name": "name"},  # known through one of its labels
            {"labels": ["Turn"], "name": "nickname_copy"}, {"labels": ["Invoice"], "name": "contact"},
            {"labels": ["Tombstone"], "name": "reason"}, {"labels": ["Session"], "name": "ns"}]
    assert unknown_text_properties(rows) == ["Invoice.contact", "Turn.nickname_copy"]


def test_no_property_is_both_scanned_and_declared_unreached() -> None:
    for label, props in UNREACHED.items():
        assert not set(props) & set(REACH.get(label, ())), label


def test_the_digits_pattern_finds_a_phone_however_it_is_written() -> None:
    pattern = _digits_pattern(["5550142"])
    assert pattern is not None
    for text in ("call +1 (415) 555-0142 now", "415.555.0142", "4155550142", "555 01 42", "5550142\nbye"):
        assert re.fullmatch(pattern, text), text
    for text in ("415-555-0143", "555014", "no number"):
        assert not re.fullmatch(pattern, text), text
    assert _digits_pattern([]) is None and _digits_pattern(["55a0142"]) is None


def test_the_scan_reads_every_label_of_the_table_through_its_namespace_index() -> None:
    """`privacy/scan_nodes` has one index-backed branch per label (static labels: a dynamic one made it scan
    every node of the database); a label added to the table without a branch would never be read."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "cypher" / "privacy" / "scan_nodes.cypher").read_text()
    for label in REACH:
        if label == "Turn":  # found through its reach text's index (privacy/scan_turns)
            continue
        assert f"MATCH (n:{label}) USING INDEX n:{label}(ns" in text and f"$reach.{label} AS props" in text, label
