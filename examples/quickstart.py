"""graphmem in five minutes, from an agent's side: turns, recall, a fact with valid time, an as-of read,
a workflow. Needs only `graphmem_client` (httpx) and a running service:

    graphmem keys create --role agent --ns quickstart     # prints the key
    graphmem serve                                        # http://127.0.0.1:8000, /docs
    GRAPHMEM_API_KEY=<key> python3 examples/quickstart.py

(`graphmem serve --open` serves without keys, on 127.0.0.1 only.)
"""

from __future__ import annotations

import os
import uuid

from graphmem_client import Client, GraphmemAPIError

with Client(os.environ.get("GRAPHMEM_URL", "http://127.0.0.1:8000"), api_key=os.environ.get("GRAPHMEM_API_KEY"),
            namespace=os.environ.get("GRAPHMEM_NAMESPACE", "quickstart")) as mem:
    print("ready:", mem.wait_ready(timeout=180)["status"])  # Neo4j, schema and embedding model loaded
    session = f"chat-{uuid.uuid4().hex[:8]}"

    # 1. store the conversation as it happens
    mem.post_turn(session, "Hi, I'm Ana. My order ORD-48213 hasn't arrived.", speaker="Ana")
    mem.post_turn(session, "Sorry Ana, I see ORD-48213 left the warehouse on Monday.", role="assistant",
                  speaker="Bot")

    # 2. recall before answering: a prompt-ready context, and why each channel was asked
    answer = mem.recall("what is the status of ORD-48213?", session=session)
    print("\nrecall context:\n" + answer["context"])
    print("route:", [step["channel"] for step in answer["route"]])

    # 3. facts with valid time: Ana lived in Shanghai, moved to Beijing on July 1st
    mem.put_entity("ana", type="user", name="Ana", attributes={"email": "ana@example.com"})
    mem.assert_fact("ana", "city", "Shanghai", valid_from="2026-01-01T00:00:00Z")
    mem.assert_fact("ana", "city", "Beijing", valid_from="2026-07-01T00:00:00Z", reason="moved")

    # 4. as-of reads: today, and as it was true in March
    print("\ncity now:     ", mem.read_entity("ana")["attributes"]["city"])
    print("city in March:", mem.read_entity("ana", valid_at="2026-03-15T00:00:00Z")["attributes"]["city"])
    print("who is ana@example.com:", [e["key"] for e in mem.lookup("email", "ANA@example.com")["entities"]])

    # 5. workflows: report a successful run, then ask for the procedure
    steps = [{"action": "lookup_order", "args": {"order_id": "ORD-48213"}},
             {"action": "refund", "args": {"order_id": "ORD-48213", "amount": 42}}]
    mem.post_trajectory("Refund order ORD-48213", steps, "success", task_type="refund_order")
    for wf in mem.match(task="refund an order")["workflows"]:
        print("\nworkflow:", wf.get("name"), [s["action"] for s in wf["steps"]])

    # errors carry the service's envelope
    try:
        mem.read_entity("nobody")
    except GraphmemAPIError as exc:
        print(f"\nerror: {exc.status} {exc.code}: {exc.message}")
