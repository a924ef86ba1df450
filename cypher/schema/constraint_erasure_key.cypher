// One erasure record per entity (ns + hashed key): a second, concurrent DELETE finds the first one.
CREATE CONSTRAINT erasure_key IF NOT EXISTS FOR (x:Erasure) REQUIRE (x.ns, x.key_hash) IS UNIQUE
