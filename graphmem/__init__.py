"""graphmem: memory for AI agents, a bitemporal knowledge graph on Neo4j.

The public library API is re-exported here; `api/` and `graphmem_tools.cli` are thin callers of it.
Every function takes `store, ns` first, then keyword-only arguments.
"""

from graphmem.channels.changes import changes, timeline_picture
from graphmem.channels.conversation import add_turn, add_turns, get_turn, read_summary, read_window
from graphmem.channels.exact import lookup, read_entities, read_entity
from graphmem.channels.graph import declare_relation_type, relate, to_graphml, to_networkx, traverse, unrelate
from graphmem.channels.search import search
from graphmem.channels.temporal import (
    assert_fact,
    assert_facts,
    correct_fact,
    declare_attribute,
    history,
    put_entities,
    put_entity,
    retract_fact,
)
from graphmem.channels.workflow import add_trajectory, induce_workflows, match_workflows, workflow_history
from graphmem.errors import GraphmemError
from graphmem.imports import import_graph
from graphmem.privacy import erase_entity, list_erasures, purge
from graphmem.recall import recall
from graphmem.settings import Settings, get_settings, load_settings
from graphmem.store import Store, open_store
from graphmem.types import Namespace

__all__ = [
    "GraphmemError",
    "Namespace",
    "Settings",
    "Store",
    "add_trajectory",
    "add_turn",
    "add_turns",
    "assert_fact",
    "assert_facts",
    "changes",
    "correct_fact",
    "declare_attribute",
    "declare_relation_type",
    "erase_entity",
    "get_settings",
    "get_turn",
    "history",
    "import_graph",
    "induce_workflows",
    "list_erasures",
    "load_settings",
    "lookup",
    "match_workflows",
    "open_store",
    "purge",
    "put_entities",
    "put_entity",
    "read_entities",
    "read_entity",
    "read_summary",
    "read_window",
    "recall",
    "relate",
    "retract_fact",
    "search",
    "timeline_picture",
    "to_graphml",
    "to_networkx",
    "traverse",
    "unrelate",
    "workflow_history",
]
