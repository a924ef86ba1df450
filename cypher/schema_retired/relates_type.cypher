// Retired: the index on RELATES.type. Relations are now relationships of their own type (`WORKS_AT`), so a
// type is found by the relationship type lookup index every database has, and traversal expands from the
// entity_key seek; nothing reads RELATES any more (`graphmem schema migrate` rewrites old ones).
DROP INDEX relates_type IF EXISTS
