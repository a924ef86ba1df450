// One stamp per namespace for the names of its entities (graphmem/channels/names/_copy.py): MERGE'd by
// exact/bump_names, so two writers never make two.
CREATE CONSTRAINT name_stamp_ns IF NOT EXISTS FOR (s:NameStamp) REQUIRE s.ns IS UNIQUE
