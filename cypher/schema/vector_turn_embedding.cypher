// cosine, sized by the recorded model ($dimensions: graphmem.store._schema). Vector search cannot pre-filter: callers over-fetch and filter on ns.
CREATE VECTOR INDEX turn_embedding IF NOT EXISTS FOR (t:Turn) ON (t.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: $dimensions, `vector.similarity_function`: 'cosine'}}
