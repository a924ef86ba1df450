// Memory hit rate: one counter record per (namespace, channel), merged by every replica.
CREATE CONSTRAINT recall_stats_key IF NOT EXISTS FOR (s:RecallStats) REQUIRE (s.ns, s.channel) IS UNIQUE
