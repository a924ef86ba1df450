CREATE CONSTRAINT workflow_id IF NOT EXISTS FOR (w:Workflow) REQUIRE (w.ns, w.id) IS UNIQUE
