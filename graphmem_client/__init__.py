"""A Python client for the graphmem REST API: `Client` (sync) and `AsyncClient`, over httpx.

It needs only httpx and the standard library, and no Neo4j credentials: it talks to a running
`graphmem serve`. Methods are named as the operations in `/docs` (`recall`, `post_turn`,
`assert_fact`, `read_entity`, `lookup`, `post_trajectory`, `match`, ...). Errors raise
`GraphmemAPIError` carrying the service's `{"error": {"code", "message", "details"}}`.

    from graphmem_client import Client
    with Client("http://127.0.0.1:8000", api_key="...", namespace="shop") as mem:
        mem.post_turn("s1", "My order ORD-7 is late", speaker="Ana")
        print(mem.recall("what did Ana say about her order?", session="s1")["context"])
"""

from graphmem_client.client import AsyncClient, Client
from graphmem_client.errors import GraphmemAPIError

__all__ = ["AsyncClient", "Client", "GraphmemAPIError"]
