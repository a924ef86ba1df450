// One relation type's declaration; an undeclared type is many-valued.
OPTIONAL MATCH (d:RelationDecl {ns: $ns, type: $type})
RETURN coalesce(d.many, true) AS many, d IS NOT NULL AS declared
