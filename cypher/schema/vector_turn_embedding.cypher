// 384-d cosine (all-MiniLM-L6-v2). Vector search cannot pre-filter: callers over-fetch and filter on ns.
CREATE VECTOR INDEX turn_embedding IF NOT EXISTS FOR (t:Turn) ON (t.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: 384, `vector.similarity_function`: 'cosine'}}
