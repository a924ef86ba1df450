// Erasure and purge: replace the properties of other records that hold a spelling of the subject (an
// entity's name, a session's or a workflow group's text) by the redacted values computed in Python.
UNWIND $rows AS r
MATCH (n)
WHERE elementId(n) = r.id AND n.ns = $ns
SET n += r.props
RETURN count(n) AS redacted
