// Erasure and purge, candidate finding among turns: those whose reach text (graphmem/identifiers/reach.py:
// text, speaker, metadata, id and session lower-cased, and their digits) holds a probe ($probes: lower-cased
// fragments and a phone's last 7 digits), found through the TEXT index `turn_reach` in milliseconds whatever
// the namespace's size; and turns written before the reach text existed (not yet `graphmem schema migrate`d),
// found through the namespace's (ns, at) index (every turn has its time), whose properties ($props) are then
// read one by one as privacy/scan_nodes does. A superset: Python re-checks
// each value with the registry (graphmem/privacy/spellings.py).
CALL () {
  UNWIND $probes AS probe
  MATCH (t:Turn)
  USING TEXT INDEX t:Turn(reach_text)
  WHERE t.reach_text CONTAINS probe AND t.ns = $ns
  RETURN t
  UNION
  MATCH (t:Turn)
  USING INDEX t:Turn(ns, at)
  WHERE t.ns = $ns AND t.at IS NOT NULL
    AND CASE WHEN t.reach_text IS NOT NULL THEN false  // CASE: the values only of turns without a reach text
             ELSE any(p IN $props WHERE t[p] IS NOT NULL AND (any(w IN $words WHERE toLower(t[p]) CONTAINS w)
                                          OR ($digits_pattern IS NOT NULL AND t[p] =~ $digits_pattern))) END
  RETURN t
}
WITH DISTINCT t
RETURN elementId(t) AS id, labels(t) AS labels, t {.*, embedding: null, embedding_b: null, reach_text: null} AS props,
       [p IN $props WHERE t[p] IS NOT NULL] AS names
