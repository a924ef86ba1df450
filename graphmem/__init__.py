"""graphmem: memory for AI agents, a bitemporal knowledge graph on Neo4j.

The public library API is re-exported here; `api/` and `graphmem.cli` are thin callers of it.
"""

from graphmem.errors import GraphmemError
from graphmem.settings import Settings, get_settings, load_settings
from graphmem.store import Store, open_store
from graphmem.types import Namespace

__all__ = ["GraphmemError", "Namespace", "Settings", "Store", "get_settings", "load_settings", "open_store"]
