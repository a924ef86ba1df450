// An API key is stored once, by the SHA-256 of the key (never the key): imports upsert on it.
CREATE CONSTRAINT api_key_hash IF NOT EXISTS FOR (k:ApiKey) REQUIRE k.hash IS UNIQUE
