// POST /v1/{ns}/import (admin): one batch of an export's relationships, between nodes this import wrote
// (found by the export's node ids through the import_ref index), of their exported type (checked in Python
// against `^[A-Z][A-Z0-9_]*$`, passed as a parameter) with every property as exported.
UNWIND $rels AS x
MATCH (a:ImportRef {ns: $ns, _ref: x.from})
MATCH (b:ImportRef {ns: $ns, _ref: x.to})
CREATE (a)-[r:$(x.type)]->(b)
SET r = x.props
RETURN count(r) AS written
