// One tombstone per purged erasure (ns + hashed key + when erased), so a purge that runs twice leaves one.
CREATE CONSTRAINT tombstone_key IF NOT EXISTS FOR (t:Tombstone) REQUIRE (t.ns, t.key_hash, t.erased_at) IS UNIQUE
