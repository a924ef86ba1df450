CREATE FULLTEXT INDEX turn_text IF NOT EXISTS FOR (t:Turn) ON EACH [t.text, t.speaker]
