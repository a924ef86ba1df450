// Names in a question (recall): the live entities of the namespace whose display name holds one of the
// question's words, from the entity_name full-text index; graphmem keeps those whose name the question
// really spells (graphmem/identifiers/names.py). An entity created after $known_at is not known then.
CALL db.index.fulltext.queryNodes('entity_name', $lucene, {limit: $limit}) YIELD node, score
WITH node AS e
WHERE e.ns = $ns AND /*include:live(e)*/ AND ($known_at IS NULL OR e.created_at <= $known_at)
RETURN e.key AS key, e.name AS name
