"""Every statement that writes entities (or nodes of any label) either stamps the namespace's names or is said here
not to change them: a process's copy of the names (`graphmem.channels.names._copy`) holds only while every write that
changes names changes the stamp. A new statement that writes entities fails here until it is classified."""

from __future__ import annotations

import re
from pathlib import Path

from graphmem.store._tx import STAMPED, stamp_of

ROOT = Path(__file__).resolve().parents[2] / "cypher"
_WRITE = re.compile(r"\b(?:CREATE|MERGE|SET|DELETE|REMOVE)\b")
_NODES = re.compile(r":Entity\b|MATCH \(n\)|\(n \{ns|\(n:\$\(")

#: statements that write entities or nodes of any label but change no entity's name, key set or life
NOT_NAMES = {
    "admin/migrate_typed_relations": "relationships and the :Related label",
    "admin/purge_namespace": "deletes the namespace's nodes, its stamp among them (a copy's check then reads none)",
    "admin/stamp_namespaces": "the stamps themselves (`graphmem schema migrate`)",
    "admin/purge_namespace_edges": "relationships",
    "bench/legacy_apply_relations": "relationships",
    "embedding/clear_slot": "vector properties",
    "graph/apply_relations": "relationships",
    "graph/declare_relation_type": "a RelationDecl",
    "imports/create_relations": "relationships",
    "privacy/claim_erasure": "an Erasure record (mark_erased stamps)",
    "privacy/redact_attributes": "attribute versions",
    "summary/fold": "summaries and their MENTIONS",
    "temporal/apply_versions": "attribute versions",
    "temporal/drop_namespace_versions": "attribute versions",
    "temporal/lock_entities": "an entity's write lock",
    "turns/append_turns": "turns and their MENTIONS",
    "turns/lock_session": "a session and its entities' locks",
}


def _writers() -> set[str]:
    out = set()
    for path in ROOT.rglob("*.cypher"):
        name = path.relative_to(ROOT).with_suffix("").as_posix()
        if name.startswith(("schema", "fragments")):
            continue
        text = "\n".join(line for line in path.read_text().splitlines() if not line.lstrip().startswith("//"))
        if _WRITE.search(text) and _NODES.search(text):
            out.add(name)
    return out


def test_every_statement_that_writes_entities_is_classified() -> None:
    writers = _writers()
    assert len(writers) >= 20  # the scan finds what it should
    assert writers - set(STAMPED) - set(NOT_NAMES) == set()
    assert set(STAMPED) | set(NOT_NAMES) <= writers  # no stale entry


def test_every_stamped_statement_is_scoped_by_its_namespace() -> None:
    for name in STAMPED:
        assert "$ns" in (ROOT / f"{name}.cypher").read_text(), name


def test_a_put_that_changes_no_name_calls_for_no_stamp() -> None:
    assert stamp_of("temporal/merge_entities", [{"names_changed": False}, {"names_changed": False}]) is None
    assert stamp_of("temporal/merge_entities", [{"names_changed": False}, {"names_changed": True}]) == "exact/bump_names"
    assert stamp_of("privacy/mark_erased", []) == "exact/bump_names"
    assert stamp_of("temporal/apply_versions", [{"x": 1}]) is None
