// Caller-supplied turn ids already taken in the namespace (duplicate_turn, 409).
UNWIND $ids AS id
MATCH (t:Turn {ns: $ns, id: id})
RETURN t.id AS id
