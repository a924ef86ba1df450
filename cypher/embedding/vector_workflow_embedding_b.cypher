// Slot b's vector index on Workflows (graphmem.store._values.VECTOR_SLOTS), made by a move to slot b, sized by its model.
CREATE VECTOR INDEX workflow_embedding_b IF NOT EXISTS FOR (n:Workflow) ON (n.embedding_b)
OPTIONS {indexConfig: {`vector.dimensions`: $dimensions, `vector.similarity_function`: 'cosine'}}
