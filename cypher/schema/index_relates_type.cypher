CREATE INDEX relates_type IF NOT EXISTS FOR ()-[r:RELATES]-() ON (r.type)
