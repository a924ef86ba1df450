"""Moving a store to another embedding model, online (issue 35): `graphmem reembed`.

On a Neo4j of its own (a move changes the database-wide model record, which the session's store keeps):
a namespace holds every kind of vector (turns, summary chunks, workflows, typed and untyped workflow
groups). A writer keeps adding turns and a reader keeps searching while the store moves from the bundled
MiniLM to its int8 form (slot b); search never fails and never mixes models, the recorded model keeps
serving until the swap, and after it a process on the new model finds the turns written during the move.
Then a move back into slot a to a model of another size (a local folder: MiniLM with a 128-d projection)
re-sizes the vector indexes."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

import numpy as np
import pytest

from graphmem.channels import workflow as wf
from graphmem.channels.conversation import drain_folds
from graphmem.channels.conversation.records import NewTurn
from graphmem.channels.conversation.turns import add_turns
from graphmem.channels.reembed import KINDS, catch_up, move, todo
from graphmem.channels.search import search
from graphmem.embedding import choose, get_embedder
from graphmem.errors import ModelMismatch
from graphmem.induction import Run
from graphmem.localdb import LocalNeo4j, free_port
from graphmem.settings import Settings
from graphmem.store import Store, apply_schema, open_store, recorded_model
from graphmem.types import Namespace
from tests.api.tenancy import cypher

pytestmark = pytest.mark.neo4j
CHUNKS = """MATCH (m:Summary {ns: $ns})-[:COVERS]->(t:Turn {ns: $ns}) WHERE m.erased_at IS NULL AND t.erased_at IS NULL
            RETURN m.id AS id, m.embedding_b AS vector, collect(t.embedding_b) AS turns"""
INT8 = "all-MiniLM-L6-v2+int8"
T0 = datetime(2026, 1, 5, 9, tzinfo=timezone.utc)
SAID = ["I moved to Porto last spring with my two kids.", "My new phone is 912 345 678.",
        "We adopted a grey cat called Bolacha.", "I work at Northwind Traders as an account manager.",
        "The bike I bought in May was stolen in June.", "My sister Ana lives in Lisbon.",
        "I started learning the cello in September.", "We are planning a trip to Kyoto next April.",
        "My daughter joined the school choir.", "The dentist appointment moved to Friday.",
        "I finished the marathon in four hours.", "Our landlord raised the rent again."]


@pytest.fixture(scope="module")
def own(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Settings]:
    home = tmp_path_factory.mktemp("reembed-home")
    local = LocalNeo4j(Settings(_env_file=None, home=home, bolt_port=free_port(), http_port=free_port()))  # type: ignore[call-arg]
    info = local.start()
    try:
        yield Settings(_env_file=None, neo4j_uri=info.bolt_uri, neo4j_user=info.user,  # type: ignore[call-arg]
                       neo4j_password=info.password)
    finally:
        local.stop()


def _runs(n: int, task_type: str | None, verb: str) -> list[Run]:
    return [wf.parse_trajectory({
        "id": f"{verb}-{task_type}-{i}", "task": f"{verb} order ORD-{1000 + i}", "task_type": task_type,
        "outcome": "success", "at": (T0 + timedelta(minutes=i)).isoformat(),
        "steps": [{"action": a, "args": {"order_id": f"ORD-{1000 + i}"}}
                  for a in ("lookup_order", "verify_identity", f"{verb}_order", "notify_customer")]})
        for i in range(n)]


def _fill(store: Store, ns: Namespace) -> None:
    add_turns(store, ns, session="maria", turns=[NewTurn(text=t, speaker="Maria", at=T0 + timedelta(hours=i))
                                                 for i, t in enumerate(SAID)])
    assert drain_folds(60)
    wf.add_trajectories(store, ns, runs=_runs(3, "refund_order", "refund") + _runs(3, None, "cancel"))
    wf.induce_workflows(store, ns)
    # untyped refunds, added online, share the typed refunds' procedure: their groups are merged into
    # refund_order's and keep a type vector that no current procedure can be embedded into again
    for run in _runs(2, None, "refund"):
        wf.add_trajectory(store, ns, run=run)


def _slot_sizes(store: Store) -> dict[str, int]:
    return {r["name"]: int(r["dimensions"]) for r in store.read("embedding/vector_indexes")}


def test_a_store_moves_to_another_model_while_it_serves(own: Settings, tmp_path: Path) -> None:
    ns = Namespace("reembed-test")
    with open_store(own) as store:
        _fill(store, ns)
        before = todo(store, "a", "b")
        assert all(before[k] > 0 for k in KINDS), before  # every kind of vector is there to move
        filled = move(store, choose(INT8), swap=False)  # filled, not swapped: the recorded model serves on
        assert not filled.swapped and not any(filled.left.values())
        assert recorded_model(store).next_name == INT8  # type: ignore[union-attr]
        move(store, choose("all-MiniLM-L6-v2"))  # asked for the model it has: the move is given up
        assert recorded_model(store).next_name is None  # type: ignore[union-attr]
        errors: list[BaseException] = []
        stop = threading.Event()
        written: list[str] = []
        found: list[int] = []
        wrote_at: list[float] = []
        searched_at: list[float] = []

        def write() -> None:
            i = 0
            while not stop.is_set() and i < 400:
                try:
                    text = f"During the move Maria mentioned her {i}th visit to the cello teacher."
                    add_turns(store, ns, session="live", turns=[NewTurn(text=text, speaker="Maria")])
                    written.append(text)
                    wrote_at.append(time.monotonic())
                except BaseException as exc:  # noqa: BLE001 - the test reports it
                    errors.append(exc)
                i += 1
                time.sleep(0.02)

        def read() -> None:
            i = 0
            while not stop.is_set() and i < 400:
                try:
                    found.append(len(search(store, ns, query="where does Maria's sister live?", k=5).hits))
                    searched_at.append(time.monotonic())
                except BaseException as exc:  # noqa: BLE001
                    errors.append(exc)
                i += 1
                time.sleep(0.02)

        threads = [threading.Thread(target=write), threading.Thread(target=read)]
        for t in threads:
            t.start()
        try:
            while len(wrote_at) < 2 or len(searched_at) < 2:  # both are running before the move starts
                assert not errors, errors[:3]
                time.sleep(0.05)
            began = time.monotonic()
            report = move(store, choose(INT8), batch=8)
            ended = time.monotonic()
        finally:
            stop.set()
            for t in threads:
                t.join(60)
        assert not errors, errors[:3]
        during = (sum(began <= t <= ended for t in wrote_at), sum(began <= t <= ended for t in searched_at))
        print(f"move {report.seconds:.1f}s, {during[0]} turns written and {during[1]} searches meanwhile, "
              f"vectors {report.written}")
        assert during[0] >= 1 and during[1] >= 1  # the move ran under load
        assert min(found) > 0  # search kept answering from the recorded model's slot
        assert report.swapped and (report.source, report.target) == ("a", "b")
        assert all(report.written[k] >= before[k] for k in KINDS), (report.written, before)
        record = recorded_model(store)
        assert record is not None and (record.name, record.slot, record.next_name) == (INT8, "b", None)
        with pytest.raises(ModelMismatch, match="written by embedding model 'all-MiniLM-L6-v2\\+int8'"):
            apply_schema(store)  # this process's settings still name the bundled model: refused now

    moved = own.model_copy(update={"embed_model": INT8})
    with open_store(moved) as store:
        assert store.vectors["vec_prop"] == "embedding_b"
        catch_up(store)  # what the writer added after the last pass, if anything
        assert not any(todo(store, "a", "b").values())
        # a summary chunk moved as the fold worker writes one: the centroid of its live turns' new vectors
        chunks = cypher(store, CHUNKS, ns=ns.name)
        assert chunks
        for c in chunks:
            mean = np.array(c["turns"]).mean(axis=0)
            cosine = float(np.dot(np.array(c["vector"]), mean / np.linalg.norm(mean)))
            assert cosine > 0.99, (c["id"], cosine)  # int8 scales activations per batch: close, not equal
        hits = search(store, ns, query="Maria's visits to the cello teacher during the move", k=10).hits
        assert hits and any(h.text.startswith("During the move") for h in hits)
        sister = search(store, ns, query="where does Maria's sister live?", k=3).hits
        assert any("Lisbon" in h.text for h in sister)
        assert wf.match_workflows(store, ns, task="refund order ORD-77")[0].workflow.task_type == "refund_order"

    # back into slot a, with a model of another size: slot a's indexes are re-made at 128 dimensions
    folder = _projected_model(tmp_path)
    with open_store(moved) as store:
        report = move(store, choose(str(folder)))
        assert report.swapped and report.target == "a"
        sizes = _slot_sizes(store)
        assert sizes["turn_embedding"] == sizes["summary_embedding"] == sizes["workflow_embedding"] == 128
    small = own.model_copy(update={"embed_model": str(folder)})
    with open_store(small) as store:
        record = recorded_model(store)
        assert record is not None and (record.dimensions, record.slot) == (128, "a")
        assert get_embedder(choose(str(folder))).dimension == 128
        sister = search(store, ns, query="where does Maria's sister live?", k=5).hits
        assert sister  # search answers from the 128-d slot
        assert not any(todo(store, "b", "a").values())


def _projected_model(tmp_path: Path) -> Path:
    """MiniLM with a fixed 384 -> 128 projection: a real sentence-transformers model of another size."""
    import torch
    from sentence_transformers import SentenceTransformer, models

    from graphmem.embedding import bundled_model_path

    base = SentenceTransformer(str(bundled_model_path()), device="cpu")
    torch.manual_seed(7)
    dense = models.Dense(in_features=384, out_features=128, activation_function=torch.nn.Identity())
    folder = tmp_path / "minilm-128"
    SentenceTransformer(modules=[base[0], base[1], dense, models.Normalize()], device="cpu").save(str(folder))
    return folder
