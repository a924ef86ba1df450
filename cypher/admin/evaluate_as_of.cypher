// Check support (tests/integration/test_as_of_agreement.py): the as_of fragment evaluated on plain maps, so
// that a property test can hold the Python twin (graphmem.timeline.as_of) to it on random versions.
UNWIND $versions AS v
RETURN v.i AS i, /*include:as_of(v)*/ AS visible
ORDER BY i
