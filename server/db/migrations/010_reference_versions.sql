-- Optimistic concurrency for the eight reference lists, like the other admin
-- tables: PUT may send the version it read; a stale one gets 409.
ALTER TABLE crop_types ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE crop_options ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE breeds ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE irrigation_types ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE survey_types ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE disease_types ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE tree_status_types ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE countries ADD COLUMN version integer NOT NULL DEFAULT 1;
-- The reports page groups observations by client and project.
CREATE INDEX IF NOT EXISTS tree_observations_client_idx ON tree_observations (client_id, project_id);
