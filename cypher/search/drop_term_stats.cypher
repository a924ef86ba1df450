// Remove the namespace's keyword statistics before they are rebuilt from its turns (search.stats.rebuild).
OPTIONAL MATCH (c:SearchCorpus {ns: $ns})
DETACH DELETE c
WITH count(*) AS done
MATCH (s:SearchTerm {ns: $ns})
DETACH DELETE s
RETURN count(*) AS dropped
