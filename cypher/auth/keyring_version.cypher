// The cheap poll each replica runs at most every half second (one row, by a unique constraint).
OPTIONAL MATCH (r:ApiKeyring {name: $ring})
RETURN r.version AS version
