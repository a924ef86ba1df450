// An entity's key is unique within its namespace.
CREATE CONSTRAINT entity_key IF NOT EXISTS FOR (e:Entity) REQUIRE (e.ns, e.key) IS UNIQUE
