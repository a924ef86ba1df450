// Baseline for `graphmem bench erasure`: the candidate scan before the reach table (every string property of
// every node of the namespace, a phone's digits rebuilt per string). Timed beside privacy/scan_nodes; not used by erasure.
// view-exempt(n): erasure finds copies in every node, hidden or not, as privacy/scan_nodes does.
CALL db.labels() YIELD label
WITH label WHERE NOT label IN ['Erasure', 'Tombstone', 'PurgeRecord']
CALL (label) {
  MATCH (n:$(label) {ns: $ns})
  WHERE NOT (n:Entity AND n.key = $key)
  RETURN n
}
WITH DISTINCT n
WITH n, [k IN keys(n) WHERE valueType(n[k]) STARTS WITH 'STRING' OR valueType(n[k]) STARTS WITH 'LIST<STRING'] AS ks
WITH n, [k IN ks | {name: k, values: CASE WHEN valueType(n[k]) STARTS WITH 'LIST' THEN n[k] ELSE [n[k]] END}] AS props
WITH n, [p IN props WHERE any(v IN p.values WHERE
           any(w IN $words WHERE toLower(v) CONTAINS w)
           OR (size($digits) > 0 AND any(d IN $digits WHERE
                 reduce(s = '', c IN split(v, '') | s + CASE WHEN c >= '0' AND c <= '9' THEN c ELSE '' END) CONTAINS d)))
        ] AS hits
WHERE size(hits) > 0
RETURN elementId(n) AS id, labels(n) AS labels, n {.*, embedding: null, embedding_b: null, leader_embedding: null, leader_embedding_b: null} AS props,
       [h IN hits | h.name] AS names
