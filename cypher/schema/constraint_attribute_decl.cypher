// One declaration per attribute name and namespace (many-valued or not); undeclared means single-valued.
CREATE CONSTRAINT attribute_decl IF NOT EXISTS FOR (d:AttributeDecl) REQUIRE (d.ns, d.name) IS UNIQUE
