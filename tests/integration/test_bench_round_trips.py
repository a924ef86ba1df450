"""`graphmem bench round_trips` times `/recall` with its reads answered from memory (`bench._replay.ReplayStore`):
the bound of a design with no Neo4j round trip. Its figure means something only if a held read is really
answered without Neo4j (a write after it does not show), an unheld one goes to Neo4j and is counted, an explicit time is part
of what makes two reads the same, and the Neo4j mode always reads."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta, timezone

import pytest

from graphmem.channels import exact, temporal
from graphmem.settings import Settings
from graphmem.store import Store, connection_for
from graphmem.types import Namespace
from graphmem_tools.bench._replay import ReplayStore

pytestmark = pytest.mark.neo4j


@pytest.fixture
def replay(settings: Settings) -> Iterator[ReplayStore]:
    uri, auth = connection_for(settings)
    held = ReplayStore(settings, uri, auth)
    try:
        yield held
    finally:
        held.close()


def _city(store: Store, ns: Namespace, key: str, valid_at: datetime | None = None) -> object:
    entity = exact.read_entity(store, ns, key=key, valid_at=valid_at, known_at=None, view="application")
    return entity.attributes["city"]


def test_memory_mode_answers_held_reads_without_neo4j(store: Store, replay: ReplayStore, ns: Namespace) -> None:
    long_ago = datetime(2024, 1, 1, tzinfo=timezone.utc)
    temporal.put_entity(store, ns, key="c-1", type="customer", name="Maria Lopez", attributes={"city": "Lisbon"},
                        valid_from=long_ago)
    temporal.put_entity(store, ns, key="c-2", type="customer", name="Tom Berg", attributes={"city": "Oslo"})
    assert _city(replay, ns, "c-1") == "Lisbon"  # recorded: held
    replay.mode = "memory"
    temporal.put_entity(store, ns, key="c-1", type="customer", attributes={"city": "Porto"})
    assert _city(replay, ns, "c-1") == "Lisbon"  # from memory: the write after it does not show
    assert replay.trips == 0
    assert _city(replay, ns, "c-2") == "Oslo"  # never read before: Neo4j, counted
    assert replay.trips >= 1
    trips = replay.trips
    # an explicit time is no "now": not the held read, but Neo4j's answer as of then
    assert _city(replay, ns, "c-1", valid_at=datetime.now(timezone.utc) - timedelta(days=30)) == "Lisbon"
    assert replay.trips > trips
    replay.mode = "neo4j"
    assert _city(replay, ns, "c-1") == "Porto"  # the Neo4j mode reads again


def test_the_neo4j_mode_holds_nothing(replay: ReplayStore, ns: Namespace, store: Store) -> None:
    temporal.put_entity(store, ns, key="c-3", type="customer", attributes={"city": "Rome"})
    replay.mode = "neo4j"
    assert _city(replay, ns, "c-3") == "Rome"
    assert replay.held == {}
