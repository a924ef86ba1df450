"""Per-tenant ranking (issue #18): keyword statistics are the namespace's own, so another tenant's data never
changes a tenant's scores, and live turn-by-turn ingest, batch import and a rebuild count the same statistics."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from uuid import uuid4

import pytest

from graphmem.channels.conversation.turns import NewTurn, add_turns
from graphmem.channels.search import drain_stats, read_stats, rebuild_stats, search
from graphmem.channels.search.keywords import query_stems
from graphmem.settings import Settings
from graphmem.store import Store, purge_namespace
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=timezone.utc)
QUERY = "how are the tomato seedlings doing in the greenhouse"

GARDEN = [
    ("Ann", "The tomato seedlings finally sprouted in the greenhouse."),
    ("Ben", "Great, did you water them every morning?"),
    ("Ann", "Yes, and I moved the basil next to the window."),
    ("Ben", "My greenhouse door broke in the storm last night."),
    ("Ann", "Oh no, is the tomato harvest at risk?"),
    ("Ben", "No, the plants are fine, only the hinge is bent."),
    ("Ann", "I bought compost and two bags of seeds at the market."),
    ("Ben", "Seedlings need warmth; keep the greenhouse above ten degrees."),
    ("Ann", "We booked a cabin by the lake for the weekend."),
    ("Ben", "Bring the fishing rods, the lake is full of trout."),
    ("Ann", "The tomato plants are taller than me now."),
    ("Ben", "Time to stake them before they fall over."),
]
# another tenant, other topics, sharing some of the query's words many times over: with index-wide
# statistics it made "greenhouse" common and "tomato" rare, and moved the first tenant's scores
CLIMATE = [
    "Greenhouse gas emissions rose again this year according to the report.",
    "The greenhouse effect traps heat in the atmosphere.",
    "Our factory cut its greenhouse output by a third.",
    "Carbon taxes aim at greenhouse emissions from power plants.",
    "The committee discussed the greenhouse inventory for the quarter.",
    "Solar panels on the roof lowered the bill in winter.",
]


def _turns(chat: list[tuple[str, str]], prefix: str) -> list[NewTurn]:
    return [NewTurn(text, speaker=speaker, at=T0 + timedelta(minutes=i), id=f"{prefix}{i}")
            for i, (speaker, text) in enumerate(chat)]


def _scores(store: Store, ns: Namespace) -> list[tuple[str, float, dict[str, float]]]:
    hits = search(store, ns, query=QUERY, k=10, kinds=["turn"], touch=False).hits
    return [(h.id, h.score, h.parts) for h in hits]


@pytest.fixture
def other(store: Store) -> Iterator[Namespace]:
    """A second tenant, purged afterwards."""
    namespace = Namespace(f"test-{uuid4().hex[:12]}")
    yield namespace
    purge_namespace(store, namespace.name)


@pytest.fixture
def wide(settings: Settings) -> Settings:
    """No summaries (a window wider than the chats): the turns' own scores only, none written later."""
    return settings.model_copy(update={"window_size": 200})


def test_another_tenant_never_changes_a_tenants_scores(store: Store, ns: Namespace, other: Namespace,
                                                        wide: Settings) -> None:
    add_turns(store, ns, session="s1", turns=_turns(GARDEN, "g"), settings=wide)
    drain_stats()
    alone = _scores(store, ns)
    assert alone and alone[0][0] in {"g0", "g7"}, "the turn with both topic words leads"
    assert any(parts["text"] > 0 for _, _, parts in alone)
    before = read_stats(store, ns.name, query_stems(["tomato", "greenhouse"]))

    big = [("Cy", CLIMATE[i % len(CLIMATE)] + f" Note {i}.") for i in range(150)]
    for start in range(0, len(big), 50):
        add_turns(store, other, session=f"c{start}", turns=_turns(big[start:start + 50], f"c{start}-"),
                  settings=wide)
    drain_stats()
    word = query_stems(["greenhouse"])
    theirs = read_stats(store, other.name, word)
    assert theirs.docs == 150 and theirs.df[word[0]] == 125, "the other tenant's statistics are its own"
    assert read_stats(store, ns.name, query_stems(["tomato", "greenhouse"])) == before
    assert _scores(store, ns) == alone, "same ids, scores and parts whether or not the other tenant exists"


def test_turn_by_turn_batch_and_rebuild_count_the_same(store: Store, ns: Namespace, other: Namespace,
                                                       wide: Settings) -> None:
    turns = _turns(GARDEN, "g")
    for t in turns:  # live ingest, one turn per request
        add_turns(store, ns, session="s1", turns=[t], settings=wide)
    add_turns(store, other, session="s1", turns=turns, settings=wide)  # batch import
    drain_stats()
    stems = query_stems(QUERY.split())
    live, batch = read_stats(store, ns.name, stems), read_stats(store, other.name, stems)
    assert live == batch and live.docs == len(GARDEN)
    assert _scores(store, ns) == _scores(store, other)
    assert rebuild_stats(store, ns) == len(GARDEN)
    assert read_stats(store, ns.name, stems) == live
