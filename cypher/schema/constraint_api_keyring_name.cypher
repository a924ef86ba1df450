// One version counter per keyring: every replica polls it and re-reads the keys only when it moved.
CREATE CONSTRAINT api_keyring_name IF NOT EXISTS FOR (r:ApiKeyring) REQUIRE r.name IS UNIQUE
