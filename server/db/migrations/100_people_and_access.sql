-- People and access (issue 33): a field-worker role, editable project
-- membership with its own audit, sign-in throttling per (account, address),
-- admin password reset with a forced change, and server-side sessions with
-- rotating refresh tokens (README: roles, sessions).

-- A third role: a field worker of one client (grower screens, no exports).
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('user', 'admin', 'worker'));

-- After an admin's reset the user must choose a new password at the next sign-in.
ALTER TABLE users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;
-- "N failed sign-ins since the last success", for the admin (the throttle itself is per address).
ALTER TABLE users ADD COLUMN failed_sign_ins integer NOT NULL DEFAULT 0 CHECK (failed_sign_ins >= 0);
ALTER TABLE users ADD COLUMN last_failed_sign_in_at timestamptz;

-- One row per sign-in (a "session family"): every access token names it (claim sid), every refresh
-- token belongs to it. Ending the row ends the access token at its next request and every refresh token.
CREATE TABLE sessions (
  session_id    bigserial PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
  remember      boolean NOT NULL DEFAULT false,
  user_agent    text NOT NULL DEFAULT '',
  address       text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  ended_at      timestamptz,
  end_reason    text CHECK (end_reason IN ('sign_out', 'ended_by_user', 'ended_by_admin', 'password_changed', 'password_reset', 'disabled', 'refresh_reused'))
);
CREATE INDEX sessions_user_idx ON sessions (user_id, ended_at);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

-- Refresh tokens are stored as their SHA-256 only. A token is used once (used_at): presenting a used
-- one again ends its whole session (reuse detection).
CREATE TABLE refresh_tokens (
  token_hash  text PRIMARY KEY,
  session_id  bigint NOT NULL REFERENCES sessions(session_id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  used_at     timestamptz
);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

-- Who may open which survey, as it changed: one row per user added to or removed from a project.
-- No foreign keys: the history outlives a deleted project, user or admin (names are kept).
CREATE TABLE membership_changes (
  change_id     bigserial PRIMARY KEY,
  project_id    integer NOT NULL,
  project_name  text NOT NULL,
  user_id       integer NOT NULL,
  user_email    text NOT NULL,
  change        text NOT NULL CHECK (change IN ('added', 'removed')),
  via           text NOT NULL CHECK (via IN ('project_created', 'project_edited', 'project_deleted', 'user_edited', 'all_surveys', 'client_changed', 'user_deleted')),
  actor_id      integer,
  actor_email   text NOT NULL,
  at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX membership_changes_project_idx ON membership_changes (project_id, at);
CREATE INDEX membership_changes_user_idx ON membership_changes (user_id, at);

-- Failed logins (kind 2) are now keyed by account and address together; the old per-account rows go.
DELETE FROM login_attempts WHERE kind = 2;

-- Logout ends the session row; the list of revoked access-token ids is no longer read.
DROP TABLE revoked_tokens;
