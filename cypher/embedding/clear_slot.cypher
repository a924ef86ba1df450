// A new move empties its target slot first: vectors a cancelled or older move left there are another model's.
CALL () {
  MATCH (n) WHERE (n:Turn OR n:Summary OR n:Workflow OR n:Trajectory) AND n[$target] IS NOT NULL
  SET n[$target] = null
} IN TRANSACTIONS OF 5000 ROWS
CALL () {
  MATCH (g:WorkflowGroup) WHERE g[$target_type] IS NOT NULL OR g[$target_leader] IS NOT NULL
  SET g[$target_type] = null, g[$target_leader] = null
} IN TRANSACTIONS OF 5000 ROWS
