-- The GeoJSON stream reads a survey's observations in observation_id order,
-- a chunk at a time (keyset: project_id = $1 AND observation_id > $2 LIMIT n).
CREATE INDEX tree_observations_project_order_idx ON tree_observations (project_id, observation_id);
