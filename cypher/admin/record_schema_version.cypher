// Record that the store's data has the shape of schema $version (after the migrations up to it ran, or on
// an empty store). Never lowers it: an older process must not undo what a newer one recorded.
MERGE (v:SchemaVersion {key: 'graphmem'})
WITH v, coalesce(v.version, 0) < $version AS newer
SET v.version = CASE WHEN newer THEN $version ELSE v.version END,
    v.migrated_at = CASE WHEN newer THEN datetime() ELSE v.migrated_at END,
    v.by = CASE WHEN newer THEN $by ELSE v.by END
RETURN v.version AS version, v.migrated_at AS migrated_at, v.by AS by
