// Slot b's vector index on Turns (graphmem.store._values.VECTOR_SLOTS), made by a move to slot b, sized by its model.
CREATE VECTOR INDEX turn_embedding_b IF NOT EXISTS FOR (n:Turn) ON (n.embedding_b)
OPTIONS {indexConfig: {`vector.dimensions`: $dimensions, `vector.similarity_function`: 'cosine'}}
