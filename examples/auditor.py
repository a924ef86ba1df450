"""An auditor's walk through graphmem: what was true, what the service believed and when, and what changed.

It records a small story first (a customer, a credit limit typed wrong then corrected, a plan change, an
account manager handing over), then reads it back as an auditor would: an as-of read on both time axes,
the full history with who-changed-what, the graph as of a date, the changes between two instants
(`GET /changes`), and a GraphML export. Needs only `graphmem_client` (httpx) and a running service:

    graphmem keys create --role admin --ns auditor        # auditors read; the story needs a writer
    graphmem serve
    GRAPHMEM_API_KEY=<key> python3 examples/auditor.py

(`graphmem serve --open` serves without keys, on 127.0.0.1 only.) The GraphML file is written to
$AUDITOR_OUT (default the current directory).
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path
from typing import Any

import httpx

from graphmem_client import Client


def show_version(v: dict[str, Any]) -> str:
    believed = f"believed {v['txn_time']} .. {v.get('txn_end') or 'now'}"
    why = f"  reason: {v['reason']}" if v.get("reason") else ""
    ended = f"  superseded: {v['end_reason']}" if v.get("end_reason") else ""
    return (f"{v['attribute']} = {v['value']!r:8} true {v['valid_from']} .. {v.get('valid_to') or 'open'}, "
            f"{believed}{why}{ended}")


url = os.environ.get("GRAPHMEM_URL", "http://127.0.0.1:8000")
api_key = os.environ.get("GRAPHMEM_API_KEY")
headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
with httpx.Client(base_url=url, timeout=30) as http, \
        Client(url, api_key=api_key, namespace=os.environ.get("GRAPHMEM_NAMESPACE", "auditor"), http=http) as mem:
    print("ready:", mem.wait_ready(timeout=180)["status"])
    ns, acme = mem.namespace, f"ACME-{uuid.uuid4().hex[:4].upper()}"  # a new customer on every run

    # --- the story, as the agents recorded it --------------------------------------------------------
    mem.put_entity(acme, type="customer", name="Acme Ltd", attributes={"plan": "basic"},
                   valid_from="2026-01-01T00:00:00Z", reason="signed up")
    mem.put_entity("ana", type="user", name="Ana")
    mem.put_entity("bob", type="user", name="Bob")
    mem.relate("ana", "MANAGES", acme, valid_from="2026-02-01T00:00:00Z", reason="assigned")
    typo = mem.assert_fact(acme, "credit_limit", 50000, valid_from="2026-03-01T00:00:00Z", source="crm-import",
                           reason="approved by finance")
    began = typo["txn_time"]  # the service's clock when the wrong value was recorded
    fixed = mem.assert_fact(acme, "credit_limit", 5000, valid_from="2026-03-01T00:00:00Z", source="finance",
                            reason="typo: the approval says 5,000")
    mem.assert_fact(acme, "plan", "pro", valid_from="2026-06-01T00:00:00Z", reason="upgraded")
    mem.unrelate("ana", "MANAGES", to=acme, valid_from="2026-07-01T00:00:00Z", reason="handed over")
    mem.relate("bob", "MANAGES", acme, valid_from="2026-07-01T00:00:00Z", reason="handed over")
    ended = mem.assert_fact(acme, "audited", True, reason="audit opened")["txn_time"]  # the service's "now"

    # --- 1. as-of reads: true on April 15th, as the books showed then and as they show now ---------------
    april = "2026-04-15T00:00:00Z"
    then = mem.read_entity(acme, valid_at=april, known_at=began)["attributes"]
    now = mem.read_entity(acme, valid_at=april)["attributes"]
    print(f"\n1. {acme} on {april[:10]}")
    print(f"   as recorded at {began}: credit_limit={then.get('credit_limit')} plan={then.get('plan')}")
    print(f"   as known today:  credit_limit={now.get('credit_limit')} plan={now.get('plan')}")

    # --- 2. the history: every version with its four timestamps, closed versions kept (audit view) -------
    print(f"\n2. history of {acme} (audit view)")
    for v in mem.read_history(acme, view="audit")["versions"]:
        print("   " + show_version(v))

    # --- 3. the graph as of two dates: who managed the account --------------------------------------------
    print("\n3. the graph around", acme)
    for day in ("2026-03-01T00:00:00Z", "2026-08-01T00:00:00Z"):
        g = mem.read_graph(acme, depth=1, valid_at=day)
        edges = [f"{e['from']} -{e['type']}-> {e['to']}" for e in g["edges"]]
        print(f"   as of {day[:10]}: {len(g['nodes'])} entities; {', '.join(edges) or 'no relations'}")

    # --- 4. what changed: recorded between two instants (txn axis), and became true in the summer (valid) -
    print(f"\n4. changes recorded from {began} to {ended} (txn axis, audit view)")
    page = mem.request("GET", f"/v1/{ns}/changes", params={"from": began, "to": ended, "axis": "txn",
                                                         "entity": acme, "view": "audit"})
    for c in page["changes"]:
        before = ", ".join(repr(v["value"]) for v in c.get("before", [])) or "-"
        after = ", ".join(repr(v["value"]) for v in c.get("after", [])) or "-"
        what = c["attribute"] + (" (relation)" if c.get("kind") == "relation" else "")
        print(f"   {c['at']}  {what}: {before} -> {after}  ({c.get('reason') or 'no reason given'})")
    summer = mem.request("GET", f"/v1/{ns}/changes", params={"from": "2026-05-01T00:00:00Z", "axis": "valid",
                                                           "to": "2026-09-01T00:00:00Z", "entity": acme})
    print("   became true May-August:",
          sorted({c["attribute"] for c in summer["changes"]}))

    # --- 5. export the graph as of a date as GraphML, for a graph tool or the audit file -------------------
    r = http.get(f"/v1/{ns}/graph", params={"start": acme, "depth": 2, "valid_at": "2026-08-01T00:00:00Z",
                                            "format": "graphml"}, headers=headers)
    r.raise_for_status()
    out = Path(os.environ.get("AUDITOR_OUT", ".")) / f"{acme}.graphml"
    out.write_text(r.text, encoding="utf-8")
    print(f"\n5. GraphML export: {out} ({len(r.content)} bytes, {r.text.count('<node ')} nodes, "
          f"{r.text.count('<edge ')} edges)")
