CREATE VECTOR INDEX summary_embedding IF NOT EXISTS FOR (s:Summary) ON (s.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: $dimensions, `vector.similarity_function`: 'cosine'}}
