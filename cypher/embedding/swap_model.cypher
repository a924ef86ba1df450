// The swap: the moved-to model and its slot become the store's; the previous slot's vectors stay until
// another move empties that slot (processes still on the previous model keep searching them until restarted).
MATCH (m:EmbeddingModel {key: 'vectors'}) WHERE m.next_name = $next
SET m.previous_name = m.name, m.previous_slot = coalesce(m.slot, 'a'), m.name = m.next_name,
    m.dimensions = m.next_dimensions, m.slot = m.next_slot, m.swapped_at = datetime()
REMOVE m.next_name, m.next_dimensions, m.next_slot, m.move_started_at
RETURN m.name AS name, m.slot AS slot
