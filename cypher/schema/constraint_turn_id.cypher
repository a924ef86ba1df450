// A caller's turn id (e.g. LoCoMo's D3:12) is unique per namespace.
CREATE CONSTRAINT turn_id IF NOT EXISTS FOR (t:Turn) REQUIRE (t.ns, t.id) IS UNIQUE
