// One mark per imported source record (graphmem/imports): a re-import finds what it already wrote.
CREATE CONSTRAINT import_mark IF NOT EXISTS FOR (m:ImportMark) REQUIRE (m.ns, m.source, m.id) IS UNIQUE
