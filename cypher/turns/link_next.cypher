// Arrival order within a session: each turn follows the previous one (neighbour expansion walks it).
UNWIND $pairs AS p
MATCH (a:Turn {ns: $ns, id: p.from}), (b:Turn {ns: $ns, id: p.to})
CREATE (a)-[:NEXT]->(b)
RETURN count(*) AS linked
