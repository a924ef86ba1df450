// A move into slot b drops its old vector index on Turns first: it may be sized for another model.
DROP INDEX turn_embedding_b IF EXISTS
