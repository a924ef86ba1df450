// The extraction queue (admin/queued_extractions): turns waiting for their extraction.
CREATE INDEX turn_extraction IF NOT EXISTS FOR (t:Turn) ON (t.extraction)
