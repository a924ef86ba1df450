// One attribute's declaration; an undeclared attribute is single-valued.
OPTIONAL MATCH (d:AttributeDecl {ns: $ns, name: $attribute})
RETURN coalesce(d.many, false) AS many, d IS NOT NULL AS declared
