// A namespace holding entities from before name stamps gets its stamp (graphmem/channels/names/_copy.py, when it
// first copies the namespace's names): only while it holds an entity, so a namespace purged meanwhile stays empty.
MATCH (e:Entity {ns: $ns})
WITH e LIMIT 1
MERGE (s:NameStamp {ns: $ns})
  ON CREATE SET s.stamp = randomUUID()
RETURN s.stamp AS stamp
