// A move into slot a drops its old vector index on Summarys first: it may be sized for another model.
DROP INDEX summary_embedding IF EXISTS
