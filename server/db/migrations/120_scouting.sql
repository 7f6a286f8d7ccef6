-- Scouting records and tasks (issue 36, README "Scouting"): append-only records made on the device
-- (each with the id the device gave it), their photos, tasks with a version for If-Match, and the
-- applied task changes (each with its own id, so a change sent twice is applied once).

-- A ninth reference list: the categories of what a scout finds, with a map icon each.
CREATE TABLE scouting_issues (
  issue_id    serial PRIMARY KEY,
  name_en     text NOT NULL,
  name_he     text NOT NULL,
  icon        text NOT NULL CHECK (icon IN ('bug', 'disease', 'leak', 'branch', 'missing', 'frost', 'other')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  version     integer NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX scouting_issues_name_en_key ON scouting_issues (lower(name_en));
CREATE UNIQUE INDEX scouting_issues_name_he_key ON scouting_issues (lower(name_he));
-- Reference data every installation needs (not the demo seed): the issue's list.
INSERT INTO scouting_issues (name_en, name_he, icon) VALUES
  ('Pests', 'מזיקים', 'bug'),
  ('Disease', 'מחלה', 'disease'),
  ('Irrigation leak', 'דליפה בהשקיה', 'leak'),
  ('Broken limb', 'ענף שבור', 'branch'),
  ('Missing tree', 'עץ חסר', 'missing'),
  ('Frost damage', 'נזקי קרה', 'frost'),
  ('Other', 'אחר', 'other');

CREATE TABLE scouting_tasks (
  task_id      uuid PRIMARY KEY,
  client_id    integer NOT NULL,
  project_id   integer NOT NULL,
  title        text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  description  text NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
  tree_ids     integer[] NOT NULL DEFAULT '{}' CHECK (cardinality(tree_ids) <= 10000),
  zone_kind    text CHECK (zone_kind IN ('plot', 'irrigation_area')),
  zone_id      integer,
  assignee_id  integer REFERENCES users(user_id) ON DELETE SET NULL,
  due_date     date,
  priority     text NOT NULL DEFAULT 'normal' CHECK (priority IN ('low', 'normal', 'high')),
  status       text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'done', 'verified', 'cancelled')),
  version      integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  created_by   integer REFERENCES users(user_id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  -- sha256 of the create's body: the same id sent again with another body is a 409.
  body_hash    text NOT NULL,
  CHECK ((zone_kind IS NULL) = (zone_id IS NULL)),
  FOREIGN KEY (client_id, project_id) REFERENCES projects (client_id, project_id) ON DELETE CASCADE
);
CREATE INDEX scouting_tasks_project_idx ON scouting_tasks (project_id, created_at);
CREATE INDEX scouting_tasks_assignee_idx ON scouting_tasks (assignee_id, status);

CREATE TABLE task_changes (
  change_id   uuid PRIMARY KEY,
  task_id     uuid NOT NULL REFERENCES scouting_tasks(task_id) ON DELETE CASCADE,
  user_id     integer REFERENCES users(user_id) ON DELETE SET NULL,
  body_hash   text NOT NULL,
  status_from text NOT NULL,
  status_to   text NOT NULL,
  -- What the change answered: a replay answers the same.
  answer      jsonb NOT NULL,
  at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX task_changes_task_idx ON task_changes (task_id, at);

-- Order of arrival per project: `seq` is taken under the project's advisory lock (server/repos/scouting-records.ts),
-- so it grows in commit order and a reader's `since` never skips a record; a photo arriving takes a new one.
CREATE SEQUENCE scouting_seq;

CREATE TABLE scouting_records (
  record_id    uuid PRIMARY KEY,
  client_id    integer NOT NULL,
  project_id   integer NOT NULL,
  seq          bigint NOT NULL,
  kind         text NOT NULL CHECK (kind IN ('observation', 'visit', 'tombstone')),
  tree_id      integer,
  lon          double precision NOT NULL CHECK (lon BETWEEN -180 AND 180),
  lat          double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  accuracy_m   real CHECK (accuracy_m >= 0),
  issue_id     integer REFERENCES scouting_issues(issue_id) ON DELETE RESTRICT,
  severity     smallint CHECK (severity BETWEEN 1 AND 3),
  note         text NOT NULL DEFAULT '' CHECK (length(note) <= 2000),
  tree_status  smallint CHECK (tree_status BETWEEN 0 AND 5),
  task_id      uuid REFERENCES scouting_tasks(task_id) ON DELETE SET NULL,
  supersedes   uuid REFERENCES scouting_records(record_id) ON DELETE CASCADE,
  photo_ids    uuid[] NOT NULL DEFAULT '{}' CHECK (cardinality(photo_ids) <= 5),
  author_id    integer REFERENCES users(user_id) ON DELETE SET NULL,
  -- Kept when the author's account is deleted (the record stays, append-only).
  author_name  text NOT NULL,
  observed_at  timestamptz NOT NULL,
  received_at  timestamptz NOT NULL DEFAULT now(),
  body_hash    text NOT NULL,
  FOREIGN KEY (client_id, project_id) REFERENCES projects (client_id, project_id) ON DELETE CASCADE,
  -- A deleted tree leaves the record at its place (a point record).
  FOREIGN KEY (client_id, tree_id) REFERENCES trees (client_id, tree_id) ON DELETE SET NULL (tree_id)
);
CREATE INDEX scouting_records_project_seq_idx ON scouting_records (project_id, seq);
CREATE INDEX scouting_records_task_idx ON scouting_records (task_id) WHERE task_id IS NOT NULL;
CREATE INDEX scouting_records_supersedes_idx ON scouting_records (supersedes) WHERE supersedes IS NOT NULL;

-- One row per photo a record declared; stored_at is set once its bytes passed the checks and are on disk.
CREATE TABLE record_photos (
  photo_id    uuid PRIMARY KEY,
  record_id   uuid NOT NULL REFERENCES scouting_records(record_id) ON DELETE CASCADE,
  position    smallint NOT NULL,
  stored_at   timestamptz,
  media_type  text,
  bytes       integer,
  width       integer,
  height      integer,
  sha256      text
);
CREATE INDEX record_photos_record_idx ON record_photos (record_id);
