-- Access (issue 15): staff users are the allow-list of a verifying server, and an append-only record of who read a
-- child's personal data and who wrote anything (LGPD art. 37).

-- A deactivated user keeps their row (their name stays on the records they wrote) but is refused.
ALTER TABLE users ADD COLUMN active boolean NOT NULL DEFAULT true;
-- The identity provider's user id, linked at the user's first sign-in (matched by e-mail until then).
ALTER TABLE users ADD COLUMN firebase_uid text;
CREATE UNIQUE INDEX users_firebase_uid_key ON users (firebase_uid) WHERE firebase_uid IS NOT NULL;
-- E-mails are compared without case, as identity providers do.
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
ALTER TABLE users ADD COLUMN version integer NOT NULL DEFAULT 1;

CREATE TABLE access_log (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at          timestamptz NOT NULL DEFAULT now(),
  user_id     text NOT NULL,          -- users.id, or 'open-mode' when the server runs without sign-in
  user_email  text NOT NULL,
  kind        text NOT NULL CHECK (kind IN ('read', 'write')),
  method      text NOT NULL,
  route       text NOT NULL,          -- the route's pattern, e.g. /students/:id/responsibles (no query string)
  student_id  text,                   -- the student whose data it was, when there is one
  status      integer NOT NULL
);
CREATE INDEX access_log_student_idx ON access_log (student_id, at DESC) WHERE student_id IS NOT NULL;

-- Append-only: nothing may change or remove an entry, not even a bug in the server.
CREATE FUNCTION access_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'access_log is append-only';
END;
$$;
CREATE TRIGGER access_log_no_change BEFORE UPDATE OR DELETE ON access_log
  FOR EACH ROW EXECUTE FUNCTION access_log_append_only();
