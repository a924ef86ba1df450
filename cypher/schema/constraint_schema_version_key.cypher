// One record of the schema version the store's data has (graphmem.store._version): database-wide.
CREATE CONSTRAINT schema_version_key IF NOT EXISTS FOR (v:SchemaVersion) REQUIRE v.key IS UNIQUE
