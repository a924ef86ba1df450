// One import record per target namespace (tenants/start_import).
CREATE CONSTRAINT namespace_import IF NOT EXISTS FOR (i:NamespaceImport) REQUIRE i.target IS UNIQUE
