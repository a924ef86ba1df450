// Every version of one entity's attribute (believed or not), in (valid_from, txn_time) order: reads at a
// past known_at walk it backwards from valid_at and stop at the first version believed then.
CREATE INDEX has_history IF NOT EXISTS FOR ()-[v:HAS]-() ON (v.eid, v.name, v.valid_from, v.txn_time)
