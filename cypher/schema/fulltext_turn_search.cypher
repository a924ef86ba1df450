// Hybrid search's keyword side: "Speaker: text (day Month year)" with English stemming and stop words; `ns` is indexed
// too so that a query can require its namespace inside Lucene (a full-text index cannot pre-filter).
CREATE FULLTEXT INDEX turn_search IF NOT EXISTS FOR (t:Turn) ON EACH [t.search_text, t.ns]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}
