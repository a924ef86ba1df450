// Feedback on one recall answer: the channel of each of its items, and whether feedback was given already.
MATCH (r:RecallAnswer {ns: $ns, id: $id})
RETURN r.channels AS channels, r.feedback_at AS feedback_at
