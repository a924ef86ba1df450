"""Turns in Neo4j: one transaction per write, NEXT chain, exact ids, MENTIONS, batches, forgetting."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta, timezone

import pytest

from graphmem.channels import temporal
from graphmem.channels.search import read_rows, search
from graphmem.channels.conversation import drain_folds
from graphmem.channels.conversation.turns import NewTurn, add_turn, add_turns, get_turn
from graphmem.channels.conversation.summary import read_summary
from graphmem.channels.conversation.window import read_window
from graphmem.errors import DuplicateTurn, InvalidInput, NotFound
from graphmem.settings import Settings
from graphmem.store import Store
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=timezone.utc)


def _chain(store: Store, ns: Namespace, session: str) -> list[str]:
    """The session's turns in window order (time, then arrival)."""
    w = read_window(store, ns, session=session, size=1000)
    return [t.id for t in w.turns]


def test_turn_is_stored_and_read_back_exactly(store: Store, ns: Namespace) -> None:
    r = add_turn(store, ns, session="s1", turn=NewTurn("hello there", speaker="Ann", at=T0, id="D1:3",
                                                        metadata={"channel": "chat"}))
    t = r.turns[0]
    assert (t.id, t.seq, t.session, t.speaker, t.at, t.metadata) == ("D1:3", 1, "s1", "Ann", T0, {"channel": "chat"})
    add_turn(store, ns, session="s1", turn=NewTurn("another", at=T0, id="D1:30"))
    assert get_turn(store, ns, turn_id="D1:3").text == "hello there"
    assert get_turn(store, ns, turn_id="D1:30").text == "another"
    for missing in ("D1:", "D1", "d1:3", "D1:3 ", "D1:300"):
        with pytest.raises(NotFound):
            get_turn(store, ns, turn_id=missing)


def _linked(store: Store, ns: Namespace, ids: list[str]) -> list[dict]:
    """The turns with their NEXT neighbours, as search reads them."""
    return read_rows(store, ns, turn_ids=ids)["turns"]


def test_generated_ids_and_next_chain(store: Store, ns: Namespace) -> None:
    ids = [add_turn(store, ns, session="s", turn=NewTurn(f"turn {i}")).turns[0].id for i in range(4)]
    assert len(set(ids)) == 4 and all(i.startswith("t-") for i in ids)
    assert _chain(store, ns, "s") == ids
    rows = _linked(store, ns, ids)
    links = {r["id"]: (r["prev"], r["next"]) for r in rows}
    assert links[ids[0]] == (None, ids[1]) and links[ids[2]] == (ids[1], ids[3]) and links[ids[3]] == (ids[2], None)


def test_duplicate_id_is_409_and_writes_nothing(store: Store, ns: Namespace) -> None:
    add_turn(store, ns, session="s", turn=NewTurn("first", id="x1"))
    with pytest.raises(DuplicateTurn) as err:
        add_turn(store, ns, session="other", turn=NewTurn("second", id="x1"))
    assert err.value.status == 409 and err.value.code == "duplicate_turn"
    with pytest.raises(DuplicateTurn):
        add_turns(store, ns, session="s", turns=[NewTurn("a", id="y"), NewTurn("b", id="x1")])
    with pytest.raises(DuplicateTurn):
        add_turns(store, ns, session="s", turns=[NewTurn("a", id="z"), NewTurn("b", id="z")])
    assert _chain(store, ns, "s") == ["x1"]
    with pytest.raises(NotFound):
        read_window(store, ns, session="other")


@pytest.mark.parametrize("turn,field", [
    (NewTurn(""), "text"), (NewTurn("   "), "text"), (NewTurn("x" * 101), "text"),
    (NewTurn("ok", role="not a role!"), "role"), (NewTurn("ok", id=""), "id"), (NewTurn("ok", id="a/b"), "id"),
    (NewTurn("ok", at=datetime(2026, 1, 1)), "at"), (NewTurn("ok", speaker=""), "speaker"),
])
def test_bad_turns_name_the_field_and_write_nothing(store: Store, ns: Namespace, settings: Settings,
                                                    turn: NewTurn, field: str) -> None:
    small = settings.model_copy(update={"max_text_chars": 100})
    with pytest.raises(InvalidInput) as err:
        add_turn(store, ns, session="s", turn=turn, settings=small)
    assert err.value.details["fields"][0]["field"] == field
    with pytest.raises(NotFound):
        read_window(store, ns, session="s")


def test_batch_is_one_transaction_in_arrival_order(store: Store, ns: Namespace) -> None:
    turns = [NewTurn(f"batch turn {i}", speaker="A" if i % 2 else "B", at=T0, id=f"b{i}") for i in range(30)]
    r = add_turns(store, ns, session="s", turns=turns)
    assert [t.seq for t in r.turns] == list(range(1, 31))
    assert _chain(store, ns, "s") == [f"b{i}" for i in range(30)]
    with pytest.raises(InvalidInput) as err:
        add_turns(store, ns, session="s", turns=[NewTurn("fine", id="c1"), NewTurn("", id="c2")])
    assert err.value.details["fields"][0]["field"] == "turns[1].text"
    with pytest.raises(NotFound):
        get_turn(store, ns, turn_id="c1")


def test_mentions_entity_keys_and_identifiers(store: Store, ns: Namespace) -> None:
    temporal.put_entity(store, ns, key="U-001", type="user", attributes={"phone": "138-0000-1234"})
    temporal.put_entity(store, ns, key="U-002", type="user", attributes={"phone": "139-0000-1234"})
    temporal.put_entity(store, ns, key="alice", type="user", attributes={"email": "Alice@Example.com"})
    add_turn(store, ns, session="s", turn=NewTurn("call me on 138 0000 1234 please", id="p"))
    add_turn(store, ns, session="s", turn=NewTurn("user U-002 wrote from ALICE@example.com", id="q"))
    add_turn(store, ns, session="s", turn=NewTurn("nothing to see, U-0021 and 13800001235", id="r"))
    # search reads each hit's MENTIONS links with its candidates (recall's profiles come from them)
    hits = {h.id: set(h.mentions) for h in search(store, ns, query="U-002 ALICE phone 138", k=5, touch=False).hits}
    assert hits["p"] == {"U-001"} and hits["q"] == {"U-002", "alice"} and hits["r"] == set()


def test_concurrent_writers_to_one_session_serialise(store: Store, ns: Namespace, settings: Settings) -> None:
    """16 writers x 10 turns on one session: none refused, seq 1..160 gapless in arrival order, one NEXT
    chain in seq order, every turn in exactly one of the window and the summary chunks (folds included)."""
    writers, each, size = 16, 10, settings.window_size
    temporal.put_entity(store, ns, key="U-001", type="user", attributes={"phone": "138-0000-1234"})
    errors: list[BaseException] = []
    start = threading.Barrier(writers)

    def writer(w: int) -> None:
        start.wait()
        for i in range(each):
            text = f"writer {w} turn {i}" + (" about U-001, phone 138 0000 1234" if i % 3 == 0 else "")
            try:
                add_turn(store, ns, session="s", turn=NewTurn(text, speaker=f"w{w}", id=f"w{w}-{i}"))
            except BaseException as exc:  # pragma: no cover - reported below
                errors.append(exc)

    threads = [threading.Thread(target=writer, args=(w,)) for w in range(writers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[:3]
    n = writers * each
    shape = store.read("turns/session_shape", ns=ns.name, session="s")[0]
    assert (shape["turns"], shape["gapless"], shape["chain_ok"], shape["covered_twice"]) == (n, True, True, 0)
    everything = read_window(store, ns, session="s", size=1000).turns
    assert sorted(t.seq for t in everything) == list(range(1, n + 1))
    rows = {r["id"]: r for r in _linked(store, ns, [t.id for t in everything])}
    by_seq = sorted(everything, key=lambda t: t.seq)
    assert [rows[t.id]["next"] for t in by_seq] == [t.id for t in by_seq[1:]] + [None], "NEXT follows seq"
    window = read_window(store, ns, session="s").turns
    assert [t.id for t in window] == [t.id for t in everything[-size:]]
    assert all(t.summary is None for t in window), "the window holds no folded turn"
    folded = [t for t in everything[:-size]]
    assert all(t.summary is not None for t in folded), "every turn that left the window is folded"
    summary = read_summary(store, ns, session="s")
    assert summary.turn_count == n - size and summary.from_seq is not None
    assert all(p.summary.text for p in summary.parts), "every chunk got its text after the fold"
    covered = {t.id: t.summary for t in folded}
    assert set(covered.values()) == {p.id for p in summary.parts}


def test_a_chunk_left_queued_is_written_by_a_worker_scan(store: Store, ns: Namespace,
                                                          settings: Settings) -> None:
    """A fold queues its chunk for text in its own transaction; a process dying before its worker wrote
    the text leaves the chunk queued in Neo4j, and any worker's scan of the durable queue writes it."""
    size = settings.window_size
    add_turns(store, ns, session="s", turns=[NewTurn(f"order {i} shipped to Paris", id=f"o{i}")
                                              for i in range(2 * size)])
    assert drain_folds(), "the worker wrote the fold"
    [part] = store.read("summary/read_summaries", ns=ns.name, session="s", all=False)
    chunk = part["summary"]["id"]
    # a fold whose writer died before the text: structure written, text not, still queued
    store.write(lambda tx: tx.run("summary/fold", ns=ns.name, session="s", now=T0, covers=[],
                                  summaries=[{"id": chunk, "props": {"text": None}}]))
    queued = {(r["ns"], r["session"]) for r in store.read("admin/queued_folds", limit=10_000, before=None)}
    assert (ns.name, "s") in queued
    assert drain_folds(), "a drain scans the durable queue"
    [again] = store.read("summary/read_summaries", ns=ns.name, session="s", all=False)
    assert "Paris" in (again["summary"]["text"] or "")
    queued = {(r["ns"], r["session"]) for r in store.read("admin/queued_folds", limit=10_000, before=None)}
    assert (ns.name, "s") not in queued


def test_content_made_from_an_older_turn_set_is_not_written(store: Store, ns: Namespace,
                                                            settings: Settings) -> None:
    """The fold worker's read is read-committed: it may pair a chunk's new revision with the turns the chunk
    covered before that fold (seen in CI: a summary counting 151 of 152 folded turns). Content made from
    another turn set than the chunk's live one is not written; the chunk stays queued and the next write of
    its content counts every turn."""
    size = settings.window_size
    add_turns(store, ns, session="s", turns=[NewTurn(f"order {i} shipped to Paris", id=f"o{i}")
                                              for i in range(size + 2)])
    assert drain_folds()
    [stale] = store.read("summary/read_queued", ns=ns.name, session="s") or [None]
    assert stale is None, "nothing queued after a drain"
    [part] = store.read("summary/read_summaries", ns=ns.name, session="s", all=False)
    chunk, before = part["summary"]["id"], part["summary"]["turn_count"]
    covered = [f"o{i}" for i in range(before)]  # the first turns left the window, in order
    # a fold that adds one more turn to the chunk, written directly (the worker may run at any moment here:
    # whether it writes the new revision's content first or not, the stale write below must be refused)
    add_turn(store, ns, session="other", turn=NewTurn("order 99 shipped to Lyon", id="o99"))
    row = store.write(lambda tx: tx.one("summary/fold", ns=ns.name, session="s", now=T0,
                                        covers=[{"summary": chunk, "turn": "o99"}],
                                        summaries=[{"id": chunk, "props": {"turn_count": before + 1}}]))
    [rev] = [r["rev"] for r in row["revs"] if r["id"] == chunk]
    # the stale pairing: the chunk's newest revision, the turns it covered before that fold
    written = store.write(lambda tx: tx.one("summary/write_content", ns=ns.name, id=chunk, rev=rev,
                                            turns=covered, props={"turn_count": before, "text": "stale"}))
    assert written is None, "content made from another turn set is refused"
    assert drain_folds()
    summary = read_summary(store, ns, session="s")
    assert summary.turn_count == before + 1 and "stale" not in summary.summary.text


def test_forgetting_archives_past_capacity(store: Store, ns: Namespace, settings: Settings) -> None:
    capped = settings.model_copy(update={"namespace_capacity": 10, "window_size": 4})
    turns = [NewTurn(f"note {i}", at=T0 + timedelta(minutes=i), id=f"n{i}",
                     metadata={"importance": 1.0 if i in (0, 1) else 0.1}) for i in range(12)]
    r = add_turns(store, ns, session="s", turns=turns, settings=capped)
    assert r.archived > 0
    audit = read_window(store, ns, session="s", size=100, view="audit")
    archived = {t.id for t in audit.turns if t.archived_at is not None}
    assert archived and not archived & {"n0", "n1"}, "important turns are kept"
    assert len(audit.turns) == 12, "archived turns stay visible"
