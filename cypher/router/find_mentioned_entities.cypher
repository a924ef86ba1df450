// Router rule 4: the live entities mentioned by the turns and summaries that semantic search found.
CALL () {
  UNWIND $turn_ids AS id
  MATCH (x:Turn {ns: $ns, id: id})-[:MENTIONS]->(e:Entity {ns: $ns})
  WHERE x.erased_at IS NULL AND e.erased_at IS NULL
  RETURN e, id
  UNION ALL
  UNWIND $summary_ids AS id
  MATCH (x:Summary {ns: $ns, id: id})-[:MENTIONS]->(e:Entity {ns: $ns})
  WHERE x.erased_at IS NULL AND e.erased_at IS NULL
  RETURN e, id
}
RETURN e.key AS key, count(*) AS mentions, collect(DISTINCT id) AS via
ORDER BY mentions DESC, key
LIMIT $limit
