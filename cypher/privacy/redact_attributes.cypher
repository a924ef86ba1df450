// Erasure and purge: another entity's attribute value holding a spelling (an order's contact phone).
// Each of its versions keeps its intervals (valid_from/valid_to, txn_time/txn_end: history is not
// rewritten) but now points to the redacted value; the subject's own versions stay until purge deletes
// them. privacy/delete_orphan_attributes then drops the values nobody holds any more.
UNWIND $ids AS id
MATCH (e:Entity {ns: $ns})-[v:HAS]->(a:Attribute {ns: $ns})
WHERE elementId(a) = id AND e.key <> $key
MERGE (z:Attribute {ns: $ns, name: a.name, value: $redacted})
  ON CREATE SET z.caption = $redacted
CREATE (e)-[w:HAS]->(z)
SET w = properties(v), w.redacted_at = $now
DELETE v
RETURN count(w) AS redacted
