// Which of these trajectory ids exist already (a reported id is unique per namespace: 409).
// view-exempt(t): an id hidden by an erasure is still taken.
UNWIND $ids AS id
MATCH (t:Trajectory {ns: $ns, id: id})
RETURN t.id AS id
