// Keyword side of search over summaries, same analyzer and namespace field as turn_search.
CREATE FULLTEXT INDEX summary_search IF NOT EXISTS FOR (s:Summary) ON EACH [s.search_text, s.ns]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}
