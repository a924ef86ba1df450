// Erasure and purge, candidate finding: the nodes of the namespace whose reach properties ($reach: label and
// property names, from the reach table in graphmem/privacy/reach.py) may hold a spelling of the subject: a
// lower-cased fragment ($words) or a phone's last digits through any separators ($digits_pattern, a regular
// expression of digits built by reach.py, or null). A superset: Python re-checks each value with the registry
// (graphmem/privacy/spellings.py). The subject itself is skipped. Only the table's properties are read, so
// the cost follows the text that can hold a copy, not every property of every node.
UNWIND $reach AS r
CALL (r) {
  MATCH (n:$(r.label) {ns: $ns})
  WHERE NOT (n:Entity AND n.key = $key)
  WITH n, [p IN r.props WHERE n[p] IS NOT NULL | {name: p, value: n[p]}] AS present
  WITH n, [p IN present | {name: p.name,
                           values: CASE WHEN valueType(p.value) STARTS WITH 'LIST<STRING' THEN p.value
                                        WHEN valueType(p.value) STARTS WITH 'STRING' THEN [p.value]
                                        ELSE [] END}] AS props
  WITH n, [p IN props WHERE any(v IN p.values WHERE
             any(w IN $words WHERE toLower(v) CONTAINS w)
             OR ($digits_pattern IS NOT NULL AND v =~ $digits_pattern))] AS hits
  WHERE size(hits) > 0
  RETURN n, [h IN hits | h.name] AS names
}
WITH n, collect(names) AS found
RETURN elementId(n) AS id, labels(n) AS labels, n {.*, embedding: null, leader_embedding: null} AS props,
       reduce(all = [], names IN found | all + [x IN names WHERE NOT x IN all]) AS names
