"""Pure parts of privacy and idempotency: log redaction, tombstone HMAC, the spellings of an erased subject,
input checks, request fingerprints."""

from __future__ import annotations

import hashlib
import json
import logging
import re
import stat
from pathlib import Path

import pytest
from pydantic import SecretStr

from api.logs import JsonFormatter
from graphmem.errors import IdempotencyMismatch, InvalidInput
from graphmem.idempotency import check_key, fingerprint
from graphmem.identifiers import registry_for
from graphmem.privacy import Spellings, check_older_than, check_reason, erasure_secret, key_hash, redact
from graphmem.privacy.spellings import REDACTED, redacted_props
from graphmem.settings import Settings
from graphmem.types import Namespace

SECRET_TEXT = "Alice Zhang lives at 12 Quiet Lane and her phone is 138-0000-1234"


def test_redact_hides_memory_content_but_keeps_shape() -> None:
    params = {"ns": "tenant-a", "text": SECRET_TEXT, "value": "138-0000-1234", "k": 10,
              "embedding": [0.1] * 384, "facts": [{"entity": "U-1", "value": "x"}],
              "session": "s" * 100, "nested": {"name": "Alice Zhang", "ids": list(range(12))}}
    out = redact(params)
    dumped = json.dumps(out)
    assert "Alice" not in dumped and "138-0000" not in dumped and "Quiet" not in dumped
    assert out["ns"] == "tenant-a" and out["k"] == 10
    assert out["text"] == f"<redacted {len(SECRET_TEXT)} chars>"
    assert out["embedding"] == "<redacted 384 items>"
    assert out["facts"] == "<redacted 1 items>"
    assert out["session"].startswith("s" * 32) and "100 chars" in out["session"]
    assert out["nested"]["ids"][:5] == [0, 1, 2, 3, 4] and out["nested"]["ids"][-1] == "<+7 more>"
    assert redact([0.5, 0.25, 0.125]) == "<vector 3>"
    assert redact({"a": {"b": {"c": {"d": {"e": {"f": 1}}}}}})["a"]["b"]["c"]["d"]["e"] == "<…>"


def test_redacted_params_in_a_json_log_line_carry_no_personal_value(caplog: pytest.LogCaptureFixture) -> None:
    log = logging.getLogger("graphmem.test")
    with caplog.at_level(logging.DEBUG, logger="graphmem.test"):
        log.debug("query %s params=%s", "turns/append", redact({"text": SECRET_TEXT, "ns": "t"}))
    line = JsonFormatter().format(caplog.records[-1])
    body = json.loads(line)
    assert body["level"] == "DEBUG" and "request_id" in body
    assert "Alice" not in line and "turns/append" in line


def test_key_hash_is_an_hmac_under_the_server_secret() -> None:
    secret = b"s" * 32
    a = key_hash(Namespace("tenant-a"), "U-1", secret)
    assert a == key_hash(Namespace("tenant-a"), "U-1", secret) and len(a) == 64
    assert a != key_hash(Namespace("tenant-b"), "U-1", secret) != key_hash(Namespace("tenant-a"), "U-2", secret)
    assert a != key_hash(Namespace("tenant-a"), "U-1", b"t" * 32)  # a guess cannot be tested without the secret
    assert a != hashlib.sha256(b"tenant-a:U-1").hexdigest() and "U-1" not in a


def test_erasure_secret_is_generated_once_with_mode_0600(tmp_path: Path) -> None:
    settings = Settings(_env_file=None, home=tmp_path / "home")  # type: ignore[call-arg]
    first = erasure_secret(settings)
    path = tmp_path / "home" / "erasure.secret"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and len(first) == 64
    assert erasure_secret(settings) == first
    given = settings.model_copy(update={"erasure_secret": SecretStr("from-the-setting")})
    assert erasure_secret(given) == b"from-the-setting"


REGISTRY = registry_for(None)
SUBJECT = Spellings.of(key="U-ZQ1", name="Zelda Quorn", registry=REGISTRY, attributes=[
    ("phone", "415-555-0142"), ("email", "Zelda.Q@Example.org"), ("city", "Shanghai"), ("nickname", "Zee Q"),
    ("note", "second line 138 0000 1234"), ("plan", "gold")])


@pytest.mark.parametrize("text", [
    "+1 (415) 555-0142", "415-555-0142", "4155550142", "call 415.555.0142 tonight", "local 555-0142",
    "write to ZELDA.Q@EXAMPLE.ORG", "zelda   quorn called", "Zelda Quorn", "ask zee q", "ticket for u-zq1",
    "13800001234", "用户138-0000-1234的", '{"contact": "Zelda Quorn"}', '{"n": "Zelda Quorn\u00e9"}'])
def test_every_spelling_of_the_subject_is_found(text: str) -> None:
    assert SUBJECT.found_in(text), text


@pytest.mark.parametrize("text", [
    "4155550143", "415-555-0143", "u-zq12", "Zeldas Quornish", "Shanghai", "gold plan", "2026-01-02",
    "zelda.q@example.organic", "nothing here"])
def test_other_values_are_not_spellings(text: str) -> None:
    assert not SUBJECT.found_in(text), text


def test_probes_are_a_superset_cypher_can_test() -> None:
    words, digits = SUBJECT.probe_words(), SUBJECT.probe_digits()
    assert digits == ["0001234", "5550142"]
    for text in ("+1 (415) 555-0142", "ZELDA quorn", "zee  q"):
        low, only_digits = text.lower(), re.sub(r"\D", "", text)
        assert any(w in low for w in words) or any(d in only_digits for d in digits)


def test_redacted_props_keep_identity_and_other_values() -> None:
    props = {"key": "U-ZQ1", "name": "Zelda Quorn's order", "tags": ["vip", "4155550142"], "city": "Paris"}
    assert redacted_props(props, SUBJECT, keep={"key"}) == {"name": REDACTED, "tags": ["vip", REDACTED]}


def test_erasure_reason_is_required_and_bounded() -> None:
    assert check_reason("  user request  ") == "user request"
    for bad in (None, "", "   ", "x" * 1001):
        with pytest.raises(InvalidInput) as err:
            check_reason(bad)
        assert err.value.details["fields"][0]["field"] == "reason"


def test_retention_defaults_and_bounds() -> None:
    assert check_older_than(None, 30.0) == 30.0
    assert check_older_than(0, 30.0) == 0.0
    for bad in (-1, 40000):
        with pytest.raises(InvalidInput) as err:
            check_older_than(bad, 30.0)
        assert err.value.details["fields"][0]["field"] == "older_than_days"


def test_fingerprint_ignores_json_key_order_and_spacing_but_not_content() -> None:
    a = fingerprint("POST", "/v1/a/facts", "", b'{"entity": "U-1", "value": 1}')
    assert a == fingerprint("post", "/v1/a/facts", "", b'{"value":1,"entity":"U-1"}')
    assert a != fingerprint("POST", "/v1/a/facts", "", b'{"entity": "U-1", "value": 2}')
    assert a != fingerprint("POST", "/v1/b/facts", "", b'{"entity": "U-1", "value": 1}')
    assert a != fingerprint("POST", "/v1/a/facts", "x=1", b'{"entity": "U-1", "value": 1}')
    assert fingerprint("POST", "/p", "", b"not json") != fingerprint("POST", "/p", "", b"not json!")


def test_idempotency_key_shape() -> None:
    assert check_key("retry-7f3a") == "retry-7f3a"
    for bad in ("", "has space", "x" * 256, "naïve"):
        with pytest.raises(InvalidInput) as err:
            check_key(bad)
        assert err.value.details["fields"][0]["field"] == "Idempotency-Key"
    assert IdempotencyMismatch.status == 422 and IdempotencyMismatch.code == "idempotency_key_reused"
