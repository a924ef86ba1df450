// Erasure: how many turns and summaries the erasure hid, kept on the compliance record.
MATCH (x:Erasure {ns: $ns, key_hash: $key_hash})
SET x.turns = $turns, x.summaries = $summaries
RETURN x.turns AS turns, x.summaries AS summaries
