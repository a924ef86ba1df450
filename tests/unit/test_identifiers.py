"""The identifier registry finds identifiers exactly: no prefix, no near miss, no date as a phone."""

from __future__ import annotations

import pytest

from graphmem.errors import ConfigError
from graphmem.identifiers import DEFAULT_REGISTRY, Registry


def kinds(text: str) -> list[tuple[str, str]]:
    return [(f.kind, f.value) for f in DEFAULT_REGISTRY.find(text)]


@pytest.mark.parametrize(("text", "expected"), [
    ("What is the order number of user 138-0000-1234?", [("phone", "13800001234")]),
    ("用户138-0000-1234的订单号是什么？", [("phone", "13800001234")]),
    ("+86 138 0000 1234", [("phone", "8613800001234")]),
    ("mail Bob@Example.com today", [("email", "bob@example.com")]),
    ("ORD-2024-001 and ORD-2024-010", [("key", "ORD-2024-001"), ("key", "ORD-2024-010")]),
    ("用户U-1要求退款", [("key", "U-1")]),
    ("id 123E4567-e89b-12d3-a456-426614174000", [("uuid", "123e4567-e89b-12d3-a456-426614174000")]),
    ("as of 2026-03-01, in 2023", []),
    ("call 12345", []),
])
def test_find(text: str, expected: list[tuple[str, str]]) -> None:
    assert kinds(text) == expected


def test_normalise_by_attribute() -> None:
    assert DEFAULT_REGISTRY.normalise("phone", "138-0000-1234") == "13800001234"
    assert DEFAULT_REGISTRY.normalise("phone", "139-0000-1234") != DEFAULT_REGISTRY.normalise("phone", "138-0000-1234")
    assert DEFAULT_REGISTRY.normalise("city", "Shang-Hai 1") == "Shang-Hai 1"
    assert DEFAULT_REGISTRY.normalise("order_id", "ORD-2024-001") == "ORD-2024-001"


def test_extra_kinds_from_config() -> None:
    reg = Registry.from_json('[{"name": "dialog", "pattern": "D\\\\d+:\\\\d+(?!\\\\d)", "attributes": ["dia_id"]}]')
    assert [f.value for f in reg.find("see D1:3 and D1:30")] == ["D1:3", "D1:30"]
    with pytest.raises(ConfigError):
        Registry.from_json('[{"name": "x", "pattern": "(", "attributes": []}]')
    with pytest.raises(ConfigError):
        Registry.from_json('[{"name": "x", "pattern": "a", "normaliser": "nope"}]')
