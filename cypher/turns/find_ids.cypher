// Caller-supplied turn ids already taken in the namespace (duplicate_turn, 409).
// view-exempt(t): an id stays taken whatever became of its turn (erased or archived), or it would be reused.
UNWIND $ids AS id
MATCH (t:Turn {ns: $ns, id: id})
RETURN t.id AS id
