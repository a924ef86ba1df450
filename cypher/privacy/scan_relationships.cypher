// Erasure and purge, candidate finding on relationships: every relationship leaving an entity of the
// namespace (HAS versions with their source and reasons, RELATES with its properties) with a string property
// that may hold a spelling (as privacy/scan_nodes). Other relationships (NEXT, IN, MENTIONS, COVERS,
// SUMMARIZES, INDUCED_FROM) carry no text, which `graphmem check erasure` checks. Relationships of the
// subject itself are skipped: they are hidden with it and deleted with it.
MATCH (a:Entity)-[r]->(b)
USING INDEX a:Entity(ns, key)
WHERE a.ns = $ns AND a.key IS NOT NULL AND a.key <> $key AND NOT (b:Entity AND b.key = $key AND b.ns = $ns)
WITH DISTINCT r
WITH r, [k IN keys(r) WHERE valueType(r[k]) STARTS WITH 'STRING' OR valueType(r[k]) STARTS WITH 'LIST<STRING'] AS ks
WITH r, [k IN ks | {name: k, values: CASE WHEN valueType(r[k]) STARTS WITH 'LIST' THEN r[k] ELSE [r[k]] END}] AS props
WITH r, [p IN props WHERE any(v IN p.values WHERE
           any(w IN $words WHERE toLower(v) CONTAINS w)
           OR ($digits_pattern IS NOT NULL AND v =~ $digits_pattern))
        ] AS hits
WHERE size(hits) > 0
RETURN elementId(r) AS id, type(r) AS type, properties(r) AS props, [h IN hits | h.name] AS names
