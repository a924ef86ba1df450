CREATE INDEX entity_ns IF NOT EXISTS FOR (e:Entity) ON (e.ns)
