"""`graphmem import <source>`: one module per source graph, each exposing a click `command`
(`graphiti`: graphiti-core's Neo4j graphs)."""
