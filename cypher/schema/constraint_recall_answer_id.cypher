// Memory hit rate (graphmem/recall/usage.py): one record per recall answer, found by its id for feedback.
CREATE CONSTRAINT recall_answer_id IF NOT EXISTS FOR (r:RecallAnswer) REQUIRE (r.ns, r.id) IS UNIQUE
