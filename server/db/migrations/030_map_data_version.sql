-- Change marker for the cached map-data payloads (server/routes/map-data-cache.ts).
-- Every statement that writes a table the map data or tree statistics read
-- bumps one counter (statement-level, so a bulk insert bumps it once). The
-- counter row is updated inside the writing transaction, so a reader sees the
-- new number only together with the committed data: it reads the marker first,
-- then the data, and can never cache old data under a new marker.
CREATE TABLE map_data_version (
  id       boolean PRIMARY KEY DEFAULT true CHECK (id),
  version  bigint NOT NULL DEFAULT 0
);
INSERT INTO map_data_version (id, version) VALUES (true, 0);

CREATE FUNCTION bump_map_data_version() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE map_data_version SET version = version + 1 WHERE id; RETURN NULL; END $$;

CREATE TRIGGER map_data_version_trees AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON trees FOR EACH STATEMENT EXECUTE FUNCTION bump_map_data_version();
CREATE TRIGGER map_data_version_observations AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tree_observations FOR EACH STATEMENT EXECUTE FUNCTION bump_map_data_version();
CREATE TRIGGER map_data_version_plots AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plots FOR EACH STATEMENT EXECUTE FUNCTION bump_map_data_version();
CREATE TRIGGER map_data_version_areas AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON irrigation_areas FOR EACH STATEMENT EXECUTE FUNCTION bump_map_data_version();
CREATE TRIGGER map_data_version_projects AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON projects FOR EACH STATEMENT EXECUTE FUNCTION bump_map_data_version();
CREATE TRIGGER map_data_version_project_plots AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON project_plots FOR EACH STATEMENT EXECUTE FUNCTION bump_map_data_version();
CREATE TRIGGER map_data_version_crops AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON crop_options FOR EACH STATEMENT EXECUTE FUNCTION bump_map_data_version();
