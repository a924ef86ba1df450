// Every API key, revoked ones included (hashes only): the keyring's full re-read, and the export.
MATCH (a:ApiKey)
RETURN a.hash AS hash, a.key_id AS key_id, a.role AS role, a.namespaces AS namespaces, a.name AS name,
       toString(a.created_at) AS created_at, toString(a.revoked_at) AS revoked_at, a.source AS source
ORDER BY a.created_at, a.hash
