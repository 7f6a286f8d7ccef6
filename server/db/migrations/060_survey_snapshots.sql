-- Durable survey snapshots (issue 16). A survey's map data is built once per
-- version into files (server/snapshots); this table says which files hold a
-- survey's snapshots and which versions they were read at, so another process
-- (or this one after a restart) serves them as they are, and the next build
-- after a small write patches them instead of reading every tree again.
--
-- survey_snapshots: one row per snapshot built (the token naming its files)
--   with the versions read before its data was (a write during the read is
--   re-applied by the next patch: patching re-reads the current rows of
--   changed trees). A process uses the newest row of a survey whose files are
--   in its folder, so processes with folders of their own each keep theirs,
--   and after a database restore only snapshots of the restored history count
--   (files built later have no row). The newest 8 rows per survey are kept.
-- observation_changes: which trees' observations of a survey changed at which
--   obs_version (a NULL tree_id: too many to list, the next build reads all),
--   the counterpart of tree_changes (050) for observations.

CREATE TABLE survey_snapshots (
  token          text PRIMARY KEY,
  project_id     integer NOT NULL REFERENCES survey_versions (project_id) ON DELETE CASCADE,
  version        bigint NOT NULL,
  obs_version    bigint NOT NULL,
  trees_version  bigint NOT NULL,
  built_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX survey_snapshots_project_idx ON survey_snapshots (project_id, version DESC);

CREATE TABLE observation_changes (
  project_id   integer NOT NULL REFERENCES survey_versions (project_id) ON DELETE CASCADE,
  obs_version  bigint NOT NULL,
  tree_id      integer
);
CREATE INDEX observation_changes_project_version_idx ON observation_changes (project_id, obs_version);

-- Observations: bump their surveys (as 050 did) and log the trees. Statements
-- of more than 2,000 rows (big imports) log "too many": the survey is read
-- whole once, which costs about what patching so many trees would.
CREATE FUNCTION versions_observations() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[]; changed integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT project_id), count(*) INTO ids, changed FROM n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT project_id), count(*) INTO ids, changed FROM o;
  ELSE
    SELECT array_agg(DISTINCT project_id), count(*) INTO ids, changed FROM (SELECT project_id FROM n UNION ALL SELECT project_id FROM o) x;
  END IF;
  IF ids IS NULL THEN RETURN NULL; END IF;
  PERFORM bump_surveys(ids, true);
  IF changed > 2000 THEN
    INSERT INTO observation_changes (project_id, obs_version, tree_id)
    SELECT v.project_id, v.obs_version, NULL FROM survey_versions v WHERE v.project_id = ANY(ids);
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO observation_changes (project_id, obs_version, tree_id)
    SELECT DISTINCT c.project_id, v.obs_version, c.tree_id FROM n c JOIN survey_versions v USING (project_id);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO observation_changes (project_id, obs_version, tree_id)
    SELECT DISTINCT c.project_id, v.obs_version, c.tree_id FROM o c JOIN survey_versions v USING (project_id);
  ELSE
    INSERT INTO observation_changes (project_id, obs_version, tree_id)
    SELECT DISTINCT c.project_id, v.obs_version, c.tree_id
      FROM (SELECT project_id, tree_id FROM n UNION SELECT project_id, tree_id FROM o) c JOIN survey_versions v USING (project_id);
  END IF;
  -- The log reaches back as far as a snapshot may lag; an older snapshot is rebuilt whole.
  DELETE FROM observation_changes c USING survey_versions v
   WHERE c.project_id = v.project_id AND v.project_id = ANY(ids) AND c.obs_version < v.obs_version - 200;
  RETURN NULL;
END $$;

DROP TRIGGER observations_versions_ins ON tree_observations;
DROP TRIGGER observations_versions_upd ON tree_observations;
DROP TRIGGER observations_versions_del ON tree_observations;
CREATE TRIGGER observations_versions_ins AFTER INSERT ON tree_observations REFERENCING NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION versions_observations();
CREATE TRIGGER observations_versions_upd AFTER UPDATE ON tree_observations REFERENCING OLD TABLE AS o NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION versions_observations();
CREATE TRIGGER observations_versions_del AFTER DELETE ON tree_observations REFERENCING OLD TABLE AS o FOR EACH STATEMENT EXECUTE FUNCTION versions_observations();
