// GET /changes?entity=KEY: the entity's id (what its versions carry as `eid`), in the caller's view.
// In Neo4j Browser: :param ns => 'demo'  :param key => 'U-001'  :param include_erased => true
MATCH (e:Entity {ns: $ns, key: $key})
USING INDEX e:Entity(ns, key)
WHERE /*include:in_view(e, include_erased)*/
RETURN e.id AS id
