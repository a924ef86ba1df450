// GET /v1/namespaces (admin): every namespace that holds memory, with what it holds per kind and its last
// write. One pass per label through its namespace-leading index (an index scan grouped by ns), never a scan
// of every node.
// view-exempt(e): an operator's inventory counts what is stored, erased records included.
// view-exempt(t): likewise.
// view-exempt(s): likewise.
// view-exempt(r): likewise.
// view-exempt(w): likewise.
CALL () {
  MATCH (e:Entity) WHERE e.ns IS NOT NULL AND e.key IS NOT NULL
  RETURN e.ns AS ns, 'entities' AS kind, count(e) AS n, max(e.last_txn) AS last
  UNION ALL
  MATCH (t:Turn) WHERE t.ns IS NOT NULL AND t.id IS NOT NULL
  RETURN t.ns AS ns, 'turns' AS kind, count(t) AS n, max(t.created_at) AS last
  UNION ALL
  MATCH (s:Summary) WHERE s.ns IS NOT NULL AND s.id IS NOT NULL
  RETURN s.ns AS ns, 'summaries' AS kind, count(s) AS n, null AS last
  UNION ALL
  MATCH (r:Trajectory) WHERE r.ns IS NOT NULL AND r.id IS NOT NULL
  RETURN r.ns AS ns, 'trajectories' AS kind, count(r) AS n, max(r.at) AS last
  UNION ALL
  MATCH (w:Workflow) WHERE w.ns IS NOT NULL AND w.id IS NOT NULL AND w.txn_end IS NULL
  RETURN w.ns AS ns, 'workflows' AS kind, count(w) AS n, null AS last
}
WITH ns, collect({kind: kind, n: n}) AS counts, max(last) AS last_write
RETURN ns, counts, last_write
ORDER BY ns
