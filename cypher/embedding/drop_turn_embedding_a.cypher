// A move into slot a drops its old vector index on Turns first: it may be sized for another model.
DROP INDEX turn_embedding IF EXISTS
