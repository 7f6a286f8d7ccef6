-- A survey's aerial photo (issue 37): the orthomosaic an admin uploads, tiled to Web Mercator WebP
-- tiles in ORTHO_DIR/<project>/<version>/ (server/orthophoto). One row per upload; `version` is a
-- random token that names the tile folder and goes into every tile URL (tiles are immutable).
-- At most one ready photo per survey (the one served) and at most one other (processing or failed):
-- a replacement is processed beside the photo in use and swapped in one transaction when ready, so
-- a crash mid-tiling leaves the previous photo or none, never half a pyramid. A processing row whose
-- process died (heartbeat too old, or any at the start of the embedded database) is run again.
CREATE TABLE orthophotos (
  project_id     integer NOT NULL REFERENCES projects (project_id) ON DELETE CASCADE,
  version        text NOT NULL CHECK (version ~ '^[0-9a-f]{16}$'),
  status         text NOT NULL CHECK (status IN ('processing', 'ready', 'failed')),
  progress       real NOT NULL DEFAULT 0 CHECK (progress >= 0 AND progress <= 1),
  message        text,
  code           text,
  west           double precision,
  south          double precision,
  east           double precision,
  north          double precision,
  minzoom        integer CHECK (minzoom BETWEEN 0 AND 30),
  maxzoom        integer CHECK (maxzoom BETWEEN 0 AND 30),
  resolution_cm  real CHECK (resolution_cm > 0),
  bytes          bigint CHECK (bytes >= 0),
  tiles          integer CHECK (tiles >= 0),
  source_bytes   bigint NOT NULL CHECK (source_bytes >= 0),
  width          integer,
  height         integer,
  epsg           integer,
  uploaded_by    integer REFERENCES users (user_id) ON DELETE SET NULL,
  heartbeat_at   timestamptz NOT NULL DEFAULT now(),
  created_at     timestamptz NOT NULL DEFAULT now(),
  ready_at       timestamptz,
  PRIMARY KEY (project_id, version)
);
CREATE UNIQUE INDEX orthophotos_one_ready ON orthophotos (project_id) WHERE status = 'ready';
CREATE UNIQUE INDEX orthophotos_one_pending ON orthophotos (project_id) WHERE status <> 'ready';
