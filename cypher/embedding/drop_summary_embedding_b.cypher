// A move into slot b drops its old vector index on Summarys first: it may be sized for another model.
DROP INDEX summary_embedding_b IF EXISTS
