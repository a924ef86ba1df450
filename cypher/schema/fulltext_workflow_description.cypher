CREATE FULLTEXT INDEX workflow_description IF NOT EXISTS FOR (w:Workflow) ON EACH [w.description, w.task_type]
