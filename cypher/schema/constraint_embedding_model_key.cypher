// One record of the model whose vectors the store holds (graphmem.store._schema): database-wide, like the
// vector indexes it sizes.
CREATE CONSTRAINT embedding_model_key IF NOT EXISTS FOR (m:EmbeddingModel) REQUIRE m.key IS UNIQUE
