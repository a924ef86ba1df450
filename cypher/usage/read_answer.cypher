// Feedback on one recall answer, within the feedback window ($cutoff): the channel of each of its items, and
// whether feedback was given already. The answer is write-locked first (a property set on it), so that of
// two feedbacks arriving at once the second waits and then sees the first's `feedback_at`.
MATCH (r:RecallAnswer {ns: $ns, id: $id})
WHERE r.at >= $cutoff
SET r.feedback_lock = true
REMOVE r.feedback_lock
RETURN r.channels AS channels, r.feedback_at AS feedback_at
