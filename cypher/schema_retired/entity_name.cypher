// Retired: the names index over the display name alone; `entity_names` also holds the names before a rename.
DROP INDEX entity_name IF EXISTS
