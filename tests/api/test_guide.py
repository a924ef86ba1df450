"""GET /guide: the Neo4j Browser guide. Its first slide sets every slide's parameters in one block of `:param`
lines; each later slide's block is a named statement alone, as it runs (fragments expanded, as `graphmem cypher
show` prints it), so one click and one Run play it. Each one, run with the first slide's parameters against a
small seeded namespace, parses and returns rows."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from graphmem.channels import temporal
from graphmem.channels.graph import relate
from graphmem.guide import statement_text
from graphmem.infra.queries import load_queries
from graphmem.store import Store
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j

PRE = re.compile(r'<pre class="pre-scrollable code runnable">(.*?)</pre>', re.DOTALL)
PARAM = re.compile(r"^:param (\w+) => (.+);$")


def raw(store: Store, query: str, **params: Any) -> list[dict[str, Any]]:
    """What Neo4j Browser does with a block: send the text as it is, with the parameters set."""
    records, _, _ = store._driver.execute_query(query, params, database_=store.services.settings.neo4j_database)
    return [dict(r) for r in records]


def test_the_guide_plays_each_audit_statement_with_its_params(client: TestClient, store: Store,
                                                               ns: Namespace) -> None:
    temporal.put_entity(store, ns, key="U-1", type="user", name="Ann", attributes={"city": "Paris"})
    temporal.put_entity(store, ns, key="C-1", type="company", name="Acme")
    temporal.put_entity(store, ns, key="U-GONE", type="user", attributes={"city": "Lyon"})
    relate(store, ns, source_key="U-1", type="WORKS_AT", target_key="C-1")
    r = client.request("DELETE", f"/v1/{ns.name}/entities/U-GONE", json={"reason": "GDPR art. 17"})
    assert r.status_code == 200, r.text

    page = client.get("/guide", params={"ns": ns.name, "key": "U-1"})
    assert page.status_code == 200, page.text
    assert page.headers["content-type"].startswith("text/html")
    assert page.headers["access-control-allow-origin"] == "*"
    assert page.text.startswith('<article class="guide">') and "<carousel" in page.text
    blocks = [html.unescape(b) for b in PRE.findall(page.text)]
    assert blocks[0].startswith(":style node.Attribute") and "relationship.HAS { caption: '{name} {txn_end}'; }" in blocks[0]

    named = {statement_text(n): n for n in load_queries() if n.startswith("audit/") or n == "privacy/list_erasures"}
    ran: list[str] = []
    params: dict[str, Any] = {}
    for line in blocks[1].splitlines():  # the first slide's block: every slide's parameters
        m = PARAM.match(line)
        assert m, line
        params[m.group(1)] = raw(store, f"RETURN {m.group(2)} AS v")[0]["v"]  # as Browser evaluates it
    for block in blocks[2:]:  # a slide each, its statement alone: one click, one Run
        assert block in named, f"not a named statement as it runs:\n{block}"
        assert "/*include:" not in block
        assert set(re.findall(r"\$(\w+)", block)) <= set(params), f"{named[block]} needs a parameter the guide never sets"
        rows = raw(store, block, **params)
        assert rows, f"{named[block]} returned no rows with {params}"
        ran.append(named[block])
    # what the "Comparing times" slide says: the same statement with a string instant silently finds nothing
    facts = statement_text("audit/facts_as_of")
    when = raw(store, "RETURN toString(datetime()) AS t")[0]["t"]
    base = {"ns": ns.name, "key": "U-1", "known_at": None, "include_erased": False}
    assert raw(store, facts, **base, valid_at=raw(store, "RETURN datetime($t) AS v", t=when)[0]["v"])
    assert raw(store, facts, **base, valid_at=when) == []
    assert ran == ["audit/list_entities", "audit/entity_versions", "audit/graph_as_of", "audit/facts_as_of",
                   "audit/changes", "privacy/list_erasures"]


def test_the_guide_names_the_namespace_safely(client: TestClient) -> None:
    page = client.get("/guide", params={"key": "it's <b>"})
    assert page.status_code == 200
    assert ":param ns =&gt; &#x27;demo&#x27;" in page.text and "<b>" not in page.text
    assert html.unescape(page.text).count(":param key => 'it\\'s <b>';") == 1
    assert client.get("/guide", params={"ns": "not a namespace!"}).status_code in (400, 422)
