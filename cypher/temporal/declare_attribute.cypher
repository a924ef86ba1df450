// Declare an attribute many-valued or single-valued in a namespace. Single -> many is always safe (single
// versions never overlap); many -> single only while no value was written (else overlaps could exist):
// the declaration then stays as it was, and the caller reports the conflict. A new declaration starts from
// the undeclared default (single-valued).
MERGE (d:AttributeDecl {ns: $ns, name: $attribute})
  ON CREATE SET d.many = false, d.declared_at = $now
WITH d, EXISTS { MATCH (a:Attribute {ns: $ns, name: $attribute}) } AS used
SET d.many = CASE WHEN $many OR NOT used THEN $many ELSE d.many END
RETURN d.many AS many, used
