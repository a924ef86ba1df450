// Every change to the keys moves the keyring's version, in the same transaction as the change.
MERGE (r:ApiKeyring {name: $ring})
SET r.version = coalesce(r.version, 0) + 1, r.updated_at = $now
RETURN r.version AS version
