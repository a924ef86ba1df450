"""Issue 18: `GRAPHMEM_EMBED_WRITES=background`. A turn write answers before its turn is embedded; the
embedding worker writes the vector from a queue kept in Neo4j. Against the real server and model: what a
reader sees before and after, that a queue left by a store that closed (a process that died) is embedded by
the next store's worker, that an erased turn is never embedded, and that the vector is the inline one."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timezone

import numpy as np
import pytest

from graphmem.channels import temporal
from graphmem.channels.conversation import (
    NewTurn,
    add_turns,
    drain_embeddings,
    read_window,
    start_embeddings,
)
from graphmem.channels.conversation.embeddings import labelled, write_embeddings
from graphmem.channels.search import search
from graphmem.embedding import get_embedder
from graphmem.privacy import erase_entity
from graphmem.settings import Settings
from graphmem.store import Store, open_store
from graphmem.types import Namespace
from tests.api.tenancy import cypher

pytestmark = pytest.mark.neo4j
UTC = timezone.utc

SAID = [("Ana", "My grandmother's piano arrived at the new flat this morning."),
        ("Bo", "Did the movers manage the stairs?"),
        ("Ana", "Barely, the staircase is narrow and they had to take the legs off.")]
QUEUED = "MATCH (t:Turn {ns: $ns}) RETURN t.id AS id, t.embed_queued AS queued, t.embedding AS embedding ORDER BY t.seq"


@pytest.fixture
def background(settings: Settings) -> Iterator[Store]:
    """A second store on the same server, writing in background mode, its worker off: what it queues stays
    queued until a test embeds it (no race with a worker)."""
    with open_store(settings.model_copy(update={"embed_writes": "background", "fold_worker": False}),
                    apply_schema=False) as s:
        yield s


def write(store: Store, ns: Namespace, session: str = "s1") -> list[str]:
    done = add_turns(store, ns, session=session, turns=[
        NewTurn(text, speaker=who, at=datetime(2026, 3, 2, 9, i, tzinfo=UTC)) for i, (who, text) in enumerate(SAID)])
    return [t.id for t in done.turns]


def test_the_turn_is_readable_at_once_and_found_by_meaning_once_embedded(store: Store, background: Store,
                                                                           ns: Namespace) -> None:
    ids = write(background, ns)
    before = cypher(store, QUEUED, ns=ns.name)
    assert [r["id"] for r in before] == ids
    assert all(r["queued"] is True and r["embedding"] is None for r in before)
    window = read_window(store, ns, session="s1")
    assert [t.id for t in window.turns] == ids  # the window does not wait for the model
    by_words = search(store, ns, query="piano staircase", k=3, kinds=["turn"], touch=False)
    assert ids[0] in [h.id for h in by_words.hits]  # keyword search neither
    question = "musical instrument delivered to an apartment"  # no word of the turn: found by meaning only
    assert ids[0] not in [h.id for h in search(store, ns, query=question, k=3, kinds=["turn"], touch=False).hits]

    assert write_embeddings(background, ns, session="s1") == 3
    after = cypher(store, QUEUED, ns=ns.name)
    assert all(r["queued"] is None and r["embedding"] is not None for r in after)
    inline = np.array(get_embedder(store.services.settings).embed([labelled(w, t) for w, t in SAID]))
    assert np.allclose(np.array([r["embedding"] for r in after]), inline, atol=1e-5)  # the inline vector
    assert search(store, ns, query=question, k=3, kinds=["turn"], touch=False).hits[0].id == ids[0]
    assert write_embeddings(background, ns, session="s1") == 0  # nothing left: the queue is empty


def test_a_queue_left_by_a_closed_store_is_embedded_by_the_next_worker(settings: Settings, ns: Namespace) -> None:
    """The first store only queues (its worker is off) and closes, as a process that dies would; a new
    store's worker, started as the service starts it, finds the turns in Neo4j and embeds all of them."""
    mode = settings.model_copy(update={"embed_writes": "background"})
    with open_store(mode.model_copy(update={"fold_worker": False}), apply_schema=False) as first:
        write(first, ns, "a")
        write(first, ns, "b")
    with open_store(mode, apply_schema=False) as second:
        start_embeddings(second)
        assert drain_embeddings(timeout=60)
        rows = cypher(second, QUEUED, ns=ns.name)
    assert len(rows) == 6
    assert all(r["queued"] is None and r["embedding"] is not None for r in rows)


def test_a_turn_erased_while_queued_is_never_embedded(store: Store, background: Store, ns: Namespace) -> None:
    temporal.put_entity(store, ns, key="C-77", type="customer", attributes={"city": "Porto"},
                        valid_from=datetime(2026, 1, 1, tzinfo=UTC))
    gone, kept = [t.id for t in add_turns(background, ns, session="s", turns=[
        NewTurn("C-77 asked to close the account"), NewTurn("the weather in Porto is mild")]).turns]
    erase_entity(store, ns, key="C-77", reason="request", by="test")
    assert write_embeddings(background, ns, session="s") == 1
    rows = {r["id"]: r for r in cypher(store, QUEUED, ns=ns.name)}
    assert rows[gone]["embedding"] is None and rows[gone]["queued"] is None  # off the queue, not embedded
    assert rows[kept]["embedding"] is not None and rows[kept]["queued"] is None


def test_the_mode_is_checked() -> None:
    with pytest.raises(ValueError, match="embed_writes"):
        Settings(_env_file=None, embed_writes="later")  # type: ignore[call-arg, arg-type]


def test_a_session_another_worker_of_this_process_is_doing_is_left_to_it(settings: Settings, background: Store,
                                                                         ns: Namespace) -> None:
    """Two stores' workers (or one drained while the other works): the drained one's scan finds the session, sees
    the other doing it and leaves it, instead of embedding the same turns a second time (the ingest bench's
    background import fell to 0.44x the model alone whenever that happened)."""
    from graphmem.channels.conversation.embeddings import Embeddings, embeddings_of

    write(background, ns, "busy")
    item = (ns.name, "busy")
    with open_store(settings.model_copy(update={"embed_writes": "background"}), apply_schema=False) as other:
        holder = Embeddings(background)  # stands for the worker its writer notified, in the middle of it
        assert holder._take(item)
        try:
            assert embeddings_of(other).drain(30)  # its drain scans the durable queue: finds the session, leaves it
            assert all(r["queued"] is True for r in cypher(other, QUEUED, ns=ns.name))
        finally:
            with Embeddings._busy_lock:
                Embeddings._busy.discard(item)
        assert embeddings_of(other).drain(30)  # nobody is doing it now: the drain embeds it
    assert all(r["queued"] is None and r["embedding"] is not None for r in cypher(background, QUEUED, ns=ns.name))


def test_a_periodic_scan_leaves_fresh_work_to_the_worker_its_writer_notified(background: Store,
                                                                              ns: Namespace) -> None:
    """Only the scan at start and a drain's take work queued a moment ago; a periodic scan takes what has waited
    longer than STALE_S (its writer's process is likely gone)."""
    from datetime import timedelta

    from graphmem.channels.conversation.durable import STALE_S
    from graphmem.instants import utcnow

    write(background, ns, "fresh")
    every = {(r["ns"], r["session"]) for r in background.read("admin/queued_embeddings", limit=10_000, before=None)}
    stale = {(r["ns"], r["session"]) for r in background.read(
        "admin/queued_embeddings", limit=10_000, before=utcnow() - timedelta(seconds=STALE_S))}
    later = {(r["ns"], r["session"]) for r in background.read(
        "admin/queued_embeddings", limit=10_000, before=utcnow() + timedelta(seconds=1))}
    assert (ns.name, "fresh") in every and (ns.name, "fresh") not in stale and (ns.name, "fresh") in later
