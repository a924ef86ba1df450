// Facts findable by their text (recall's semantic path: "Who is allergic to penicillin?"): each attribute
// value as text (`caption`) and its attribute's name, English-analysed (stemmed, stop words dropped), with
// `ns` indexed too so that a query can require its namespace inside Lucene (a full-text index cannot
// pre-filter). An Attribute is a value, shared by its holders: who holds it when is read from the HAS
// versions by exact/find_fact_text, so the index needs no update when a version closes.
CREATE FULLTEXT INDEX attribute_text IF NOT EXISTS FOR (a:Attribute) ON EACH [a.caption, a.name, a.ns]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}
