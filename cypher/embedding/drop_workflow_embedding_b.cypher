// A move into slot b drops its old vector index on Workflows first: it may be sized for another model.
DROP INDEX workflow_embedding_b IF EXISTS
