"""What do you hold about me? (`GET /v1/{ns}/entities/{key}/dossier`, issue 34). The subject is written
everywhere a person's data goes (the fixture of test_erasure_views: turns before it existed and in other
spellings, a speaker, metadata, a trajectory and its workflow, an order's contact, a relation's note, a
cached answer); the dossier lists each, and no one else's; what it lists is what the erasure then hides;
after the purge only the erasure record is left."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from graphmem.channels.conversation import drain_folds
from graphmem.settings import Settings
from graphmem.store import Store
from graphmem.types import Namespace
from tenancy import Keys, cypher, keyed_client
from test_erasure_views import leaks, ok, seed

pytestmark = pytest.mark.neo4j


@pytest.fixture
def keyed(settings: Settings, store: Store, ns: Namespace) -> Iterator[tuple[TestClient, Keys]]:
    with keyed_client(settings, store, {"agent": ("agent", [ns.name]), "auditor": ("auditor", [ns.name]),
                                        "dpo": ("compliance", [ns.name])}, window_size=2) as pair:
        yield pair


def _ids(section: list[dict[str, object]]) -> set[str]:
    return {str(r["id"]) for r in section}


def test_the_dossier_holds_every_kind_of_record_and_only_the_subjects(keyed: tuple[TestClient, Keys],
                                                                      store: Store, ns: Namespace) -> None:
    client, keys = keyed
    p = seed(client, keys, store, ns)
    drain_folds()
    url = f"/v1/{ns.name}/entities/{p.key}/dossier"
    for role in ("agent", "auditor"):
        assert client.get(url, headers=keys.auth(role)).status_code == 403
    d = ok(client.get(url, headers=keys.auth("dpo")))

    assert d["entity"]["name"] == p.name and d["entity"]["erased_at"] is None
    assert {(f["attribute"], f["value"]) for f in d["facts"]} >= {("note", p.secret), ("nickname", p.alias),
                                                                 ("email", p.email)}
    assert [(r["type"], r["direction"], r["other"]) for r in d["relations"]] == [("KNOWS", "out", p.keep)]
    # t0 (before the entity existed, upper case, +1 format), t2 (key), t4 (spaced phone), t5 (speaker),
    # t6 (metadata, upper case), t7 (alias); never the turns about the weather or Bob Keeper
    assert _ids(d["turns"]) == {"t0", "t2", "t4", "t5", "t6", "t7"}
    assert _ids(d["trajectories"]) == {"r1"}
    assert d["summaries"], "the folded window's summaries name the subject"
    assert all(leaks(p, json.dumps(s)) for s in d["summaries"])
    assert len(d["cached_responses"]) == 1
    other = {(r["label"], tuple(r.get("holders", ()))) for r in d["other_records"]}
    assert ("Attribute", (p.order,)) in other  # the order's contact holds the phone
    assert any(r["label"] == "relationship" and r["properties"] == ["note"] for r in d["other_records"])
    assert d["erasures"] == []
    assert client.get(f"/v1/{ns.name}/entities/nobody-here/dossier", headers=keys.auth("dpo")).status_code == 404

    # what the dossier listed is what the erasure hides (one scan for both): turns, summaries, trajectories
    ok(client.request("DELETE", f"/v1/{ns.name}/entities/{p.key}", params={"reason": "art. 17"},
                      headers=keys.auth("dpo")))
    hidden = cypher(store, "MATCH (n {ns: $ns}) WHERE n.erased_at IS NOT NULL AND NOT n:Entity "
                           "RETURN head(labels(n)) AS label, n.id AS id", ns=ns.name)
    by_label = {label: {str(r["id"]) for r in hidden if r["label"] == label} for label in ("Turn", "Summary",
                                                                                          "Trajectory")}
    assert by_label == {"Turn": _ids(d["turns"]), "Summary": _ids(d["summaries"]),
                        "Trajectory": _ids(d["trajectories"])}

    after = ok(client.get(url, headers=keys.auth("dpo")))  # erased, not purged: still all there
    assert after["entity"]["erased_at"] and _ids(after["turns"]) == _ids(d["turns"])
    assert [(e["key"], e["status"]) for e in after["erasures"]] == [(p.key, "erased")]

    ok(client.post(f"/v1/{ns.name}/purge", json={"older_than_days": 0}, headers=keys.auth("dpo")))
    gone = ok(client.get(url, headers=keys.auth("dpo")))
    assert gone["entity"] is None and [(e["key"], e["status"]) for e in gone["erasures"]] == [(None, "purged")]
    assert leaks(p, json.dumps(gone).replace(p.key, "")) == []  # the asked-for key is the only echo
