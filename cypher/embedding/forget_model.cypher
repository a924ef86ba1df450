// Tests only: forget the record, as in a store written before graphmem recorded its model.
MATCH (m:EmbeddingModel {key: 'vectors'}) DELETE m
