// As-of reads filter versions on transaction time.
CREATE INDEX has_txn_end IF NOT EXISTS FOR ()-[r:HAS]-() ON (r.txn_end)
