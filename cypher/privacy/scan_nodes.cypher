// Erasure and purge, candidate finding: the nodes of the namespace, other than turns (privacy/scan_turns),
// whose reach properties ($reach: label -> property names, from the reach table in graphmem/privacy/reach.py)
// may hold a spelling of the subject: a lower-cased fragment ($words) or a phone's last digits through any
// separators ($digits_pattern, a regular expression of digits built by reach.py, or null). A superset:
// Python re-checks each value with the registry (graphmem/privacy/spellings.py). The subject itself is
// skipped. Each label is read through its namespace-leading uniqueness index, so the cost follows this
// namespace's records, never the database's (a label of the table missing here is caught by
// tests/unit/test_reach_table.py).
CALL () {
  MATCH (n:Entity) USING INDEX n:Entity(ns, key) WHERE n.ns = $ns AND n.key IS NOT NULL AND n.key <> $key
  RETURN n, $reach.Entity AS props
  UNION
  MATCH (n:Attribute) USING INDEX n:Attribute(ns, name, value)
  WHERE n.ns = $ns AND n.name IS NOT NULL AND n.value IS NOT NULL
  RETURN n, $reach.Attribute AS props
  UNION
  MATCH (n:Summary) USING INDEX n:Summary(ns, id) WHERE n.ns = $ns AND n.id IS NOT NULL
  RETURN n, $reach.Summary AS props
  UNION
  MATCH (n:Trajectory) USING INDEX n:Trajectory(ns, id) WHERE n.ns = $ns AND n.id IS NOT NULL
  RETURN n, $reach.Trajectory AS props
  UNION
  MATCH (n:Workflow) USING INDEX n:Workflow(ns, id) WHERE n.ns = $ns AND n.id IS NOT NULL
  RETURN n, $reach.Workflow AS props
  UNION
  MATCH (n:WorkflowGroup) USING INDEX n:WorkflowGroup(ns, key) WHERE n.ns = $ns AND n.key IS NOT NULL
  RETURN n, $reach.WorkflowGroup AS props
  UNION
  MATCH (n:IdempotencyKey) USING INDEX n:IdempotencyKey(ns, key_id, route, idem_key)
  WHERE n.ns = $ns AND n.key_id IS NOT NULL AND n.route IS NOT NULL AND n.idem_key IS NOT NULL
  RETURN n, $reach.IdempotencyKey AS props
  UNION
  MATCH (n:Session) USING INDEX n:Session(ns, id) WHERE n.ns = $ns AND n.id IS NOT NULL
  RETURN n, $reach.Session AS props
  UNION
  MATCH (n:ImportMark) USING INDEX n:ImportMark(ns, source, id) WHERE n.ns = $ns AND n.source IS NOT NULL AND n.id IS NOT NULL
  RETURN n, $reach.ImportMark AS props
  UNION
  MATCH (n:AttributeDecl) USING INDEX n:AttributeDecl(ns, name) WHERE n.ns = $ns AND n.name IS NOT NULL
  RETURN n, $reach.AttributeDecl AS props
  UNION
  MATCH (n:RelationDecl) USING INDEX n:RelationDecl(ns, type) WHERE n.ns = $ns AND n.type IS NOT NULL
  RETURN n, $reach.RelationDecl AS props
}
WITH n, [p IN props WHERE n[p] IS NOT NULL | {name: p, value: n[p]}] AS present
WITH n, [p IN present | {name: p.name,
                         values: CASE WHEN valueType(p.value) STARTS WITH 'LIST<STRING' THEN p.value
                                      WHEN valueType(p.value) STARTS WITH 'STRING' THEN [p.value]
                                      ELSE [] END}] AS props
WITH n, [p IN props WHERE any(v IN p.values WHERE
           any(w IN $words WHERE toLower(v) CONTAINS w)
           OR ($digits_pattern IS NOT NULL AND v =~ $digits_pattern))] AS hits
WHERE size(hits) > 0
WITH n, collect([h IN hits | h.name]) AS found
RETURN elementId(n) AS id, labels(n) AS labels, n {.*, embedding: null, embedding_b: null, leader_embedding: null, leader_embedding_b: null,
                                                         type_embedding: null, type_embedding_b: null} AS props,
       reduce(all = [], names IN found | all + [x IN names WHERE NOT x IN all]) AS names
