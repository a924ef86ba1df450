"""Vector slots (issue 35): the names every statement takes for the slot in use and the other one, and a
move embeds each kind of node from the same texts its writers embed."""

from __future__ import annotations

from graphmem.channels.conversation.embeddings import labelled
from graphmem.channels.reembed import KINDS, STATEMENTS, slot_params, texts_for
from graphmem.channels.workflow import type_texts, workflow_texts
from graphmem.infra.queries import load_queries
from graphmem.store import VECTOR_SLOTS, other_slot
from graphmem.store._values import vector_slot


def test_each_slot_names_its_own_properties_and_indexes() -> None:
    a, b = vector_slot("a"), vector_slot("b")
    assert (a["vec_prop"], a["vec_turns"], a["vec_prop_other"]) == ("embedding", "turn_embedding", "embedding_b")
    assert (b["vec_prop"], b["vec_turns"], b["vec_prop_other"]) == ("embedding_b", "turn_embedding_b", "embedding")
    assert set(VECTOR_SLOTS["a"].values()).isdisjoint(VECTOR_SLOTS["b"].values())
    assert other_slot("a") == "b" and other_slot("b") == "a"


def test_statements_name_vectors_only_through_the_slot() -> None:
    """No statement outside the schema and the move writes or reads a vector property by its literal name."""
    literal = ("t.embedding", "m.embedding", "w.embedding", "g.type_embedding", "g.leader_embedding",
               "'turn_embedding'", "'summary_embedding'", "'workflow_embedding'")
    offenders = sorted(n for n, q in load_queries().items()
                       if not n.startswith(("schema/", "embedding/", "bench/scan_every"))
                       and any(x in q for x in literal))
    assert not offenders, offenders


def test_a_move_reads_and_writes_each_kind_between_two_slots() -> None:
    params = slot_params("a", "b")
    assert (params["source"], params["target"]) == ("embedding", "embedding_b")
    assert (params["source_type"], params["target_leader"]) == ("type_embedding", "leader_embedding_b")
    queries = load_queries()
    for kind in KINDS:
        read, write = STATEMENTS[kind]
        assert "$target" in queries[read] or "$target_" in queries[read]
        assert "SET" in queries[write]


def test_a_move_embeds_the_texts_the_writers_embed() -> None:
    assert texts_for("turns", {"speaker": "Maria", "text": "I moved to Porto."}) == [labelled("Maria", "I moved to Porto.")]
    assert texts_for("summaries", {"text": ""}) == [" "]
    row = {"examples": ["Refund order ORD-1001"], "name": "refund order", "actions": ["lookup_order", "issue_refund"]}
    assert texts_for("workflows", row) == workflow_texts(row["examples"], row["name"], row["actions"])
    groups = {"examples": [["Refund order ORD-1001", "Refund order ORD-1002"]], "types": [None, "refund_order"]}
    assert texts_for("group_types", groups) == type_texts(groups["examples"], groups["types"])
    assert texts_for("group_types", groups)[-1] == "refund order"  # the type's name, humanised, after the examples
    assert "ORD-1001" not in texts_for("group_leaders", {"task": "Refund order ORD-1001"})[0]  # masked as induction does
