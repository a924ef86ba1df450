// The model whose vectors this database holds, as recorded when its first vector index was made; the slot
// (a or b) its vectors are in; a move to another model in progress (`graphmem reembed`), if any.
MATCH (m:EmbeddingModel {key: 'vectors'})
RETURN m.name AS name, m.dimensions AS dimensions, coalesce(m.slot, 'a') AS slot, m.next_name AS next_name,
       m.next_dimensions AS next_dimensions, m.recorded_at AS recorded_at, m.swapped_at AS swapped_at
