-- Status 5 is Unknown with client.md §3's whitewash label (issue 32): the seeded
-- name becomes the label the map, tables and exports show. A name an admin
-- changed is left as it is.
UPDATE tree_status_types SET status_name = 'Unknown / whitewash' WHERE status_code = 5 AND status_name = 'Unknown';
