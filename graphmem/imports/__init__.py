"""Imports of other memory graphs into a namespace (issue #22): `graphiti` (graphiti-core).

The library half takes plain records (`records.SourceGraph`), so it never imports the source's own
package; `graphmem_tools/graphiti_source.py` reads a Graphiti graph through graphiti-core into them.
`mapping` validates and maps everything first (pure); `writer` then writes through the channels.
"""

from graphmem.imports.records import ImportReport, SourceEdge, SourceEpisode, SourceGraph, SourceNode
from graphmem.imports.writer import import_graph

__all__ = ["ImportReport", "SourceEdge", "SourceEpisode", "SourceGraph", "SourceNode", "import_graph"]
