// A move into slot a drops its old vector index on Workflows first: it may be sized for another model.
DROP INDEX workflow_embedding IF EXISTS
