-- The data editor reads a client's trees a chunk at a time in tree_id order
-- (server/repos/editor-trees.ts: WHERE client_id = $1 AND tree_id > $2
-- ORDER BY tree_id LIMIT n). Without this index each chunk read and sorted
-- every remaining tree of the client; with it a chunk is an index range.
-- Not a duplicate of trees_client_lon_lat_idx: only the first column is shared.
CREATE INDEX trees_client_tree_idx ON trees (client_id, tree_id);
