// Remember source records (Graphiti edge uuids) once their versions are written: a re-import skips them.
UNWIND $ids AS id
MERGE (m:ImportMark {ns: $ns, source: $source, id: id})
  ON CREATE SET m.at = $now
RETURN count(m) AS marked
