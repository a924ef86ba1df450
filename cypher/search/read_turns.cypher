// Candidate turns with their neighbours in arrival order (NEXT), for neighbour expansion and ranking.
UNWIND $ids AS id
MATCH (t:Turn {ns: $ns, id: id})
OPTIONAL MATCH (p:Turn {ns: $ns})-[:NEXT]->(t)
OPTIONAL MATCH (t)-[:NEXT]->(n:Turn {ns: $ns})
RETURN t {.id, .session, .seq, .speaker, .text, .at, .importance, .summary, .erased_at, .archived_at} AS turn,
       p {.id, .session, .seq, .speaker, .text, .at, .importance, .summary, .erased_at, .archived_at} AS prev,
       n {.id, .session, .seq, .speaker, .text, .at, .importance, .summary, .erased_at, .archived_at} AS next
