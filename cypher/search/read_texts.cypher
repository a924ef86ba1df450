// The texts of the turns a search returns that were no candidate (neighbours lifted into the top k), read
// last, for those hits only, with the keys of the live entities they mention (as search/candidates reads them).
// view-exempt(t): the ids are hits that already passed the search's filters.
UNWIND $ids AS id
MATCH (t:Turn {ns: $ns, id: id})
RETURN t.id AS id, t.text AS text,
       [(t)-[:MENTIONS]->(e:Entity {ns: $ns}) WHERE /*include:live(e)*/ | e.key] AS mentions
