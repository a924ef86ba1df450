CREATE VECTOR INDEX workflow_embedding IF NOT EXISTS FOR (w:Workflow) ON (w.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: 384, `vector.similarity_function`: 'cosine'}}
