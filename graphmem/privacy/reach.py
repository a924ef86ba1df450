"""Find every copy of an erased subject's spellings in a namespace, then hide it (erasure) or remove it
(purge), inside the caller's transaction.

Where a copy can be is the reach table below (`REACH`): for each label, the text properties a spelling can
be in. Candidates come from the turns' reach text through a TEXT index (`privacy/scan_turns`: turns are the
bulk of a namespace; `graphmem.identifiers.reach`), a scan of exactly the table's properties of every other
label (`privacy/scan_nodes`) and of every relationship property leaving an entity
(`privacy/scan_relationships`, relationships with text being few): a superset found by Cypher
(lower-cased fragments, and a phone's digits through separators, as a regular expression), re-checked value
by value here with `Spellings` (the identifier registry's normalisers). MENTIONS links made at write time are
not needed, so a turn written before the entity existed, or naming it in another format, is found all the
same. The table is what keeps an erasure's cost to the data that can hold a copy (at 100,000 turns, the
scan of every property of every node took 10 s; `graphmem bench erasure`); a text property that no
statement of the table knows would be missed, so `graphmem check erasure` (and the CI test running it)
fails when a namespace holds one. What happens to each copy:

| record | erasure (application view) | purge (physically) |
|---|---|---|
| Turn | `erased_at` | stripped to its place in the session |
| Summary | `erased_at` | deleted |
| Trajectory | `erased_at`; its workflows hidden and re-induced | deleted; workflows re-induced |
| Workflow version | `erased_at` and closed; group re-induced | deleted |
| IdempotencyKey (cached response) | deleted | deleted |
| another entity's Attribute value | its versions point to `[erased]` | same, and the value is deleted |
| any other property (a name, a note, a relation's property) | replaced by `[erased]` | same |
| a workflow group's leader vector (of its leader task) | the embedding of the redacted task | same |
| SearchTerm (keyword statistics) | nothing to do: it keeps an HMAC of each word, never the word | same |

Summary text is written off the request path (`conversation.folds`): a chunk queued before the erasure
is read by its worker with the view filters, so the erased turns never reach its text.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from graphmem.channels.workflow import Reinduced, reinduce_groups
from graphmem.identifiers import Registry
from graphmem.privacy.spellings import REDACTED, Spellings, redacted_props
from graphmem.store import Store, Tx
from graphmem.types import Namespace

log = logging.getLogger(__name__)

#: label -> the text properties that can hold a copy of someone's spelling: scanned by every erasure and purge
REACH: dict[str, tuple[str, ...]] = {
    "Turn": ("text", "speaker", "metadata_json", "id", "session"),
    "Summary": ("text", "speakers", "entities", "facts", "intent", "open_items", "topics", "tone", "session", "id"),
    "Trajectory": ("task", "steps", "error", "id", "task_type", "group_key"),
    "Workflow": ("name", "description", "steps", "actions", "examples", "params", "param_names", "reason", "risks",
                 "signature", "task_type", "task_types", "uses", "uses_keys", "key", "group", "id"),
    "WorkflowGroup": ("leader_task", "leader_actions", "leader", "key", "task_type", "merged_into"),
    "IdempotencyKey": ("response", "idem_key", "route"),
    "Attribute": ("value", "caption", "name"),
    "Entity": ("name", "aliases", "former_names", "attributes", "key", "id", "type"),
    "Session": ("id", "last_turn"),
    "ImportMark": ("id", "source"),
    "AttributeDecl": ("name",),
    "RelationDecl": ("type",),
}
#: label -> text properties that never hold a spelling, and why: the reach-table check knows them too
UNREACHED: dict[str, tuple[str, ...]] = {
    "*": ("ns", "_ref"),  # the namespace's name; an import's id of a node it is writing (removed at its end)
    # derived from text and speaker; an enum; a summary's id; the index copy of the scanned ones, lower-cased
    # (graphmem/identifiers/reach.py): hidden with the turn, stripped with it
    "Turn": ("search_text", "role", "summary", "reach_text"),
    "Summary": ("search_text", "summariser"),  # a copy of text; which summariser wrote it
    "Trajectory": ("outcome",),  # success or failure
    "Workflow": ("inducer", "kind", "closed_reason", "superseded_by"),  # enums; a workflow id
    # the words of the group's runs (rewritten from the remaining runs when an erasure re-induces the group, so
    # the purge check finds none left); a hash naming them
    "WorkflowGroup": ("terms", "terms_version"),
    "IdempotencyKey": ("claim", "key_id", "media_type", "request_hash", "state"),  # tokens, hashes, enums
    "SearchTerm": ("term",),  # a keyed hash of a word (HMAC), never the word
    "SearchCorpus": (),
    "NameStamp": ("stamp",),  # a random id the namespace's name-changing writes renew (graphmem/channels/names/_copy.py)
    # the memory hit rate (graphmem/recall/usage.py): an answer's id and its items' channels by position,
    # never an item; the counters' channel name
    "RecallAnswer": ("id", "channels"),
    "RecallStats": ("channel",),
}
#: compliance records: what an erasure writes, never scanned
COMPLIANCE_LABELS = ("Erasure", "Tombstone", "PurgeRecord")


def unknown_text_properties(found: Sequence[Mapping[str, Any]]) -> list[str]:
    """`Label.property` for each text property (rows of `admin/text_properties`: a node's labels, a property
    name) that no label of its node knows in either table: a statement writes text where erasure does not
    look."""
    out: set[str] = set()
    for row in found:
        labels, name = [str(x) for x in row["labels"]], str(row["name"])
        if any(label in COMPLIANCE_LABELS for label in labels):
            continue
        if not any(name in REACH.get(label, ()) + UNREACHED.get(label, ()) + UNREACHED["*"] for label in labels):
            out.add(f"{':'.join(sorted(labels))}.{name}")
    return sorted(out)


def _reach_param() -> dict[str, list[str]]:
    """The table for `privacy/scan_nodes` (label -> properties): every label but Turn, whose candidates come
    from its reach text's index (`privacy/scan_turns`)."""
    return {label: list(props) for label, props in REACH.items() if label != "Turn"}


def _digits_pattern(digits: Sequence[str]) -> str | None:
    """A regular expression for "the string's digits contain one of `digits`": each digit may be followed by
    any non-digits (separators, brackets, words). Built of digits only, so nothing of the caller's reaches
    it unescaped; passed to Cypher as a parameter."""
    runs = ["[^0-9]*".join(d) for d in digits if d.isdigit()]
    return f"(?s).*(?:{'|'.join(runs)}).*" if runs else None


HIDDEN_LABELS = ("Turn", "Summary", "Trajectory")
#: properties that are a record's identity (constraints, links): never redacted in place
IDENTITY = frozenset({"ns", "id", "key", "session", "group_key", "merged_into", "superseded_by", "idem_key"})


@dataclass
class Copies:
    """Where the spellings were found, by what to do with them (element ids)."""

    turns: list[str] = field(default_factory=list)
    summaries: list[str] = field(default_factory=list)
    trajectories: list[str] = field(default_factory=list)
    workflows: list[str] = field(default_factory=list)
    cached: list[str] = field(default_factory=list)
    attributes: list[str] = field(default_factory=list)
    nodes: list[dict[str, Any]] = field(default_factory=list)  # {id, props}: redact in place
    relationships: list[dict[str, Any]] = field(default_factory=list)
    leaders: list[dict[str, Any]] = field(default_factory=list)  # {id, task}: a group's redacted leader task


def spellings_of(tx: Tx, store: Store, ns: Namespace, key: str) -> Spellings | None:
    """The subject's spellings, from what is stored of it (None: no such entity any more)."""
    row = tx.one("privacy/entity_needles", ns=ns, key=key)
    if row is None:
        return None
    pairs = [(a["name"], a["value"]) for a in row["attributes"]]
    return Spellings.of(key=row["key"], name=row.get("name"), attributes=pairs,
                        registry=store.services.registry)


def find_copies(tx: Tx, ns: Namespace, key: str, spellings: Spellings, registry: Registry) -> Copies:
    """Every record of the namespace (except the subject's own) holding a spelling, re-checked exactly.

    One kind of copy is left alone: an identifier attribute (a kind the registry knows: phone, email, …)
    that another entity holds as its own. Two people may share a household phone; erasing one of them
    must not rewrite the other's identity, and the value is then no longer the subject's alone (lookups
    in the application view find only the other holder). An order's `contact` is no identifier kind:
    it is the subject's data held by another record, and it is redacted."""
    probe = {"ns": ns.name, "key": key, "words": spellings.probe_words(), "digits": spellings.probe_digits()}
    out = Copies()
    digits_pattern = _digits_pattern(probe["digits"])
    turns = tx.run("privacy/scan_turns", ns=ns, probes=[*probe["words"], *probe["digits"]], words=probe["words"],
                   props=list(REACH["Turn"]), digits_pattern=digits_pattern)
    others = tx.run("privacy/scan_nodes", ns=ns, key=key, words=probe["words"], reach=_reach_param(),
                    digits_pattern=digits_pattern)
    for row in [*turns, *others]:
        props: Mapping[str, Any] = row["props"]
        if not any(spellings.matching(props.get(n)) for n in row["names"]):
            continue
        labels = set(row["labels"])
        if "Turn" in labels:
            out.turns.append(row["id"])
        elif "Summary" in labels:
            out.summaries.append(row["id"])
        elif "Trajectory" in labels:
            out.trajectories.append(row["id"])
        elif "Workflow" in labels:
            out.workflows.append(row["id"])
        elif "IdempotencyKey" in labels:
            out.cached.append(row["id"])
        elif "Attribute" in labels:
            if registry.kind_for_attribute(str(props.get("name", ""))) is None:
                out.attributes.append(row["id"])
        else:
            keep = IDENTITY | ({"name"} if "Entity" not in labels else set())
            changed = redacted_props({n: props.get(n) for n in row["names"]}, spellings, keep=keep)
            if changed:
                out.nodes.append({"id": row["id"], "props": changed})
            if "WorkflowGroup" in labels and "leader_task" in changed:
                out.leaders.append({"id": row["id"], "task": changed["leader_task"]})
    for row in tx.run("privacy/scan_relationships", ns=ns, key=key, words=probe["words"],
                      digits_pattern=digits_pattern):
        changed = redacted_props({n: row["props"].get(n) for n in row["names"]}, spellings, keep={"ns"})
        if changed:
            out.relationships.append({"id": row["id"], "props": changed})
    return out


def redact_others(tx: Tx, store: Store, ns: Namespace, key: str, copies: Copies, now: datetime) -> None:
    """Other records' values (attributes, properties) and cached responses: the same at erasure and purge.

    A workflow group's leader vector is the embedding of its leader's task (untyped runs join the group
    nearest to it): once that task is redacted, the vector of the erased words would still encode them, so
    it becomes the embedding of the redacted task, by the rule that made it (`reembed.texts_for`)."""
    if copies.cached:
        tx.run("privacy/delete_nodes", ns=ns, ids=copies.cached)
    if copies.attributes:
        tx.run("privacy/redact_attributes", ns=ns, key=key, ids=copies.attributes, redacted=REDACTED, now=now)
        tx.run("privacy/delete_orphan_attributes", ns=ns, ids=copies.attributes)
    if copies.nodes:
        tx.run("privacy/redact_nodes", ns=ns, rows=copies.nodes)
    if copies.relationships:
        tx.run("privacy/redact_relationships", ns=ns, rows=copies.relationships)
    if copies.leaders:
        reembed_leaders(tx, store, ns, copies.leaders)


def reembed_leaders(tx: Tx, store: Store, ns: Namespace, leaders: Sequence[Mapping[str, Any]]) -> None:
    """Groups' leader vectors from their (redacted) leader tasks. An erasure never waits on the model: if it
    cannot embed, the vectors are removed (an untyped run then starts a group of its own until the group is
    induced again), never left encoding the erased words."""
    from graphmem.channels.reembed import texts_for
    from graphmem.embedding import get_embedder

    try:
        vectors: list[list[float] | None] = list(get_embedder(store.services.settings).embed(
            [texts_for("group_leaders", {"task": r["task"]})[0] for r in leaders]))
    except Exception:  # noqa: BLE001 - the model failing must not fail the erasure
        log.warning("erasure: leader vectors of %d workflow groups removed, not re-embedded", len(leaders),
                    exc_info=True)
        vectors = [None] * len(leaders)
    tx.run("privacy/reembed_leaders", ns=ns, rows=[{"id": r["id"], "vector": v} for r, v in zip(leaders, vectors)])


def hide_copies(tx: Tx, store: Store, ns: Namespace, key: str, copies: Copies, *, now: datetime) -> Reinduced:
    """Erasure: hide every copy from the application view, in the erasure's transaction; returns what
    became of the workflows it hid."""
    hidden = copies.turns + copies.summaries + copies.trajectories
    if hidden:
        tx.run("privacy/hide_nodes", ns=ns, ids=hidden, now=now)
    redact_others(tx, store, ns, key, copies, now)
    return _rework_workflows(tx, store, ns, copies, now=now, delete=False)


def remove_copies(tx: Tx, store: Store, ns: Namespace, key: str, copies: Copies, *, now: datetime) -> Reinduced:
    """Purge: remove every copy physically (turns keep their place in the session, without content). Groups
    whose leader task an erasure redacted before erasures re-embedded it are re-embedded too (`reembed_leaders`):
    their vector may still be the erased words'."""
    redacted = {r["id"]: r for r in tx.run("privacy/redacted_leaders", ns=ns, redacted=REDACTED)}
    copies.leaders += [r for i, r in redacted.items() if i not in {x["id"] for x in copies.leaders}]
    if copies.turns:
        tx.run("privacy/strip_turns", ns=ns, ids=copies.turns, now=now)
    if copies.summaries:
        tx.run("privacy/delete_nodes", ns=ns, ids=copies.summaries)
    redact_others(tx, store, ns, key, copies, now)
    return _rework_workflows(tx, store, ns, copies, now=now, delete=True)


def _rework_workflows(tx: Tx, store: Store, ns: Namespace, copies: Copies, *, now: datetime,
                      delete: bool) -> Reinduced:
    if not (copies.trajectories or copies.workflows):
        return Reinduced()
    groups: list[str] = []
    if copies.trajectories:
        groups += (tx.one("privacy/trajectory_groups", ns=ns, ids=copies.trajectories) or {}).get("keys", [])
    hidden = tx.one("privacy/hide_workflows", ns=ns, ids=copies.workflows, trajectories=copies.trajectories,
                    now=now) or {}
    if delete:
        tx.run("privacy/delete_nodes", ns=ns, ids=list(hidden.get("ids", [])) + copies.trajectories)
    registry = store.services.registry
    return reinduce_groups(tx, store, ns, keys=groups, hidden=hidden.get("keys", []), now=now, registry=registry)


def counts(copies: Copies, mentioned_turns: Sequence[str], mentioned_summaries: Sequence[str]) -> tuple[int, int]:
    """Turns and summaries an erasure hid (write-time MENTIONS and found copies together)."""
    return len(set(copies.turns) | set(mentioned_turns)), len(set(copies.summaries) | set(mentioned_summaries))
