// Memory hit rate (graphmem/recall/usage.py), written in the background after recalls: each answer's id and,
// per position, the channel of its item (never the item itself: nothing here can hold a person's data);
// per channel, how many items were returned; and answers older than $cutoff (past the feedback window)
// forgotten, a batch at a time.
CALL () {
  UNWIND $answers AS x
  MERGE (r:RecallAnswer {ns: $ns, id: x.id})
    ON CREATE SET r.at = datetime(x.at), r.channels = x.channels
}
CALL () {
  UNWIND $counts AS c
  MERGE (s:RecallStats {ns: $ns, channel: c.channel})
    ON CREATE SET s.returned = 0, s.judged = 0, s.used = 0, s.answers = 0, s.feedbacks = 0
  SET s.returned = s.returned + c.returned, s.answers = s.answers + c.answers
}
CALL () {
  MATCH (old:RecallAnswer) USING INDEX old:RecallAnswer(ns, at)
  WHERE old.ns = $ns AND old.at < $cutoff
  WITH old LIMIT 1000
  DELETE old
}
RETURN size($answers) AS written
