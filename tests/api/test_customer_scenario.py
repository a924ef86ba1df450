"""The support agent's memory of one customer (issue 17), through the real API and Neo4j: an email, a phone,
two moves, two plan changes and a late correction, then the questions an agent asks: now, in a past month,
"before", "since". Each answer and each line of the prompt-ready context is checked, and so are the mistakes
that used to pass silently (an unknown query parameter, a misspelt attribute, a `known_at` before the
customer was recorded, a number looked up without a type).

Dates are relative to the machine's clock (REST takes no clock and the calendar moves): the month the
questions name is always nine months ago, the same shape as the issue's "in March 2026" on 2026-12-01.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timezone
from typing import Any

import pytest
from fastapi.testclient import TestClient

from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j
UTC = timezone.utc
KEY, NAME = "cust-1042", "Dana Reyes"


def months_ago(n: int, day: int = 1) -> date:
    today = datetime.now(UTC).date()
    index = today.year * 12 + today.month - 1 - n
    return date(index // 12, index % 12 + 1, day)


@dataclass(frozen=True)
class Dates:
    """The customer's story, on 2026-12-01: created 2025-03-10 in Portland on basic; moved to Denver
    2025-11-15; "pro" recorded from 2026-02-01; moved to Seattle 2026-05-01; enterprise from 2026-09-01;
    then the late correction: she stayed on basic until 2026-06-01 (pro only from then)."""

    created: date = months_ago(21, 10)
    denver: date = months_ago(13, 15)
    pro_recorded: date = months_ago(10)
    seattle: date = months_ago(7)
    pro_really: date = months_ago(6)
    enterprise: date = months_ago(3)
    asked: date = months_ago(9)  # "in March 2026"


D = Dates()
LINE = f"{KEY} ({NAME})"


def seed(client: TestClient, ns: Namespace) -> str:
    """The story, written through REST in the order the agent learnt it; returns an instant between the
    wrong plan change and the late correction (what was believed before the correction)."""
    base = f"/v1/{ns.name}"

    def ok(r: Any) -> None:
        assert r.status_code in (200, 201), r.text

    ok(client.put(f"{base}/entities/{KEY}", json={
        "type": "customer", "name": NAME, "valid_from": D.created.isoformat(),
        "attributes": {"email": "dana@example.com", "phone": "+1 (415) 555-0142",
                       "address": "12 Pine St, Portland", "plan": "basic"}}))
    ok(client.post(f"{base}/facts", json={"entity": KEY, "attribute": "address", "value": "88 Elm Rd, Denver",
                                          "valid_from": D.denver.isoformat(), "reason": "moved"}))
    ok(client.post(f"{base}/facts", json={"entity": KEY, "attribute": "plan", "value": "pro",
                                          "valid_from": D.pro_recorded.isoformat(), "reason": "upgrade"}))
    ok(client.post(f"{base}/facts", json={"entity": KEY, "attribute": "address", "value": "5 Bay St, Seattle",
                                          "valid_from": D.seattle.isoformat(), "reason": "moved"}))
    ok(client.post(f"{base}/facts", json={"entity": KEY, "attribute": "plan", "value": "enterprise",
                                          "valid_from": D.enterprise.isoformat(), "reason": "upgrade"}))
    ok(client.put(f"{base}/entities/ORD-77", json={"type": "order", "attributes": {"total_usd": 249.0}}))
    believed_before_correction = datetime.now(UTC).isoformat()
    ok(client.post(f"{base}/facts", json={
        "entity": KEY, "attribute": "plan", "value": "basic", "valid_from": D.pro_recorded.isoformat(),
        "valid_to": D.pro_really.isoformat(), "reason": "correction: the upgrade only went through in June"}))
    return believed_before_correction


def ask(client: TestClient, ns: Namespace, query: str, **body: Any) -> tuple[dict[str, Any], list[str]]:
    r = client.post(f"/v1/{ns.name}/recall", json={"query": query, **body})
    assert r.status_code == 200, r.text
    resp: dict[str, Any] = r.json()
    assert resp["route"] and all(s["channel"] and s["reason"] for s in resp["route"]), resp
    return resp, resp["context"].splitlines()


def phone_line(line: str) -> bool:
    """The phone's line, whatever format the identifier registry stores it in (E.164 or digits)."""
    digits = "".join(c for c in line.split("phone: ", 1)[-1].split(" (since")[0] if c.isdigit())
    return line.startswith(f"{LINE} phone: ") and digits.endswith("4155550142") and \
        line.endswith(f"(since {D.created})")


@pytest.fixture
def story(client: TestClient, ns: Namespace) -> str:
    return seed(client, ns)


def test_now_every_line_is_current_and_each_since_is_when_it_began(client: TestClient, ns: Namespace,
                                                                    story: str) -> None:
    resp, lines = ask(client, ns, f"what plan is {KEY} on?")
    assert resp["route"][0]["channel"] == "exact" and KEY in resp["route"][0]["reason"]
    assert lines[:3] == [f"{LINE} plan: enterprise (since {D.enterprise})",
                         f"{LINE} address: 5 Bay St, Seattle (since {D.seattle})",
                         f"{LINE} email: dana@example.com (since {D.created})"]
    assert phone_line(lines[3]) and len(lines) == 4, lines
    assert [(r["attribute"], r["value"]) for r in resp["results"]][:3] == [
        ("plan", "enterprise"), ("address", "5 Bay St, Seattle"), ("email", "dana@example.com")]


def test_with_valid_at_in_the_past_month_the_corrected_plan_runs_since_it_began(client: TestClient,
                                                                                 ns: Namespace, story: str) -> None:
    """The issue's "plan: basic (since 2026-02-01)": the correction cut basic in two; the reader sees one run."""
    resp, lines = ask(client, ns, f"what plan was {KEY} on?", valid_at=D.asked.replace(day=15).isoformat())
    # the attribute asked about first (issue 31), then newest run first, same day in attribute order
    assert lines[:3] == [f"{LINE} plan: basic (since {D.created})",
                         f"{LINE} address: 88 Elm Rd, Denver (since {D.denver})",
                         f"{LINE} email: dana@example.com (since {D.created})"]
    assert phone_line(lines[3]) and len(lines) == 4, lines
    plan = next(r for r in resp["results"] if r["attribute"] == "plan")
    assert plan["since"] == f"{D.created}T00:00:00Z" and plan["valid_from"] == f"{D.pro_recorded}T00:00:00Z"


def test_a_past_month_named_in_words(client: TestClient, ns: Namespace, story: str) -> None:
    """"in March 2026": needs the time-phrase reader to read the month, not only the year."""
    month = D.asked.strftime("%B %Y")
    resp, lines = ask(client, ns, f"what plan was {KEY} on in {month}?")
    assert resp["valid_at"][:7] == D.asked.isoformat()[:7], (month, resp["valid_at"], resp["route"])
    assert f"{LINE} plan: basic (since {D.created})" in lines, lines
    assert f"{LINE} address: 88 Elm Rd, Denver (since {D.denver})" in lines
    assert not [line for line in lines if "enterprise" in line or "Seattle" in line or "pro " in line]


def test_before_the_move_gives_the_address_before_the_current_one(client: TestClient, ns: Namespace,
                                                                   story: str) -> None:
    resp, lines = ask(client, ns, f"what was the address of {KEY} before they moved to Seattle?")
    # current values first, the address asked about before the others; the earlier one last
    assert lines[:2] == [f"{LINE} address: 5 Bay St, Seattle (since {D.seattle})",
                         f"{LINE} plan: enterprise (since {D.enterprise})"]
    assert f"{LINE} address: 5 Bay St, Seattle (since {D.seattle})" in lines
    assert lines[-1] == f"{LINE} address before: 88 Elm Rd, Denver ({D.denver} to {D.seattle})"
    assert sum("before:" in line for line in lines) == 1  # the question names the address only
    earlier = [r for r in resp["results"] if r.get("earlier")]
    assert [(r["attribute"], r["value"]) for r in earlier] == [("address", "88 Elm Rd, Denver")]
    assert any("'before' asks for earlier values" in s["reason"] and f"{KEY} address" in s["reason"]
               for s in resp["route"])


def test_the_previous_plan_is_the_run_before_the_current_one(client: TestClient, ns: Namespace, story: str) -> None:
    _, lines = ask(client, ns, f"what was the previous plan of {KEY}?")
    assert lines[-1] == f"{LINE} plan before: pro ({D.pro_really} to {D.enterprise})"
    _, then = ask(client, ns, f"what was the previous plan of {KEY}?", valid_at=D.pro_really.replace(day=20).isoformat())
    assert then[-1] == f"{LINE} plan before: basic ({D.created} to {D.pro_really})"  # one run, both parts


def test_where_has_she_lived_gives_every_address_so_far(client: TestClient, ns: Namespace, story: str) -> None:
    resp, lines = ask(client, ns, f"Where has {NAME} lived?")
    assert f"{LINE} address: 5 Bay St, Seattle (since {D.seattle})" in lines, lines
    assert f"{LINE} address before: 12 Pine St, Portland ({D.created} to {D.denver})" in lines, lines
    assert f"{LINE} address before: 88 Elm Rd, Denver ({D.denver} to {D.seattle})" in lines, lines
    assert any("every run so far" in s["reason"] for s in resp["route"]), resp["route"]
    _, plans = ask(client, ns, f"which plans has {NAME} had over the years?")
    assert sum("plan before:" in line for line in plans) == 2 and not any("address before" in x for x in plans), plans


def test_since_questions(client: TestClient, ns: Namespace, story: str) -> None:
    _, lines = ask(client, ns, f"since when has {KEY} lived in Seattle?")
    assert f"{LINE} address: 5 Bay St, Seattle (since {D.seattle})" in lines
    assert not [line for line in lines if "before:" in line], lines  # the current run's start, not a history
    resp, lines = ask(client, ns, f"what plan has {KEY} been on since {D.enterprise}?")
    assert f"{LINE} plan: enterprise (since {D.enterprise})" in lines, lines
    assert not [line for line in lines if "plan: basic" in line or "plan: pro" in line]


def test_what_was_believed_before_the_correction(client: TestClient, ns: Namespace, story: str) -> None:
    _, lines = ask(client, ns, f"what plan was {KEY} on?", valid_at=D.asked.replace(day=15).isoformat(),
                   known_at=story)
    assert f"{LINE} plan: pro (since {D.pro_recorded})" in lines, lines
    entity = client.get(f"/v1/{ns.name}/entities/{KEY}", params={
        "valid_at": D.asked.replace(day=15).isoformat(), "known_at": story}).json()
    assert entity["attributes"]["plan"] == "pro"


def test_mistakes_are_said_not_silently_answered(client: TestClient, ns: Namespace, story: str) -> None:
    base = f"/v1/{ns.name}"
    r = client.get(f"{base}/entities/{KEY}", params={"as_of": D.asked.isoformat()})
    assert r.status_code == 422 and r.json()["error"]["code"] == "unknown_parameter", r.text
    assert [f["field"] for f in r.json()["error"]["details"]["fields"]] == ["as_of"]

    r = client.get(f"{base}/entities/{KEY}/history", params={"attribute": "plann"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "unknown_attribute", r.text
    assert "plann" in r.json()["error"]["message"]
    plan = client.get(f"{base}/entities/{KEY}/history", params={"attribute": "plan"}).json()
    assert [(v["value"], v["valid_from"][:10], (v["valid_to"] or "")[:10]) for v in plan["versions"]] == [
        ("basic", str(D.created), str(D.pro_recorded)), ("basic", str(D.pro_recorded), str(D.pro_really)),
        ("pro", str(D.pro_really), str(D.enterprise)), ("enterprise", str(D.enterprise), "")]
    none = client.get(f"{base}/entities/ORD-77/history", params={"attribute": "plan"})
    assert none.status_code == 200 and none.json()["versions"] == [] and "no versions" in none.json()["reason"]

    r = client.get(f"{base}/entities/{KEY}", params={"known_at": "2001-01-01"})
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_yet_known", r.text
    assert r.json()["error"]["details"]["entity"] == KEY
    assert client.get(f"{base}/entities/cust-9999", params={"known_at": "2001-01-01"}).json()["error"]["code"] \
        == "unknown_entity"

    for value in ("249", "249.0", "249.00"):
        found = client.get(f"{base}/lookup", params={"attribute": "total_usd", "value": value})
        assert found.status_code == 200 and [e["key"] for e in found.json()["entities"]] == ["ORD-77"], found.text
    typed = client.get(f"{base}/lookup", params={"attribute": "total_usd", "value": "249", "type": "number"})
    assert [e["key"] for e in typed.json()["entities"]] == ["ORD-77"]
    r = client.get(f"{base}/lookup", params={"attribute": "total_usdd", "value": "249"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "unknown_attribute"
