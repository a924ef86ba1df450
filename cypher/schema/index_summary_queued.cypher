// The fold queue (admin/queued_folds): chunks still waiting for their text.
CREATE INDEX summary_queued IF NOT EXISTS FOR (m:Summary) ON (m.queued)
