"""What the store stands on: the driver factory and the named Cypher statements.

| module | holds |
|---|---|
| `driver.py` | `open_driver`: the one place a neo4j driver is configured (the store, the managed server's probe, benches) |
| `queries.py` | loading `cypher/<channel>/<name>.cypher` by name, with view fragments included |
"""
