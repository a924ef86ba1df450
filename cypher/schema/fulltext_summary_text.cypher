CREATE FULLTEXT INDEX summary_text IF NOT EXISTS FOR (s:Summary) ON EACH [s.text]
