// The model whose vectors this database holds, as recorded when its first vector index was made.
MATCH (m:EmbeddingModel {key: 'vectors'})
RETURN m.name AS name, m.dimensions AS dimensions, m.recorded_at AS recorded_at
