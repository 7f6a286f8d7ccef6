-- The first observations (070's rule: each tree once, its lowest observation_id)
-- of the given surveys whose status the geo core folds into Unknown (5) beside
-- 5 itself: no status (NULL) and 6 (workers/geo/values.ts parseStatus). The
-- tree-status report takes every other count from the survey snapshots'
-- statistics (server/surveys/status-counts.ts) and only these from SQL, to keep
-- "no status" and 6 apart from 5. The partial index holds just those rows (≈1%
-- of the demo's), so the read is one index range per survey and one probe of
-- tree_observations_project_idx per row, not 070's sort of every observation
-- (~10 s for a client at the 1M-tree demo).
CREATE INDEX tree_observations_unclassed_idx ON tree_observations (project_id, tree_id, observation_id)
  WHERE tree_status IS NULL OR tree_status > 5;

CREATE FUNCTION unclassed_first_observations(project_ids integer[])
RETURNS TABLE (project_id integer, tree_id integer, tree_status smallint, observation_id bigint)
LANGUAGE sql STABLE
AS $$
  SELECT o.project_id, o.tree_id, o.tree_status, o.observation_id
    FROM tree_observations o
   WHERE o.project_id = ANY(project_ids) AND (o.tree_status IS NULL OR o.tree_status > 5)
     AND NOT EXISTS (SELECT 1 FROM tree_observations e
                      WHERE e.project_id = o.project_id AND e.tree_id = o.tree_id AND e.observation_id < o.observation_id)
$$;
