// All versions of one workflow (history, the current version) share its key.
CREATE INDEX workflow_key IF NOT EXISTS FOR (w:Workflow) ON (w.ns, w.key)
