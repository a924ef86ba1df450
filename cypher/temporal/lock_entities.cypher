// Every write starts here: take each entity's write lock (a property write locks the node until commit)
// in key order, so concurrent writers on one entity serialise and writers on several never deadlock; read
// what the transaction time needs (last_txn) once the lock is held, and which of the write's attributes
// ($names) are declared many-valued in the namespace (undeclared: single-valued). `ref` (element id) lets
// apply_versions reach the entity again in this transaction by direct seek.
CALL () {
  UNWIND $names AS name
  MATCH (d:AttributeDecl {ns: $ns, name: name})
  WHERE d.many
  RETURN collect(name) AS many
}
UNWIND $keys AS key
MATCH (e:Entity {ns: $ns, key: key})
USING INDEX e:Entity(ns, key)
SET e._lock = coalesce(e._lock, 0) + 1, e.id = coalesce(e.id, randomUUID())
RETURN e.key AS key, e.id AS id, elementId(e) AS ref, toString(e.created_at) AS created_at,
       toString(e.last_txn) AS last_txn, toString(e.erased_at) AS erased_at, many
