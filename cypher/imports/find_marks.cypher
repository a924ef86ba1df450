// Which source records (Graphiti edge uuids) an earlier import already wrote into the namespace.
UNWIND $ids AS id
MATCH (m:ImportMark {ns: $ns, source: $source, id: id})
RETURN m.id AS id
