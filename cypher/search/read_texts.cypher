// The texts of the turns a search returns (read last, for the k hits only).
UNWIND $ids AS id
MATCH (t:Turn {ns: $ns, id: id})
RETURN t.id AS id, t.text AS text
