// The floor of anything that reads every turn of a namespace: count them (`graphmem bench erasure`).
// view-exempt(t): a floor counts every turn of the namespace, hidden ones too (an erasure scans them all).
MATCH (t:Turn {ns: $ns})
RETURN count(t) AS turns
