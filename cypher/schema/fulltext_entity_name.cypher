// Names in the exact channel: an entity's display name, with `ns` indexed too so that a query can require its
// namespace inside Lucene (a full-text index cannot pre-filter). 'standard-folding' folds case and diacritics
// (José = Jose); every candidate is then checked exactly (graphmem/identifiers/names.py).
CREATE FULLTEXT INDEX entity_name IF NOT EXISTS FOR (e:Entity) ON EACH [e.name, e.ns]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'standard-folding'}}
