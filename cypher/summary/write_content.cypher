// A chunk's text, structure and embedding for one revision; a chunk folded again since keeps its newer
// writer's content (that writer writes its own), so concurrent folds never overwrite newer with older.
MATCH (m:Summary {ns: $ns, id: $id})
WHERE m.rev = $rev
SET m += $props, m.content_rev = $rev
RETURN m.id AS id
