// A chunk's text, structure and embedding for one revision, which takes it off the fold queue; a chunk folded
// again since keeps its newer writer's content (that writer writes its own), so concurrent folds never
// overwrite newer with older. Nor is text written that was made from a turn erased since it was read
// ($turns): the chunk stays queued and is summarised again without it.
MATCH (m:Summary {ns: $ns, id: $id})
WHERE m.rev = $rev
  AND NOT EXISTS { MATCH (m)-[:COVERS]->(t:Turn {ns: $ns}) WHERE t.id IN $turns AND t.erased_at IS NOT NULL }
SET m += $props, m.content_rev = $rev
REMOVE m.queued
RETURN m.id AS id
