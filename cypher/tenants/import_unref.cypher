// An import's last step: the temporary `ImportRef` label and `_ref` of the nodes it wrote are removed, in
// batches (running it again removes what is left).
MATCH (n:ImportRef) WHERE n.ns = $ns AND n._ref IS NOT NULL
CALL (n) { REMOVE n:ImportRef, n._ref } IN TRANSACTIONS OF 5000 ROWS
