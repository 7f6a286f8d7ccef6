-- The whole data model (DESIGN.md §3). Polygons are GeoJSON in EPSG:4326
-- with bounding-box columns so point-in-polygon work can be narrowed in SQL;
-- tree points are two typed columns (lon, lat): 100k+ rows per farm read
-- much faster from typed columns than from jsonb.
-- Every tenant table carries client_id. `version` columns give optimistic
-- concurrency for admin edits (a stale write gets 409).

CREATE TABLE clients (
  client_id   serial PRIMARY KEY,
  name        text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  version     integer NOT NULL DEFAULT 1
);

CREATE TABLE users (
  user_id        serial PRIMARY KEY,
  email          text NOT NULL,
  password_hash  text NOT NULL,
  first_name     text NOT NULL DEFAULT '',
  last_name      text NOT NULL DEFAULT '',
  client_id      integer REFERENCES clients(client_id) ON DELETE RESTRICT,
  role           text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  disabled       boolean NOT NULL DEFAULT false,
  token_version  integer NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  version        integer NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_client_idx ON users (client_id);

-- Reference lists ---------------------------------------------------------
CREATE TABLE crop_types (
  crop_type_id   serial PRIMARY KEY,
  crop_type_name text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE crop_options (
  crop_id       serial PRIMARY KEY,
  crop_name     text NOT NULL,
  crop_type_id  integer REFERENCES crop_types(crop_type_id) ON DELETE RESTRICT,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE breeds (
  breed_id    serial PRIMARY KEY,
  breed_name  text NOT NULL,
  crop_id     integer NOT NULL REFERENCES crop_options(crop_id) ON DELETE RESTRICT,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE irrigation_types (
  irrigation_type_id   serial PRIMARY KEY,
  irrigation_type_name text NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE survey_types (
  survey_type_id serial PRIMARY KEY,
  code           text NOT NULL UNIQUE,
  label          text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE disease_types (
  disease_id   serial PRIMARY KEY,
  disease_name text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE tree_status_types (
  status_code integer PRIMARY KEY CHECK (status_code BETWEEN 0 AND 999),
  status_name text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE countries (
  country_id   serial PRIMARY KEY,
  country_name text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- Farm geometry -------------------------------------------------------------
CREATE TABLE plots (
  plot_id     serial PRIMARY KEY,
  client_id   integer NOT NULL REFERENCES clients(client_id) ON DELETE RESTRICT,
  plot_name   text NOT NULL,
  plot_area   double precision CHECK (plot_area IS NULL OR plot_area > 0),
  crop_id     integer REFERENCES crop_options(crop_id) ON DELETE RESTRICT,
  geom        jsonb NOT NULL,
  min_lon     double precision NOT NULL,
  min_lat     double precision NOT NULL,
  max_lon     double precision NOT NULL,
  max_lat     double precision NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  version     integer NOT NULL DEFAULT 1
);
CREATE INDEX plots_client_idx ON plots (client_id);

CREATE TABLE irrigation_areas (
  irrigation_area_id   serial PRIMARY KEY,
  client_id            integer NOT NULL REFERENCES clients(client_id) ON DELETE RESTRICT,
  plot_id              integer REFERENCES plots(plot_id) ON DELETE SET NULL,
  irrigation_area_name text NOT NULL,
  irrigation_type_id   integer REFERENCES irrigation_types(irrigation_type_id) ON DELETE SET NULL,
  geom                 jsonb NOT NULL,
  min_lon              double precision NOT NULL,
  min_lat              double precision NOT NULL,
  max_lon              double precision NOT NULL,
  max_lat              double precision NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  version              integer NOT NULL DEFAULT 1
);
CREATE INDEX irrigation_areas_client_idx ON irrigation_areas (client_id);
CREATE INDEX irrigation_areas_plot_idx ON irrigation_areas (plot_id);

CREATE TABLE trees (
  tree_id            serial PRIMARY KEY,
  client_id          integer NOT NULL REFERENCES clients(client_id) ON DELETE RESTRICT,
  plot_id            integer REFERENCES plots(plot_id) ON DELETE SET NULL,
  irrigation_area_id integer REFERENCES irrigation_areas(irrigation_area_id) ON DELETE SET NULL,
  row_num            integer CHECK (row_num IS NULL OR row_num > 0),
  tree_num           integer CHECK (tree_num IS NULL OR tree_num > 0),
  breed_id           integer REFERENCES breeds(breed_id) ON DELETE SET NULL,
  planting_date      date,
  lon                double precision NOT NULL CHECK (lon BETWEEN -180 AND 180),
  lat                double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  version            integer NOT NULL DEFAULT 1
);
CREATE INDEX trees_client_idx ON trees (client_id);
CREATE INDEX trees_plot_idx ON trees (plot_id);
CREATE INDEX trees_irrigation_idx ON trees (irrigation_area_id);

-- Surveys -------------------------------------------------------------------
CREATE TABLE projects (
  project_id        serial PRIMARY KEY,
  client_id         integer NOT NULL REFERENCES clients(client_id) ON DELETE RESTRICT,
  name              text NOT NULL,
  observation_date  date,
  products          text[] NOT NULL DEFAULT '{}',
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  version           integer NOT NULL DEFAULT 1
);
CREATE INDEX projects_client_idx ON projects (client_id);

CREATE TABLE project_plots (
  project_id integer NOT NULL REFERENCES projects(project_id) ON DELETE CASCADE,
  plot_id    integer NOT NULL REFERENCES plots(plot_id) ON DELETE CASCADE,
  PRIMARY KEY (project_id, plot_id)
);
CREATE INDEX project_plots_plot_idx ON project_plots (plot_id);

CREATE TABLE project_users (
  project_id integer NOT NULL REFERENCES projects(project_id) ON DELETE CASCADE,
  user_id    integer NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
  PRIMARY KEY (project_id, user_id)
);

-- One row per tree seen by a survey. (project_id, tree_id) is deliberately
-- not unique: overlapping flight strips can report a tree twice, and the map
-- client drops the duplicate ids (client.md §4). Statistics use the first
-- observation of each tree.
CREATE TABLE tree_observations (
  observation_id                bigserial PRIMARY KEY,
  project_id                    integer NOT NULL REFERENCES projects(project_id) ON DELETE CASCADE,
  tree_id                       integer NOT NULL REFERENCES trees(tree_id) ON DELETE CASCADE,
  client_id                     integer NOT NULL REFERENCES clients(client_id) ON DELETE RESTRICT,
  tree_status                   smallint CHECK (tree_status IS NULL OR tree_status BETWEEN 0 AND 6),
  n_mean                        real,
  p_mean                        real,
  k_mean                        real,
  n_label                       text,
  p_label                       text,
  k_label                       text,
  n_classification              smallint,
  p_classification              smallint,
  k_classification              smallint,
  n_classification_label        text,
  p_classification_label        text,
  k_classification_label        text,
  canopy_diameter               real,
  canopy_diameter_label         text,
  canopy_classification         smallint,
  canopy_classification_label   text,
  biomass                       real,
  biomass_label                 text
);
CREATE INDEX tree_observations_project_idx ON tree_observations (project_id, tree_id);
CREATE INDEX tree_observations_tree_idx ON tree_observations (tree_id);

-- Admin audit log: every admin change writes a row in the same transaction.
CREATE TABLE audit_log (
  audit_id    bigserial PRIMARY KEY,
  user_id     integer REFERENCES users(user_id) ON DELETE SET NULL,
  user_email  text NOT NULL,
  action      text NOT NULL,
  entity      text NOT NULL,
  entity_id   text,
  summary     text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC);

-- Server-side logout: a revoked token id stays here until it would expire.
CREATE TABLE revoked_tokens (
  jti         text PRIMARY KEY,
  expires_at  timestamptz NOT NULL
);

-- Key/value settings owned by the server (the generated token secret).
CREATE TABLE server_settings (
  key    text PRIMARY KEY,
  value  text NOT NULL
);
