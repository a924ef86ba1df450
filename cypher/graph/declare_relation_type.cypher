// Declare a relation type single-valued (one target at a time) or many-valued in a namespace. Single ->
// many is always safe; many -> single only while no relation of the type exists (else overlaps could). A
// new declaration starts from the undeclared default (many-valued). Relations are relationships of their
// own type: the check walks that type's relationships (the relationship type lookup index).
MERGE (d:RelationDecl {ns: $ns, type: $type})
  ON CREATE SET d.many = true, d.declared_at = $now
WITH d, EXISTS { MATCH (:Entity {ns: $ns})-[r:$($type)]->(:Entity {ns: $ns}) WHERE r.ns = $ns } AS used
SET d.many = CASE WHEN $many OR NOT used THEN $many ELSE d.many END
RETURN d.many AS many, used
