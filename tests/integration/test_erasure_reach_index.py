"""Erasure through the turns' reach text (issue 33: an erasure's cost at 100,000 turns): turns written by the
write path carry it and are found through the TEXT index, whatever format names the person; turns written
before it existed are still found (read one by one) until `graphmem schema migrate` gives them theirs, which
is the very string the write path writes."""

from __future__ import annotations

from typing import Any

import pytest

from graphmem.channels.conversation import NewTurn, add_turns
from graphmem.channels.temporal import put_entity
from graphmem.identifiers.reach import reach_text
from graphmem.privacy import erase_entity
from graphmem.store import Store, migrate
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j


def cypher(store: Store, query: str, **params: Any) -> list[dict[str, Any]]:
    """Raw Cypher, for checking what is stored and making turns as an older version wrote them."""
    records, _, _ = store._driver.execute_query(query, params, database_=store.services.settings.neo4j_database)
    return [dict(r) for r in records]

SAID = [NewTurn("Hi, Maria Lopez here, about my invoice.", speaker="customer"),
        NewTurn("Noted.", speaker="agent", metadata={"crm_contact": "MARIA.LOPEZ@example.org"}),
        NewTurn("Best number is 415.555.0142 after six.", speaker="customer"),
        NewTurn("Mario Lopes called from 415-555-0143 about Porto.", speaker="agent")]


def _reach(store: Store, ns: Namespace) -> dict[str, str | None]:
    rows = cypher(store, "MATCH (t:Turn {ns: $ns}) RETURN t.id AS id, t.reach_text AS reach", ns=ns.name)
    return {r["id"]: r["reach"] for r in rows}


def test_the_write_path_and_the_backfill_write_the_same_reach_text(store: Store, ns: Namespace) -> None:
    written = add_turns(store, ns, session="support-7", turns=SAID)
    stored = _reach(store, ns)
    for turn in written.turns:
        meta = cypher(store, "MATCH (t:Turn {ns: $ns, id: $id}) RETURN t.metadata_json AS m", ns=ns.name,
                      id=turn.id)[0]["m"]
        assert stored[turn.id] == reach_text(turn.text, turn.speaker, meta, turn.id, "support-7")
    cypher(store, "MATCH (t:Turn {ns: $ns}) REMOVE t.reach_text", ns=ns.name)
    assert migrate(store, ns).reach_texts == len(SAID)
    assert _reach(store, ns) == stored
    assert migrate(store, ns).reach_texts == 0  # idempotent


@pytest.mark.parametrize("backfilled", [True, False], ids=["indexed", "before-the-migration"])
def test_erasure_finds_every_turn_naming_the_person_however_written(store: Store, ns: Namespace,
                                                                    backfilled: bool) -> None:
    put_entity(store, ns, key="cust-0042", type="customer", name="Maria Lopez",
               attributes={"phone": "+1 415 555 0142", "email": "maria.lopez@example.org"})
    written = add_turns(store, ns, session="support-7", turns=SAID)
    if not backfilled:
        cypher(store, "MATCH (t:Turn {ns: $ns}) REMOVE t.reach_text", ns=ns.name)
    record = erase_entity(store, ns, key="cust-0042", reason="customer request", by="test")
    hidden = {r["id"] for r in cypher(store, "MATCH (t:Turn {ns: $ns}) WHERE t.erased_at IS NOT NULL RETURN t.id AS id",
                                      ns=ns.name)}
    assert hidden == {t.id for t in written.turns[:3]} and record.turns == 3  # not Mario Lopes, 0143
