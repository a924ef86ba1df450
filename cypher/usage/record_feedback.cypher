// Feedback on one recall answer: which of its items the agent used (positions), once; per channel, the items
// judged (all the answer returned of it) and used are added to the namespace's counters.
MATCH (r:RecallAnswer {ns: $ns, id: $id})
WHERE r.feedback_at IS NULL
SET r.feedback_at = $now, r.used = $used
WITH r
CALL (r) {
  UNWIND $counts AS c
  MERGE (s:RecallStats {ns: $ns, channel: c.channel})
    ON CREATE SET s.returned = 0, s.judged = 0, s.used = 0, s.answers = 0, s.feedbacks = 0
  SET s.judged = s.judged + c.judged, s.used = s.used + c.used, s.feedbacks = s.feedbacks + 1
}
RETURN r.id AS id
