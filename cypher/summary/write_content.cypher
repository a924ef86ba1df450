// A chunk's text, structure and embedding for one revision, which takes it off the fold queue.
// The chunk is write-locked first and only then checked: reads here are read-committed, so the worker's read
// (summary/read_queued) may pair a revision with the turns of another moment (a fold committing between its
// two reads), and a check made before the lock may be stale by the time it writes. Under the lock nothing
// can move that takes the chunk's lock (a fold, an erasure through a mentioned entity): the content is
// written only if the chunk is still at $rev and its live turns are exactly the ones the text was made from
// ($turns). Otherwise it stays queued: a chunk folded again keeps its newer writer's content (that writer
// writes its own), and a turn erased since the read is summarised out. An erasure that hides a turn without
// writing its chunk (a copy found by its text) can still commit between this check and this commit.
// `embedding` in the props goes to the vector slot in use; a new vector drops the other slot's (a move to
// another model in progress embeds it again: graphmem.store._values.VECTOR_SLOTS).
MATCH (m:Summary {ns: $ns, id: $id})
SET m.lock_ = true
REMOVE m.lock_
WITH m, [(m)-[:COVERS]->(t:Turn {ns: $ns}) WHERE /*include:live(t)*/ | t.id] AS live
WHERE m.rev = $rev AND all(id IN $turns WHERE id IN live) AND all(id IN live WHERE id IN $turns)
SET m += $props, m.content_rev = $rev
SET m[$vec_prop] = CASE WHEN 'embedding' IN keys($props) THEN $props.embedding ELSE m[$vec_prop] END,
    m[$vec_prop_other] = CASE WHEN 'embedding' IN keys($props) THEN null ELSE m[$vec_prop_other] END
REMOVE m.queued
RETURN m.id AS id
