-- Data editor (issue 7): when a plot or irrigation area is reshaped, the
-- server re-assigns only the trees inside the old and new bounding boxes.
-- This index lets that bbox query skip the rest of a 100k-tree client.
CREATE INDEX trees_client_lon_lat_idx ON trees (client_id, lon, lat);
