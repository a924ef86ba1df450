// Erasure and purge, candidate finding on relationships: every relationship leaving a node of the
// namespace with a string property that may hold a spelling (as privacy/scan_nodes). Relationships of
// the subject itself are skipped: they are hidden with it and deleted with it.
CALL db.labels() YIELD label
WITH label WHERE NOT label IN ['Erasure', 'Tombstone', 'PurgeRecord']
CALL (label) {
  MATCH (a:$(label) {ns: $ns})-[r]->(b)
  WHERE NOT (a:Entity AND a.key = $key) AND NOT (b:Entity AND b.key = $key AND b.ns = $ns)
  RETURN r
}
WITH DISTINCT r
WITH r, [k IN keys(r) WHERE valueType(r[k]) STARTS WITH 'STRING' OR valueType(r[k]) STARTS WITH 'LIST<STRING'] AS ks
WITH r, [k IN ks | {name: k, values: CASE WHEN valueType(r[k]) STARTS WITH 'LIST' THEN r[k] ELSE [r[k]] END}] AS props
WITH r, [p IN props WHERE any(v IN p.values WHERE
           any(w IN $words WHERE toLower(v) CONTAINS w)
           OR (size($digits) > 0 AND any(d IN $digits WHERE
                 reduce(s = '', c IN split(v, '') | s + CASE WHEN c >= '0' AND c <= '9' THEN c ELSE '' END) CONTAINS d)))
        ] AS hits
WHERE size(hits) > 0
RETURN elementId(r) AS id, type(r) AS type, properties(r) AS props, [h IN hits | h.name] AS names
