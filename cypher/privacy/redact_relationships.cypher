// Erasure and purge: replace the properties of relationships that hold a spelling of the subject (a
// relation's note, a version's source) by the redacted values computed in Python.
UNWIND $rows AS r
MATCH (a)-[x]->()
WHERE elementId(x) = r.id AND a.ns = $ns
SET x += r.props
RETURN count(x) AS redacted
