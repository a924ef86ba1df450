"""The identifier registry finds identifiers exactly: every spelling of one phone or email is one value,
no prefix, no near miss, no date, order id or price taken for a phone."""

from __future__ import annotations

import re

import pytest

from graphmem.errors import ConfigError
from graphmem.identifiers import DEFAULT_REGISTRY, Registry, mentions, registry_for
from graphmem.identifiers.phones import find_phones
from graphmem.privacy.spellings import Spellings
from graphmem.settings import Settings

US = registry_for(None, "US")
#: one number, as people write it: with and without country code, spaces, dashes, brackets, dots
FORMATS = ["+1 (415) 555-0142", "+1 415-555-0142", "415-555-0142", "(415) 555-0142", "415.555.0142",
           "4155550142", "+14155550142", "1-415-555-0142", "+1 415 555 0142"]
STORED = "14155550142"  # E.164 without "+": what digits-only stored for "+1 (415) 555-0142" before
NEVER = re.compile(r"(?!)")  # a fallback pattern that finds nothing


def kinds(text: str, registry: Registry = DEFAULT_REGISTRY) -> list[tuple[str, str]]:
    return [(f.kind, f.value) for f in registry.find(text)]


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
    assert kinds(text, US) == expected


@pytest.mark.parametrize("spelling", FORMATS)
def test_every_format_of_one_phone_is_one_identifier(spelling: str) -> None:
    assert US.normalise("phone", spelling) == STORED  # write and lookup
    found = US.find(f"who is {spelling}?")  # mentions and recall questions
    assert [(f.kind, f.raw, f.value) for f in found] == [("phone", spelling, STORED)]
    assert STORED in mentions(f"wrote {spelling} yesterday", US)
    assert US.find(f"用户{spelling}的订单")[0].value == STORED


@pytest.mark.parametrize(("text", "expected"), [
    # the table the matcher's leniency was chosen on (VALID: every phone found, nothing else taken)
    ("call +1 (415) 555-0142 tomorrow", ["14155550142"]),
    ("tel 1-415-555-0142 or 212 555 1234", ["14155550142", "12125551234"]),
    ("new number: +1 4155 550142", ["14155550142"]),  # unusual grouping: STRICT_GROUPING misses it
    ("fax 415-555-01-42", ["14155550142"]),
    ("UK office +44 20 7946 0958", ["442079460958"]),
    ("tel. +44 (0)20 7946 0958", ["442079460958"]),
    ("电话：+86 138-0000-1234。", ["8613800001234"]),
    ("2026年3月1日给+86 138 0000 1234打电话", ["8613800001234"]),
    # dates are never phones: ISO, dotted, slashed, Chinese, US numeric, compact
    ("on 2026-03-01 she moved", []), ("2026.03.01 and 2025/10/17", []), ("2025年10月17日下单", []),
    ("between 03/01/2026 and 04/15/2026", []), ("v1.2.3 build 20240301", []),
    ("the years 2019-2024 and 1999 2001", []),
    # order ids, prices, amounts and other numbers are not phones
    ("order ORD-2024-001 shipped, INV-77A too", []), ("ORD-2026-0042415", []),
    ("order #100234567 total $1,234.56", []), ("price: $4,155.50 or 1,415,555.01 EUR", []),
    ("¥12,800 for 3 items, ref 1042", []), ("amount 2125551234.00 USD", []), ("paid $4155550142", []),
    ("tracking 1Z999AA10123456784", []), ("ip 192.168.100.142 port 8080", []), ("ISBN 978-3-16-148410-0", []),
    ("meet 10:30-11:45 in room 1203", []), ("zip 94103, suite 4155", []), ("account 4155550142x", []),
    ("用户cust-1042有3个订单", []),
])
def test_phones_in_free_text(text: str, expected: list[str]) -> None:
    assert [f.value for f in US.find(text) if f.kind == "phone"] == expected
    # libphonenumber's matcher alone (no fallback pattern) finds the same: what its leniency was chosen on
    assert sorted(p.value for p in find_phones(text, NEVER, "US")) == sorted(expected)


def test_numbers_libphonenumber_cannot_validate_keep_their_digits() -> None:
    assert US.normalise("phone", "138-0000-1234") == "13800001234"  # a Chinese mobile under a US default
    assert US.normalise("phone", "139-0000-1234") != US.normalise("phone", "138-0000-1234")
    assert US.normalise("phone", "555-0142") == "5550142"  # a 7-digit local number
    assert kinds("local 555-0142", US) == [("phone", "5550142")]
    with pytest.raises(StopIteration):
        next(f for f in US.find("call 12345"))


def test_the_region_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRAPHMEM_PHONE_REGION", "gb")
    assert registry_for(None).region == "GB" and registry_for(None, "US").region == "US"
    monkeypatch.delenv("GRAPHMEM_PHONE_REGION")
    assert registry_for(None).region == "US"  # the documented default


def test_the_default_region_reads_national_spellings() -> None:
    cn, gb, none = registry_for(None, "CN"), registry_for(None, "gb"), registry_for(None, "")
    assert cn.normalise("phone", "138-0000-1234") == cn.normalise("phone", "+86 138 0000 1234") == "8613800001234"
    assert kinds("用户138-0000-1234的订单号", cn) == [("phone", "8613800001234")]
    assert gb.normalise("phone", "020 7946 0958") == gb.normalise("phone", "+44 20 7946 0958") == "442079460958"
    assert none.region == "ZZ" and none.normalise("phone", "415-555-0142") == "4155550142"
    assert none.normalise("phone", "+1 (415) 555-0142") == STORED
    with pytest.raises(ConfigError):
        registry_for(None, "XX")
    assert Settings(_env_file=None, phone_region="gb").phone_region == "GB"  # type: ignore[call-arg]


def test_normalise_by_attribute() -> None:
    assert US.normalise("city", "Shang-Hai 1") == "Shang-Hai 1"
    assert US.normalise("order_id", "ORD-2024-001") == "ORD-2024-001"
    assert US.normalise("phone", "n/a") == ""  # refused by the write and lookup paths (invalid_value)
    assert US.normalise("phone", 4155550142) == 4155550142  # not a string: stored as given


@pytest.mark.parametrize(("written", "stored"), [
    ("Bob@Example.COM", "bob@example.com"),
    ("Bob.Smith+tag@GMAIL.com", "bob.smith+tag@gmail.com"),  # dots and tags are another mailbox: kept
    ("zoë@EXAMPLE.org", "zoë@example.org"),
    ("ZOE\u0308@example.org", "zoë@example.org"),  # Unicode NFC: one address however it was typed
    ("alice@xn--bcher-kva.example", "alice@bücher.example"),  # IDNA: the domain as people read it
    ("QA@Shop.TEST", "qa@shop.test"),  # reserved domain: not validated, lower-cased as before
])
def test_emails(written: str, stored: str) -> None:
    assert US.normalise("email", written) == stored


def test_spellings_of_a_phone_for_erasure() -> None:
    us = Spellings.of(key="c-1", name=None, attributes=[("phone", "+1 (415) 555-0142")], registry=US)
    assert all(us.found_in(f"call {f} now") for f in FORMATS)
    assert not us.found_in("call 415-555-0143")
    gb = Spellings.of(key="c-2", name=None, attributes=[("phone", "+44 20 7946 0958")],
                      registry=registry_for(None, "GB"))
    assert gb.found_in("ring 020 7946 0958") and gb.found_in("+44 (0)20 7946 0958")


def test_extra_kinds_from_config() -> None:
    reg = Registry.from_json('[{"name": "dialog", "pattern": "D\\\\d+:\\\\d+(?!\\\\d)", "attributes": ["dia_id"]}]')
    assert [f.value for f in reg.find("see D1:3 and D1:30")] == ["D1:3", "D1:30"]
    fax = Registry.from_json('[{"name": "fax", "pattern": "(?<=fax )\\\\S+", "attributes": ["fax"],'
                             ' "normaliser": "e164"}, {"name": "login", "pattern": "login:\\\\S+",'
                             ' "attributes": ["login"], "normaliser": "email"}]', "US")
    assert fax.normalise("fax", "(415) 555-0142") == STORED
    assert fax.normalise("login", "Bob@Example.com") == "bob@example.com"
    assert kinds("fax 415.555.0142", fax) == [("fax", STORED)]  # found by libphonenumber, as its own kind
    with pytest.raises(ConfigError):
        Registry.from_json('[{"name": "x", "pattern": "(", "attributes": []}]')
    with pytest.raises(ConfigError, match="e164"):
        Registry.from_json('[{"name": "x", "pattern": "a", "normaliser": "nope"}]')
