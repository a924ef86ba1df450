// Memory hit rate: answers older than the feedback window are forgotten, oldest first, through this index.
CREATE INDEX recall_answer_at IF NOT EXISTS FOR (r:RecallAnswer) ON (r.ns, r.at)
