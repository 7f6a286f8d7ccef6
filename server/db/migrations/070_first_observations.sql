-- "The first observation of a tree wins" (client.md §3: overlapping flight
-- strips observe a tree twice) in one place for SQL: each tree of the given
-- surveys once, with its first observation (lowest observation_id). The
-- surveys come as ids so the filter reaches the index (project_id,
-- observation_id) before the de-duplication; a view would de-duplicate every
-- survey first. The per-tree rule in the map data is workers/geo's (it reads
-- rows in observation_id order and keeps the first).
-- It returns the columns the counts need (a narrow sort); add one here when a
-- caller needs more.
CREATE FUNCTION first_observations(project_ids integer[])
RETURNS TABLE (project_id integer, tree_id integer, tree_status smallint, observation_id bigint)
LANGUAGE sql STABLE
AS $$
  SELECT DISTINCT ON (o.project_id, o.tree_id) o.project_id, o.tree_id, o.tree_status, o.observation_id
    FROM tree_observations o
   WHERE o.project_id = ANY(project_ids)
   ORDER BY o.project_id, o.tree_id, o.observation_id
$$;
