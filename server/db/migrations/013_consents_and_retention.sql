-- Children's data rights (issue 51, LGPD arts. 14, 16 and 18, ECA art. 17): the guardians' consents per purpose, the
-- programme's versioned term texts, and the mark of a student anonymised after the retention period.

-- A purpose's term text, one row per version (1, 2, ...): a new version marks consents given on older ones to renew.
-- client_id makes a create sent twice (the outbox) one version.
CREATE TABLE consent_terms (
  purpose     text NOT NULL,
  version     integer NOT NULL,
  text        text NOT NULL,
  client_id   text UNIQUE,
  created_by  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (purpose, version)
);

-- The history of a student's consents: given (granted) or refused, a withdrawal is a later entry that refuses. Never
-- changed (the trigger below); removed only with the student's personal data when they are anonymised.
CREATE TABLE student_consents (
  id            text PRIMARY KEY,
  student_id    text NOT NULL REFERENCES students (id),
  purpose       text NOT NULL,
  granted       boolean NOT NULL,
  guardian_id   text NOT NULL REFERENCES guardians (id),
  date          date NOT NULL,
  term_version  integer,
  method        text,
  document_id   text REFERENCES student_documents (id),
  recorded_by   text NOT NULL,
  recorded_at   timestamptz NOT NULL DEFAULT now()
);
-- The current state of a purpose is its latest entry: the latest date, then the latest recorded.
CREATE INDEX student_consents_current_idx ON student_consents (student_id, purpose, date DESC, recorded_at DESC, id DESC);

CREATE FUNCTION student_consents_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'student_consents is append-only';
END;
$$;
CREATE TRIGGER student_consents_no_change BEFORE UPDATE ON student_consents
  FOR EACH ROW EXECUTE FUNCTION student_consents_append_only();

-- Set when the student's personal data was removed (POST /students/{id}/anonymise); their full_name is then a code.
ALTER TABLE students ADD COLUMN anonymised_at timestamptz;
