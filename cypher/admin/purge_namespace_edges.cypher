// Delete every relationship of one namespace in batches, before its nodes (a node with many
// edges would otherwise be deleted with all of them in one transaction).
MATCH (n {ns: $ns})-[r]->()
CALL (r) { DELETE r } IN TRANSACTIONS OF 10000 ROWS
