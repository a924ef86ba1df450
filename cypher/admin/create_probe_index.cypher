// Foundation test: a vector index of its own, on :Probe nodes only.
CREATE VECTOR INDEX probe_embedding IF NOT EXISTS FOR (p:Probe) ON (p.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: 384, `vector.similarity_function`: 'cosine'}}
