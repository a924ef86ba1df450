// GET /v1/{ns}/entities/{key}/dossier (compliance): the records the erasure reach scan found holding the
// subject's spellings (element ids from graphmem/privacy/reach.py find_copies, the same scan an erasure
// runs), with their labels and properties; graphmem/privacy/dossier.py keeps the reach table's ones.
// view-exempt(n): the compliance view reads hidden (erased, not yet purged) records too.
// view-exempt(h): an attribute value's holders, named whatever their view.
UNWIND $ids AS id
MATCH (n)
WHERE elementId(n) = id AND n.ns = $ns
RETURN elementId(n) AS id, labels(n) AS labels, properties(n) AS props,
       CASE WHEN n:Attribute THEN [(h:Entity {ns: $ns})-[:HAS]->(n) | h.key] ELSE [] END AS holders
