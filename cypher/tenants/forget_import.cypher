// An earlier import's record, of a namespace that holds nothing any more (deleted since): forgotten, so
// that another export can be imported into it.
MATCH (i:NamespaceImport {target: $ns})
DELETE i
