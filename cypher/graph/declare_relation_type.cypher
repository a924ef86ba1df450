// Declare a relation type single-valued (one target at a time) or many-valued in a namespace. Single ->
// many is always safe; many -> single only while no relation of the type exists (else overlaps could). A
// new declaration starts from the undeclared default (many-valued).
MERGE (d:RelationDecl {ns: $ns, type: $type})
  ON CREATE SET d.many = true, d.declared_at = $now
WITH d, EXISTS { MATCH (:Entity {ns: $ns})-[r:RELATES]->(:Entity {ns: $ns}) WHERE r.type = $type } AS used
SET d.many = CASE WHEN $many OR NOT used THEN $many ELSE d.many END
RETURN d.many AS many, used
