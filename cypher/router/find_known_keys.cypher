// Router rule 1: which tokens of a query are keys of live entities in this namespace (index seek per token).
UNWIND $tokens AS token
MATCH (e:Entity {ns: $ns, key: token})
WHERE e.erased_at IS NULL
RETURN DISTINCT e.key AS key
