// Erasure: how many turns and summaries the erasure hid, and which workflows (keys) it rebuilt from the
// remaining runs or dropped, kept on the compliance record.
MATCH (x:Erasure {ns: $ns, key_hash: $key_hash})
SET x.turns = $turns, x.summaries = $summaries, x.workflows_rebuilt = $rebuilt, x.workflows_dropped = $dropped
RETURN x.turns AS turns, x.summaries AS summaries, x.workflows_rebuilt AS workflows_rebuilt, x.workflows_dropped AS workflows_dropped
