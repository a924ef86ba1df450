// At start: the deletions a stopped process left running (resumed where they are: each batch deletes what
// is left).
MATCH (d:NamespaceDeletion {state: 'running'})
RETURN d.target AS namespace, d.id AS id
