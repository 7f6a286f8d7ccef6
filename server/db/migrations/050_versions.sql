-- Versions that follow ownership (issue 16), replacing the one global change
-- marker of 030 (every write by anyone made every survey cold, and every
-- writing transaction queued on its one row).
--
-- survey_versions: per survey. `version` changes when anything its map data
--   reads changes (its observations, the observed trees, its plots and their
--   irrigation areas, crop names); `obs_version` when its observations change.
-- client_versions: per client. `trees_version` for its trees, `data_version`
--   for the data editor (trees, plots, irrigation areas), `projects_version`
--   for the growers' project lists (projects, assignments, plots of projects,
--   observations: the list shows a trend).
-- tree_changes: which trees changed at which trees_version (a NULL tree_id
--   means "too many to list"): snapshots patch and editors reload only those.
-- Statement-level triggers with transition tables: one UPDATE per statement,
-- touching only the rows of the clients and surveys the statement changed.

CREATE TABLE client_versions (
  client_id         integer PRIMARY KEY REFERENCES clients (client_id) ON DELETE CASCADE,
  trees_version     bigint NOT NULL DEFAULT 1,
  data_version      bigint NOT NULL DEFAULT 1,
  projects_version  bigint NOT NULL DEFAULT 1
);
INSERT INTO client_versions (client_id) SELECT client_id FROM clients;

CREATE TABLE survey_versions (
  project_id   integer PRIMARY KEY,
  client_id    integer NOT NULL,
  version      bigint NOT NULL DEFAULT 1,
  obs_version  bigint NOT NULL DEFAULT 1,
  FOREIGN KEY (client_id, project_id) REFERENCES projects (client_id, project_id) ON DELETE CASCADE
);
CREATE INDEX survey_versions_client_idx ON survey_versions (client_id);
INSERT INTO survey_versions (project_id, client_id) SELECT project_id, client_id FROM projects;

CREATE TABLE tree_changes (
  client_id  integer NOT NULL REFERENCES clients (client_id) ON DELETE CASCADE,
  version    bigint NOT NULL,
  tree_id    integer
);
CREATE INDEX tree_changes_client_version_idx ON tree_changes (client_id, version);

CREATE FUNCTION versions_new_client() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN INSERT INTO client_versions (client_id) SELECT client_id FROM n; RETURN NULL; END $$;
CREATE TRIGGER clients_versions AFTER INSERT ON clients REFERENCING NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION versions_new_client();

CREATE FUNCTION bump_surveys(ids integer[], observations boolean) RETURNS void LANGUAGE sql AS $$
  UPDATE survey_versions SET version = version + 1, obs_version = obs_version + CASE WHEN observations THEN 1 ELSE 0 END
   WHERE project_id = ANY(ids);
  UPDATE client_versions SET projects_version = projects_version + 1
   WHERE client_id IN (SELECT DISTINCT client_id FROM survey_versions WHERE project_id = ANY(ids));
$$;

-- Trees: the clients' tree versions, the change log, and the surveys that observed them.
CREATE FUNCTION versions_trees() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed integer;
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS _changed_trees (client_id integer, tree_id integer) ON COMMIT DROP;
  DELETE FROM _changed_trees;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN INSERT INTO _changed_trees SELECT client_id, tree_id FROM n; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN INSERT INTO _changed_trees SELECT client_id, tree_id FROM o; END IF;
  SELECT count(*) INTO changed FROM _changed_trees;
  IF changed = 0 THEN RETURN NULL; END IF;
  UPDATE client_versions SET trees_version = trees_version + 1, data_version = data_version + 1
   WHERE client_id IN (SELECT DISTINCT client_id FROM _changed_trees);
  IF changed <= 20000 THEN
    INSERT INTO tree_changes (client_id, version, tree_id)
    SELECT DISTINCT c.client_id, v.trees_version, c.tree_id FROM _changed_trees c JOIN client_versions v USING (client_id);
  ELSE
    INSERT INTO tree_changes (client_id, version, tree_id)
    SELECT v.client_id, v.trees_version, NULL FROM client_versions v WHERE v.client_id IN (SELECT DISTINCT client_id FROM _changed_trees);
  END IF;
  -- The log only has to reach back as far as an editor or a snapshot may lag.
  DELETE FROM tree_changes t USING client_versions v
   WHERE t.client_id = v.client_id AND v.client_id IN (SELECT DISTINCT client_id FROM _changed_trees) AND t.version < v.trees_version - 200;
  PERFORM bump_surveys(ARRAY(SELECT DISTINCT o.project_id FROM tree_observations o WHERE o.tree_id IN (SELECT tree_id FROM _changed_trees)), false);
  RETURN NULL;
END $$;
CREATE TRIGGER trees_versions_ins AFTER INSERT ON trees REFERENCING NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION versions_trees();
CREATE TRIGGER trees_versions_upd AFTER UPDATE ON trees REFERENCING OLD TABLE AS o NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION versions_trees();
CREATE TRIGGER trees_versions_del AFTER DELETE ON trees REFERENCING OLD TABLE AS o FOR EACH STATEMENT EXECUTE FUNCTION versions_trees();

-- Plots and irrigation areas: the editor's data, and the surveys that cover the plot.
CREATE FUNCTION versions_areas() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE clients integer[]; plots integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT client_id), array_agg(DISTINCT plot_id) INTO clients, plots FROM n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT client_id), array_agg(DISTINCT plot_id) INTO clients, plots FROM o;
  ELSE
    SELECT array_agg(DISTINCT client_id), array_agg(DISTINCT plot_id) INTO clients, plots FROM (SELECT client_id, plot_id FROM n UNION SELECT client_id, plot_id FROM o) x;
  END IF;
  IF clients IS NULL THEN RETURN NULL; END IF;
  UPDATE client_versions SET data_version = data_version + 1 WHERE client_id = ANY(clients);
  PERFORM bump_surveys(ARRAY(SELECT DISTINCT project_id FROM project_plots WHERE plot_id = ANY(plots)), false);
  RETURN NULL;
END $$;
CREATE TRIGGER plots_versions_ins AFTER INSERT ON plots REFERENCING NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION versions_areas();
CREATE TRIGGER plots_versions_upd AFTER UPDATE ON plots REFERENCING OLD TABLE AS o NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION versions_areas();
CREATE TRIGGER plots_versions_del AFTER DELETE ON plots REFERENCING OLD TABLE AS o FOR EACH STATEMENT EXECUTE FUNCTION versions_areas();
CREATE TRIGGER areas_versions_ins AFTER INSERT ON irrigation_areas REFERENCING NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION versions_areas();
CREATE TRIGGER areas_versions_upd AFTER UPDATE ON irrigation_areas REFERENCING OLD TABLE AS o NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION versions_areas();
CREATE TRIGGER areas_versions_del AFTER DELETE ON irrigation_areas REFERENCING OLD TABLE AS o FOR EACH STATEMENT EXECUTE FUNCTION versions_areas();

-- Observations, a survey's plots: that survey.
CREATE FUNCTION versions_survey_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN SELECT array_agg(DISTINCT project_id) INTO ids FROM n;
  ELSIF TG_OP = 'DELETE' THEN SELECT array_agg(DISTINCT project_id) INTO ids FROM o;
  ELSE SELECT array_agg(DISTINCT project_id) INTO ids FROM (SELECT project_id FROM n UNION SELECT project_id FROM o) x;
  END IF;
  IF ids IS NULL THEN RETURN NULL; END IF;
  PERFORM bump_surveys(ids, TG_TABLE_NAME = 'tree_observations');
  RETURN NULL;
END $$;
CREATE TRIGGER observations_versions_ins AFTER INSERT ON tree_observations REFERENCING NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION versions_survey_rows();
CREATE TRIGGER observations_versions_upd AFTER UPDATE ON tree_observations REFERENCING OLD TABLE AS o NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION versions_survey_rows();
CREATE TRIGGER observations_versions_del AFTER DELETE ON tree_observations REFERENCING OLD TABLE AS o FOR EACH STATEMENT EXECUTE FUNCTION versions_survey_rows();
CREATE TRIGGER project_plots_versions_ins AFTER INSERT ON project_plots REFERENCING NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION versions_survey_rows();
CREATE TRIGGER project_plots_versions_del AFTER DELETE ON project_plots REFERENCING OLD TABLE AS o FOR EACH STATEMENT EXECUTE FUNCTION versions_survey_rows();

-- Projects and assignments: the growers' lists of that client (a new project also gets its version row).
CREATE FUNCTION versions_projects_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE client_versions SET projects_version = projects_version + 1
   WHERE client_id IN (SELECT client_id FROM n UNION SELECT client_id FROM o);
  RETURN NULL;
END $$;
CREATE FUNCTION versions_projects_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'projects' THEN
    INSERT INTO survey_versions (project_id, client_id) SELECT project_id, client_id FROM n;
    UPDATE client_versions SET projects_version = projects_version + 1 WHERE client_id IN (SELECT client_id FROM n);
  ELSE
    UPDATE client_versions SET projects_version = projects_version + 1
     WHERE client_id IN (SELECT p.client_id FROM projects p WHERE p.project_id IN (SELECT project_id FROM n));
  END IF;
  RETURN NULL;
END $$;
CREATE FUNCTION versions_projects_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'projects' THEN
    UPDATE client_versions SET projects_version = projects_version + 1 WHERE client_id IN (SELECT client_id FROM o);
  ELSE
    UPDATE client_versions SET projects_version = projects_version + 1
     WHERE client_id IN (SELECT p.client_id FROM projects p WHERE p.project_id IN (SELECT project_id FROM o));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER projects_versions_ins AFTER INSERT ON projects REFERENCING NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION versions_projects_ins();
CREATE TRIGGER projects_versions_upd AFTER UPDATE ON projects REFERENCING OLD TABLE AS o NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION versions_projects_upd();
CREATE TRIGGER projects_versions_del AFTER DELETE ON projects REFERENCING OLD TABLE AS o FOR EACH STATEMENT EXECUTE FUNCTION versions_projects_del();
CREATE TRIGGER project_users_versions_ins AFTER INSERT ON project_users REFERENCING NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION versions_projects_ins();
CREATE TRIGGER project_users_versions_del AFTER DELETE ON project_users REFERENCING OLD TABLE AS o FOR EACH STATEMENT EXECUTE FUNCTION versions_projects_del();

-- Crop names are part of a survey's trees (crop_name) and of the project lists.
CREATE FUNCTION versions_crops() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_surveys(ARRAY(SELECT DISTINCT pp.project_id FROM project_plots pp JOIN plots pl ON pl.plot_id = pp.plot_id
                              WHERE pl.crop_id IN (SELECT crop_id FROM n UNION SELECT crop_id FROM o)), false);
  RETURN NULL;
END $$;
CREATE TRIGGER crops_versions_upd AFTER UPDATE ON crop_options REFERENCING OLD TABLE AS o NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION versions_crops();

-- The global marker is gone.
DROP TRIGGER map_data_version_trees ON trees;
DROP TRIGGER map_data_version_observations ON tree_observations;
DROP TRIGGER map_data_version_plots ON plots;
DROP TRIGGER map_data_version_areas ON irrigation_areas;
DROP TRIGGER map_data_version_projects ON projects;
DROP TRIGGER map_data_version_project_plots ON project_plots;
DROP TRIGGER map_data_version_crops ON crop_options;
DROP TRIGGER map_data_version_project_users ON project_users;
DROP FUNCTION bump_map_data_version();
DROP TABLE map_data_version;
