// GET /v1/{ns}/stats: the namespace's memory hit rate per channel.
MATCH (s:RecallStats) WHERE s.ns = $ns AND s.channel IS NOT NULL
RETURN s.channel AS channel, s.returned AS returned, s.judged AS judged, s.used AS used, s.answers AS answers,
       s.feedbacks AS feedbacks
ORDER BY channel
