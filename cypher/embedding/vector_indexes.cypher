// graphmem's vector indexes that exist, with their dimensions: a store from before the model was recorded
// has them, sized for the only model graphmem then ran.
SHOW VECTOR INDEXES YIELD name, options
WHERE name IN ['turn_embedding', 'summary_embedding', 'workflow_embedding']
RETURN name, options.indexConfig.`vector.dimensions` AS dimensions
