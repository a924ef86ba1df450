// Record the model once (the first start on an empty store); a later start only reads what is there.
MERGE (m:EmbeddingModel {key: 'vectors'})
  ON CREATE SET m.name = $model, m.dimensions = $dimensions, m.slot = 'a', m.recorded_at = datetime()
RETURN m.name AS name, m.dimensions AS dimensions, coalesce(m.slot, 'a') AS slot, m.next_name AS next_name,
       m.next_dimensions AS next_dimensions, m.recorded_at AS recorded_at, m.swapped_at AS swapped_at
