// Names in a question (recall): the live entities of the namespace whose display name, an alias, or a name
// they had before a rename, holds one of the question's words, from the entity_names full-text index; graphmem keeps
// those whose name the question really spells (graphmem/identifiers/names.py), a former name only as of a
// time before its rename. An entity created after $known_at is not known then, nor a rename made after it.
CALL db.index.fulltext.queryNodes('entity_names', $lucene, {limit: $limit}) YIELD node, score
WITH node AS e
WHERE e.ns = $ns AND /*include:live(e)*/ AND ($known_at IS NULL OR e.created_at <= $known_at)
WITH e, [i IN range(0, size(coalesce(e.former_names, [])) - 1)
         WHERE $known_at IS NULL OR e.renamed_at[i] <= $known_at
         | {name: e.former_names[i], until: e.renamed_at[i]}] AS former
RETURN e.key AS key,
       // the display name then: the first name renamed after $known_at, if any
       coalesce(head([i IN range(0, size(coalesce(e.former_names, [])) - 1)
                      WHERE $known_at IS NOT NULL AND e.renamed_at[i] > $known_at | e.former_names[i]]), e.name) AS name,
       coalesce(e.aliases, []) AS aliases, former
