"""`Graphmem-Bookmark` in one process (the two-replica case is tests/integration/test_replicas.py): a write
answers with a token, a read does not, a token sent back is honoured, a bad one is a 400 naming the header,
group-committed turns each get the bookmark of the transaction that carried them, and the client keeps
and resends the last token it received."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import httpx
import pytest
from fastapi.testclient import TestClient

from graphmem import bookmarks
from graphmem.bookmarks import HEADER, Causal
from graphmem.store import Store
from graphmem.types import Namespace
from graphmem_client import Client

pytestmark = pytest.mark.neo4j


def test_a_write_answers_with_a_bookmark_a_read_does_not(client: TestClient, ns: Namespace) -> None:
    put = client.put(f"/v1/{ns.name}/entities/U-1", json={"type": "user"})
    assert put.status_code in (200, 201), put.text
    token = put.headers[HEADER]
    assert token and len(token) <= bookmarks.MAX_HEADER and bookmarks.decode(token)
    read = client.get(f"/v1/{ns.name}/entities/U-1", headers={HEADER: token})
    assert read.status_code == 200 and HEADER not in read.headers
    fact = client.post(f"/v1/{ns.name}/facts", json={"entity": "U-1", "attribute": "plan", "value": "pro"},
                       headers={HEADER: token})
    assert fact.status_code in (200, 201), fact.text
    assert fact.headers[HEADER] != token  # a later transaction: its bookmark covers the one sent


@pytest.mark.parametrize("token", ["not base64 !", bookmarks.encode(["x"]) + "$", "W10" * 2000,
                                   "eyJhIjoxfQ",  # {"a":1}: JSON, not a list
                                   bookmarks.encode(["FB:garbage"])])  # well formed, unknown to Neo4j
def test_a_bad_bookmark_is_a_400_naming_the_header(client: TestClient, ns: Namespace, token: str) -> None:
    r = client.get(f"/v1/{ns.name}/entities/U-1", headers={HEADER: token})
    assert r.status_code == 400, r.text
    error = r.json()["error"]
    assert error["code"] == "invalid_bookmark" and HEADER in error["message"]
    assert error["details"]["header"] == HEADER


def test_group_commit_gives_each_caller_the_bookmark_of_its_transaction(store: Store, ns: Namespace) -> None:
    """Several callers of one session: whichever transaction carried a caller's turns, that caller
    records its bookmark (a caller left without one could not read its own write on another replica)."""
    from graphmem.channels.conversation import NewTurn, add_turns

    callers = [Causal() for _ in range(6)]
    errors: list[BaseException] = []

    def post(i: int) -> None:
        try:
            with bookmarks.carrying(callers[i]):
                add_turns(store, ns, session="s-1", turns=[NewTurn(text=f"turn {i} of the test")])
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=post, args=(i,)) for i in range(len(callers))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert all(c.produced for c in callers)
    assert len({t for c in callers for t in c.produced}) <= len(callers)


@pytest.fixture
def mem(client: TestClient, ns: Namespace) -> Iterator[tuple[Client, list[httpx.Request]]]:
    seen: list[httpx.Request] = []
    client.event_hooks = {"request": [seen.append], "response": []}
    with Client(namespace=ns.name, http=client, backoff=0.01) as c:  # type: ignore[arg-type]
        yield c, seen


def test_the_client_sends_back_the_last_bookmark(mem: tuple[Client, list[httpx.Request]]) -> None:
    c, seen = mem
    assert c.bookmark is None
    c.put_entity("U-2", type="user")
    first = c.bookmark
    assert first and HEADER.lower() not in {k.lower() for k in seen[0].headers}
    c.read_entity("U-2")
    assert seen[-1].headers[HEADER] == first and c.bookmark == first  # a read keeps the token
    c.assert_fact("U-2", "plan", "pro")
    assert seen[-1].headers[HEADER] == first and c.bookmark not in (None, first)


def test_a_client_for_another_namespace_starts_from_the_same_bookmark(
        mem: tuple[Client, list[httpx.Request]]) -> None:
    c, seen = mem
    c.put_entity("U-3", type="user")
    other = c.with_namespace(c.namespace)  # the same tenant under another handle: it must read this write
    assert other.bookmark == c.bookmark
    other.read_entity("U-3")
    assert seen[-1].headers[HEADER] == c.bookmark
