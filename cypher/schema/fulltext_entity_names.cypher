// Names in the exact channel: an entity's display name, its aliases and the names it had before a rename or
// dropped as aliases (`former_names`, each closed at the matching `renamed_at`), with `ns` indexed too so that a query can require its namespace
// inside Lucene (a full-text index cannot pre-filter). 'standard-folding' folds case and diacritics
// (José = Jose); every candidate is then checked exactly (graphmem/identifiers/names.py).
CREATE FULLTEXT INDEX entity_names IF NOT EXISTS FOR (e:Entity) ON EACH [e.name, e.aliases, e.former_names, e.ns]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'standard-folding'}}
