// Which entity keys an earlier import (or anyone) already took in the namespace, and whether erased since.
// view-exempt(e): a key stays taken whatever became of its entity (an erased key cannot be reused).
UNWIND $keys AS key
MATCH (e:Entity {ns: $ns, key: key})
USING INDEX e:Entity(ns, key)
RETURN e.key AS key, e.erased_at IS NOT NULL AS erased
