// Record a move to another model (`graphmem reembed`): until the swap, the recorded model keeps serving.
MATCH (m:EmbeddingModel {key: 'vectors'})
SET m.next_name = $next, m.next_dimensions = $dimensions, m.next_slot = $slot, m.move_started_at = datetime()
RETURN m.name AS name
