// Names in turn texts (a turn write MENTIONS the entities it names: exact.names_in_texts; a question's names
// are read with their timelines by exact/find_names_timelines): the live entities of the namespace whose display name, an alias, or a name
// they had before a rename or as a dropped alias, holds one of the question's words, from the entity_names
// full-text index; graphmem keeps those whose name the question really spells (graphmem/identifiers/names.py),
// a former name only as of a time before it was given up (exact.find_names_timelines). An entity created after
// $known_at is not known then.
CALL db.index.fulltext.queryNodes('entity_names', $lucene, {limit: $limit}) YIELD node, score
WITH node AS e
WHERE e.ns = $ns AND /*include:live(e)*/ AND ($known_at IS NULL OR e.created_at <= $known_at)
RETURN e.key AS key, e.name AS name, coalesce(e.aliases, []) AS aliases,
       [i IN range(0, size(coalesce(e.former_names, [])) - 1)
        | {name: e.former_names[i], until: e.renamed_at[i]}] AS former
