// Erasure step 1: record who erases the entity, when and why. MERGE on the unique (ns, key_hash) makes a
// concurrent second DELETE wait and then find the first record; `created` says whether this call made it.
MATCH (e:Entity {ns: $ns, key: $key})
USING INDEX e:Entity(ns, key)
MERGE (x:Erasure {ns: $ns, key_hash: $key_hash})
  ON CREATE SET x.key = $key, x.at = $now, x.by = $by, x.reason = $reason, x.claim = $claim
RETURN x.claim = $claim AS created, x.key AS key, x.key_hash AS key_hash, x.at AS at, x.by AS by,
       x.reason AS reason, x.turns AS turns, x.summaries AS summaries, x.workflows_rebuilt AS workflows_rebuilt, x.workflows_dropped AS workflows_dropped
