-- The database keeps the promises the API makes (issue 15 §3).
--
-- 1. Names the API refuses to duplicate are unique in the database too, case-
--    insensitively: two concurrent creates can no longer both succeed (the
--    loser's INSERT fails with 23505, which the API answers with 409).
CREATE UNIQUE INDEX clients_name_key ON clients (lower(name));
CREATE UNIQUE INDEX crop_types_name_key ON crop_types (lower(crop_type_name));
CREATE UNIQUE INDEX crop_options_name_key ON crop_options (lower(crop_name));
CREATE UNIQUE INDEX breeds_crop_name_key ON breeds (crop_id, lower(breed_name));
CREATE UNIQUE INDEX irrigation_types_name_key ON irrigation_types (lower(irrigation_type_name));
ALTER TABLE survey_types DROP CONSTRAINT survey_types_code_key;
CREATE UNIQUE INDEX survey_types_code_key ON survey_types (lower(code));
CREATE UNIQUE INDEX survey_types_label_key ON survey_types (lower(label));
CREATE UNIQUE INDEX disease_types_name_key ON disease_types (lower(disease_name));
CREATE UNIQUE INDEX tree_status_types_name_key ON tree_status_types (lower(status_name));
CREATE UNIQUE INDEX countries_name_key ON countries (lower(country_name));

-- 2. Tenant-consistent references: tenant tables are keyed (client_id, id) and
--    reference each other with client_id in the key, so a tree can never point
--    at another client's plot or irrigation area, and an observation's client
--    is its project's and its tree's. These keys are also what a distributed
--    PostgreSQL (Citus, distributed by client_id) needs. "SET NULL (col)"
--    clears only the id, never client_id (PostgreSQL 15+).
ALTER TABLE plots ADD CONSTRAINT plots_client_plot_key UNIQUE (client_id, plot_id);
ALTER TABLE irrigation_areas ADD CONSTRAINT irrigation_areas_client_area_key UNIQUE (client_id, irrigation_area_id);
ALTER TABLE trees ADD CONSTRAINT trees_client_tree_key UNIQUE (client_id, tree_id);
ALTER TABLE projects ADD CONSTRAINT projects_client_project_key UNIQUE (client_id, project_id);

ALTER TABLE irrigation_areas DROP CONSTRAINT irrigation_areas_plot_id_fkey;
ALTER TABLE irrigation_areas ADD CONSTRAINT irrigation_areas_plot_fkey FOREIGN KEY (client_id, plot_id)
  REFERENCES plots (client_id, plot_id) ON DELETE SET NULL (plot_id);

ALTER TABLE trees DROP CONSTRAINT trees_plot_id_fkey;
ALTER TABLE trees DROP CONSTRAINT trees_irrigation_area_id_fkey;
ALTER TABLE trees ADD CONSTRAINT trees_plot_fkey FOREIGN KEY (client_id, plot_id)
  REFERENCES plots (client_id, plot_id) ON DELETE SET NULL (plot_id);
ALTER TABLE trees ADD CONSTRAINT trees_irrigation_area_fkey FOREIGN KEY (client_id, irrigation_area_id)
  REFERENCES irrigation_areas (client_id, irrigation_area_id) ON DELETE SET NULL (irrigation_area_id);

ALTER TABLE tree_observations DROP CONSTRAINT tree_observations_project_id_fkey;
ALTER TABLE tree_observations DROP CONSTRAINT tree_observations_tree_id_fkey;
ALTER TABLE tree_observations ADD CONSTRAINT tree_observations_project_fkey FOREIGN KEY (client_id, project_id)
  REFERENCES projects (client_id, project_id) ON DELETE CASCADE;
ALTER TABLE tree_observations ADD CONSTRAINT tree_observations_tree_fkey FOREIGN KEY (client_id, tree_id)
  REFERENCES trees (client_id, tree_id) ON DELETE CASCADE;

-- A project's plots are its client's plots.
ALTER TABLE project_plots ADD COLUMN client_id integer;
UPDATE project_plots pp SET client_id = p.client_id FROM projects p WHERE p.project_id = pp.project_id;
ALTER TABLE project_plots ALTER COLUMN client_id SET NOT NULL;
ALTER TABLE project_plots DROP CONSTRAINT project_plots_project_id_fkey;
ALTER TABLE project_plots DROP CONSTRAINT project_plots_plot_id_fkey;
ALTER TABLE project_plots ADD CONSTRAINT project_plots_project_fkey FOREIGN KEY (client_id, project_id)
  REFERENCES projects (client_id, project_id) ON DELETE CASCADE;
ALTER TABLE project_plots ADD CONSTRAINT project_plots_plot_fkey FOREIGN KEY (client_id, plot_id)
  REFERENCES plots (client_id, plot_id) ON DELETE CASCADE;

-- 3. Shapes and measures the API validates are checked by the database too.
ALTER TABLE plots ADD CONSTRAINT plots_geom_type_check CHECK (geom->>'type' IN ('Polygon', 'MultiPolygon'));
ALTER TABLE plots ADD CONSTRAINT plots_bbox_check CHECK (min_lon <= max_lon AND min_lat <= max_lat
  AND min_lon >= -180 AND max_lon <= 180 AND min_lat >= -90 AND max_lat <= 90);
ALTER TABLE irrigation_areas ADD CONSTRAINT irrigation_areas_geom_type_check CHECK (geom->>'type' IN ('Polygon', 'MultiPolygon'));
ALTER TABLE irrigation_areas ADD CONSTRAINT irrigation_areas_bbox_check CHECK (min_lon <= max_lon AND min_lat <= max_lat
  AND min_lon >= -180 AND max_lon <= 180 AND min_lat >= -90 AND max_lat <= 90);
ALTER TABLE tree_observations ADD CONSTRAINT tree_observations_measures_check CHECK (
  (n_mean IS NULL OR n_mean >= 0) AND (p_mean IS NULL OR p_mean >= 0) AND (k_mean IS NULL OR k_mean >= 0)
  AND (canopy_diameter IS NULL OR canopy_diameter >= 0) AND (biomass IS NULL OR biomass >= 0));

-- 4. Indexes: breeds are looked up from trees (reference-list delete checks);
--    trees_client_idx (client_id) is the prefix of trees_client_lon_lat_idx.
CREATE INDEX trees_breed_idx ON trees (breed_id);
DROP INDEX trees_client_idx;

-- 5. Assignments change what a grower's project list (and its cached trend) shows.
CREATE TRIGGER map_data_version_project_users AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON project_users FOR EACH STATEMENT EXECUTE FUNCTION bump_map_data_version();
