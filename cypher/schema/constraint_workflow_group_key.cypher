// A workflow group (one task_type, or one cluster of untyped task texts) is unique per namespace;
// induction MERGEs it to serialise concurrent updates of the same workflow.
CREATE CONSTRAINT workflow_group_key IF NOT EXISTS FOR (g:WorkflowGroup) REQUIRE (g.ns, g.key) IS UNIQUE
