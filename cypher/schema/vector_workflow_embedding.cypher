CREATE VECTOR INDEX workflow_embedding IF NOT EXISTS FOR (w:Workflow) ON (w.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: $dimensions, `vector.similarity_function`: 'cosine'}}
