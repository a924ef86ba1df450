// Which of these trajectory ids exist already (a reported id is unique per namespace: 409).
UNWIND $ids AS id
MATCH (t:Trajectory {ns: $ns, id: id})
RETURN t.id AS id
