// The embedding queue (admin/queued_embeddings): turns written with GRAPHMEM_EMBED_WRITES=background
// whose embedding the worker has not written yet.
CREATE INDEX turn_embed_queued IF NOT EXISTS FOR (t:Turn) ON (t.embed_queued)
