// Reading a group's runs also reads the groups merged into it (dedupe): find them by merged_into.
CREATE INDEX workflow_group_merged IF NOT EXISTS FOR (g:WorkflowGroup) ON (g.ns, g.merged_into)
