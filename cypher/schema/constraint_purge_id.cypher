// Each purge run is recorded once, by id.
CREATE CONSTRAINT purge_id IF NOT EXISTS FOR (p:PurgeRecord) REQUIRE (p.ns, p.id) IS UNIQUE
