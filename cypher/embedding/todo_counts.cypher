// A move between vector slots (graphmem.channels.reembed): how many vectors of each kind are in the source
// slot and not yet in the target one. Database-wide, like the vector indexes and the model record.
// view-exempt(t): a move re-embeds every stored vector, hidden records' too (the audit view still reads them)
// view-exempt(m): a move re-embeds every stored vector, hidden records' too (the audit view still reads them)
// view-exempt(w): a move re-embeds every stored vector, hidden records' too (the audit view still reads them)
CALL () { MATCH (t:Turn) WHERE t[$source] IS NOT NULL AND t[$target] IS NULL AND t.text IS NOT NULL
          RETURN count(t) AS turns }
CALL () { MATCH (m:Summary) WHERE m[$source] IS NOT NULL AND m[$target] IS NULL RETURN count(m) AS summaries }
CALL () { MATCH (w:Workflow) WHERE w[$source] IS NOT NULL AND w[$target] IS NULL RETURN count(w) AS workflows }
// a group's type vector is the centroid of its current procedures' examples: a group left with none (merged
// into another, or emptied by an erasure) has nothing to embed it from, and search never reads it
CALL () { MATCH (g:WorkflowGroup) WHERE g[$source_type] IS NOT NULL AND g[$target_type] IS NULL
            AND EXISTS {
              MATCH (w:Workflow {ns: g.ns})
              WHERE /*include:current_workflow(w)*/ AND (w.group = g.key OR w.key = g.key)
                AND coalesce(w.kind, 'procedure') = 'procedure' AND size(coalesce(w.examples, [])) > 0 }
          RETURN count(g) AS group_types }
CALL () { MATCH (g:WorkflowGroup) WHERE g[$source_leader] IS NOT NULL AND g[$target_leader] IS NULL
            AND g.leader_task IS NOT NULL
          RETURN count(g) AS group_leaders }
CALL () { MATCH (t:Trajectory) WHERE t[$source] IS NOT NULL AND t[$target] IS NULL RETURN count(t) AS trajectories }
RETURN turns, summaries, workflows, group_types, group_leaders, trajectories
