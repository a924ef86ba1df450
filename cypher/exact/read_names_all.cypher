// Every live entity's names in a namespace, with the namespace's name stamp, in one read: the copy a process
// keeps to resolve the names of questions without the full-text index (graphmem/channels/names/_copy.py). At most
// $limit + 1 entities: a namespace larger than $limit is not copied. `former` as exact/find_names_timelines has it.
// The stamp is read before the names (the subquery takes it in: it runs after) and again after them: a read is
// committed-only, so a name written meanwhile shows as two stamps, and the copy is not made (`again`).
OPTIONAL MATCH (s:NameStamp {ns: $ns})
WITH s.stamp AS stamp
CALL (stamp) {
  MATCH (e:Entity {ns: $ns})
  USING INDEX e:Entity(ns, key)
  WHERE e.key IS NOT NULL AND /*include:live(e)*/
    AND (e.name IS NOT NULL OR size(coalesce(e.aliases, [])) > 0 OR size(coalesce(e.former_names, [])) > 0)
  WITH e LIMIT $limit + 1
  RETURN collect({key: e.key, name: e.name, type: e.type, aliases: coalesce(e.aliases, []),
                  created_at: e.created_at,
                  former: [j IN range(0, size(coalesce(e.former_names, [])) - 1)
                           | {name: e.former_names[j], until: e.renamed_at[j]}]}) AS entities
}
CALL (entities) {  // taken in: run after the names are read
  OPTIONAL MATCH (t:NameStamp {ns: $ns})
  RETURN t.stamp AS again
}
RETURN stamp, entities, again
