// Whether an attribute name means anything in the namespace: declared, or held (now or once) by some
// entity. History and lookup ask it only when they found nothing, to tell a misspelt name (422) from
// a name with no versions there. Attribute nodes carry no user view: an erased value reads "[erased]".
OPTIONAL MATCH (d:AttributeDecl {ns: $ns, name: $attribute})
RETURN d IS NOT NULL AS declared,
       EXISTS { MATCH (a:Attribute {ns: $ns, name: $attribute}) WHERE a.value IS NOT NULL } AS used
