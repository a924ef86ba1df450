"""A summary chunk's vector is the centroid of its turns' vectors (issue 35: embedding each chunk's text cost the
model as much as the turns themselves). Against the real server and model: the chunk's stored vector is the
normalised mean of the vectors its live turns carry, a chunk is found by the meaning of its turns, and a chunk
whose turns are not embedded yet (GRAPHMEM_EMBED_WRITES=background) gets their centroid once they are: no text
is ever embedded."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta, timezone

import numpy as np
import pytest

from graphmem.channels.conversation import drain_folds
from graphmem.channels.conversation.embeddings import write_embeddings
from graphmem.channels.conversation.summary import turns_centroid, write_contents
from graphmem.channels.conversation.turns import NewTurn, add_turns
from graphmem.channels.search import search
from graphmem.embedding import get_embedder
from graphmem.settings import Settings
from graphmem.store import Store, open_store
from graphmem.types import Namespace
from tests.api.tenancy import cypher

pytestmark = pytest.mark.neo4j
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)
CHUNKS = """MATCH (m:Summary {ns: $ns})-[:COVERS]->(t:Turn {ns: $ns})
            WITH m, t ORDER BY t.seq
            RETURN m.id AS id, m.text AS text, m.embedding AS vector, collect(t.embedding) AS turns ORDER BY id"""
SAID = ["My grandmother's piano arrived at the new flat this morning.",
        "Did the movers manage the stairs with it?",
        "Barely, the staircase is narrow and they had to take the legs off.",
        "Is it still in tune after the trip?",
        "A tuner comes on Friday to check the strings and the pedals."]


def said(n: int) -> list[NewTurn]:
    return [NewTurn(SAID[i % len(SAID)] + ("" if i < len(SAID) else f" ({i})"), speaker="Ana" if i % 2 else "Bo",
                    at=T0 + timedelta(minutes=i)) for i in range(n)]


def test_the_centroid_is_the_normalised_mean_and_needs_every_vector() -> None:
    assert turns_centroid([[3.0, 0.0], [0.0, 4.0]]) == pytest.approx([0.6, 0.8])  # mean (1.5, 2), length 2.5
    assert turns_centroid([[1.0, 0.0], [0.0, 1.0]]) == pytest.approx([2 ** -0.5, 2 ** -0.5])
    assert turns_centroid([[1.0, 0.0], None]) == []  # a turn not embedded yet: pooled once it is
    assert turns_centroid([[1.0, 0.0], []]) == []
    assert turns_centroid([[1.0, 0.0], [1.0, 0.0, 0.0]]) == []  # two sizes never mix
    assert turns_centroid([]) == []


def test_a_chunk_is_the_centroid_of_its_turns_and_found_by_their_meaning(store: Store, ns: Namespace,
                                                                         settings: Settings) -> None:
    add_turns(store, ns, session="s", turns=said(2 * settings.window_size))
    assert drain_folds(), "the worker wrote the fold"
    rows = cypher(store, CHUNKS, ns=ns.name)
    assert rows, "turns left the window and were folded"
    for row in rows:
        turns = np.array(row["turns"])
        mean = turns.mean(axis=0)
        assert np.allclose(np.array(row["vector"]), mean / np.linalg.norm(mean), atol=1e-6)
        text_vector = np.array(get_embedder(store.services.settings).embed([row["text"]])[0])
        assert not np.allclose(np.array(row["vector"]), text_vector, atol=1e-3)  # not the text's own vector
    found = search(store, ns, query="a musical instrument delivered to an apartment", k=5, kinds=["summary"],
                   touch=False)
    assert [h.id for h in found.hits][:1] == [rows[0]["id"]]


@pytest.fixture
def background(settings: Settings) -> Iterator[Store]:
    """A store writing turns in background mode, both workers off: its turns stay unembedded."""
    with open_store(settings.model_copy(update={"embed_writes": "background", "fold_worker": False}),
                    apply_schema=False) as s:
        yield s


def test_a_chunk_whose_turns_wait_for_their_vectors_gets_their_centroid_when_they_have_them(
        background: Store, ns: Namespace, settings: Settings) -> None:
    add_turns(background, ns, session="s", turns=said(2 * settings.window_size))
    assert write_contents(background, ns, session="s", now=T0) >= 1
    rows = cypher(background, CHUNKS, ns=ns.name)
    assert rows and all(not r["turns"] for r in rows)  # no turn embedded yet (collect drops nulls)
    assert all(r["vector"] is None and r["text"] for r in rows)  # the text is written, nothing is embedded
    assert write_embeddings(background, ns, session="s") >= 2 * settings.window_size  # the worker's step
    for row in cypher(background, CHUNKS, ns=ns.name):
        turns = np.array(row["turns"])
        mean = turns.mean(axis=0)
        assert np.allclose(np.array(row["vector"]), mean / np.linalg.norm(mean), atol=1e-6)
