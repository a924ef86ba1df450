// The schema version the store's data was brought to (graphmem.store._version); no row: written before
// versions were recorded, or an empty store.
MATCH (v:SchemaVersion {key: 'graphmem'})
RETURN v.version AS version, v.migrated_at AS migrated_at, v.by AS by
