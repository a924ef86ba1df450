// Check (`graphmem check erasure`, the reach table): every property of one namespace's nodes whose value is
// text or a list of text, by the node's labels, with how many nodes hold it; and the same of relationships
// that do not leave an entity (labels: ['-[TYPE]-']), which erasure does not scan. A full scan: checks only.
MATCH (n {ns: $ns})
UNWIND keys(n) AS name
WITH labels(n) AS labels, name, n[name] AS value
WHERE valueType(value) STARTS WITH 'STRING' OR valueType(value) STARTS WITH 'LIST<STRING'
RETURN labels, name, count(*) AS nodes
UNION ALL
MATCH (a {ns: $ns})-[r]->()
WHERE NOT a:Entity
UNWIND keys(r) AS name
WITH ['-[' + type(r) + ']-'] AS labels, name, r[name] AS value
WHERE valueType(value) STARTS WITH 'STRING' OR valueType(value) STARTS WITH 'LIST<STRING'
RETURN labels, name, count(*) AS nodes
