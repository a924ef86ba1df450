// One declaration per relation type and namespace (single-valued or not); undeclared means many-valued.
CREATE CONSTRAINT relation_decl IF NOT EXISTS FOR (d:RelationDecl) REQUIRE (d.ns, d.type) IS UNIQUE
