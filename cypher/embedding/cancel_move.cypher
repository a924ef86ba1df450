// Give up a move in progress: the recorded model stays; the next move empties the target slot first.
MATCH (m:EmbeddingModel {key: 'vectors'})
REMOVE m.next_name, m.next_dimensions, m.next_slot, m.move_started_at
RETURN m.name AS name
