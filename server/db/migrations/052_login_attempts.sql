-- Login limits shared by every API process on this database (issue 15 §6,
-- issue 16): attempts per address (kind 1) and failed logins per account
-- (kind 2). Rows older than the longest window are deleted as logins happen.
CREATE TABLE login_attempts (
  kind  smallint NOT NULL CHECK (kind IN (1, 2)),
  key   text NOT NULL,
  at    timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX login_attempts_key_idx ON login_attempts (kind, key, at);
CREATE INDEX login_attempts_at_idx ON login_attempts (at);
