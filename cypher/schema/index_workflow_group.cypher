// The workflows of one group (its procedures and sub-workflows) are re-induced together.
CREATE INDEX workflow_group IF NOT EXISTS FOR (w:Workflow) ON (w.ns, w.group)
