"""Extracted entities get graphmem keys derived from their names, deterministically; LLM relation types are
brought to graphmem's form or dropped (graphmem/channels/conversation/extract_prompts.py)."""

from __future__ import annotations

import pytest

from graphmem.channels.conversation.extract_prompts import entity_key, relation_type
from graphmem.channels.fact_records import check_key
from graphmem.identifiers import KEY_MAX, mentions


@pytest.mark.parametrize("name, key", [
    ("Alice", "Alice"), ("Lockheed Martin", "Lockheed-Martin"), ("Nisha's dad", "Nisha-s-dad"),
    ("  Lockheed   Martin. ", "Lockheed-Martin"), ("ORD-2024-001", "ORD-2024-001"), ("Café Zoë", "Café-Zoë"),
    ("?!", None), ("", None),
])
def test_entity_keys_come_from_the_names_letter_and_digit_runs(name: str, key: str | None) -> None:
    assert entity_key(name) == key
    if key is not None:
        assert check_key(key, "key") == key
        assert key in mentions(f"where is {key} now?")  # a question naming the key finds it
        if " " not in name.strip() and "'" not in name:
            assert key in mentions(f"we met {name} today")  # and so does a one-word name as said


def test_a_long_name_is_cut_at_a_run_boundary() -> None:
    key = entity_key(" ".join(["word"] * 100))
    assert key is not None and len(key) <= KEY_MAX and not key.endswith("-")


@pytest.mark.parametrize("raw, out", [("LIVES_IN", "LIVES_IN"), ("lives in", "LIVES_IN"), ("works-at ", "WORKS_AT"),
                                      ("1st place", "ST_PLACE"), ("Été à", "ETE_A"), ("__", None), ("", None)])
def test_relation_types_take_graphmems_form(raw: str, out: str | None) -> None:
    assert relation_type(raw) == out
