// Slot b's vector index on Summarys (graphmem.store._values.VECTOR_SLOTS), made by a move to slot b, sized by its model.
CREATE VECTOR INDEX summary_embedding_b IF NOT EXISTS FOR (n:Summary) ON (n.embedding_b)
OPTIONS {indexConfig: {`vector.dimensions`: $dimensions, `vector.similarity_function`: 'cosine'}}
