-- Initial schema of the reference server. Ids are text: seeded and server-made ids are UUIDs, and clients may send
-- their own UUID on every create (idempotency). Enumerations are stored as the codes of src/api/contract.ts and
-- checked by the API, not by the database, so a new code needs no migration.
-- Plain PostgreSQL 15 SQL: PGlite (PostgreSQL 18) and Debian's PostgreSQL 15 both run it.

CREATE TABLE activities (
  id        text PRIMARY KEY,
  name      text NOT NULL,
  teacher   text NOT NULL,
  area      text NOT NULL,
  frequency text NOT NULL
);

CREATE TABLE classes (
  id          text PRIMARY KEY,
  title       text NOT NULL,
  week_day    text NOT NULL,
  schedule    text NOT NULL,
  level       text NOT NULL,
  activity_id text NOT NULL REFERENCES activities (id)
);
CREATE INDEX classes_activity_idx ON classes (activity_id);

CREATE TABLE students (
  id                  text PRIMARY KEY,
  full_name           text NOT NULL,
  date_of_birth       date,
  registration_number text,           -- CPF, digits only
  enrollment_date     date,
  race                text,
  gender              text,
  school_name         text,
  school_year         text,
  social_program      text,
  employment_status   text,
  education_level     text,
  address_code        text,           -- ZIP, 8 digits
  address_street      text,
  address_number      text,
  address_complement  text,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX students_cpf_key ON students (registration_number) WHERE registration_number IS NOT NULL;
CREATE INDEX students_name_idx ON students (full_name, id);

CREATE TABLE class_enrollments (
  class_id    text NOT NULL REFERENCES classes (id),
  student_id  text NOT NULL REFERENCES students (id),
  enrolled_on date NOT NULL,
  PRIMARY KEY (class_id, student_id)
);
CREATE INDEX class_enrollments_student_idx ON class_enrollments (student_id);

CREATE TABLE guardians (
  id          text PRIMARY KEY,
  student_id  text NOT NULL REFERENCES students (id),
  name        text NOT NULL,
  cpf         text NOT NULL,          -- digits only
  birth_date  date NOT NULL,
  civil_state text NOT NULL,
  nis         text NOT NULL,
  phone       text NOT NULL,
  email       text NOT NULL,
  address     text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX guardians_student_idx ON guardians (student_id);

CREATE TABLE users (
  id        text PRIMARY KEY,
  full_name text NOT NULL,
  phone     text,
  access    text NOT NULL,
  formation text,
  email     text NOT NULL UNIQUE
);

CREATE TABLE student_documents (
  id          text PRIMARY KEY,
  student_id  text NOT NULL REFERENCES students (id),
  file_name   text NOT NULL,
  file_type   text NOT NULL,
  origin      text NOT NULL,
  date        text NOT NULL,          -- as sent: an ISO date or date-time (the file's modification date)
  description text NOT NULL,
  mime_type   text NOT NULL,          -- sniffed from the bytes, never taken from the client
  size        integer NOT NULL,
  content     bytea NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX student_documents_student_idx ON student_documents (student_id);

-- One roll per class and day; a PUT replaces it (entries cascade).
CREATE TABLE attendance_rolls (
  class_id text NOT NULL REFERENCES classes (id),
  date     date NOT NULL,
  taken_by text NOT NULL,
  taken_at timestamptz NOT NULL,
  PRIMARY KEY (class_id, date)
);

CREATE TABLE attendance_entries (
  class_id   text NOT NULL,
  date       date NOT NULL,
  student_id text NOT NULL REFERENCES students (id),
  status     text NOT NULL CHECK (status IN ('PRESENT', 'ABSENT')),
  position   integer NOT NULL,        -- keeps the order the roll was sent in
  PRIMARY KEY (class_id, date, student_id),
  FOREIGN KEY (class_id, date) REFERENCES attendance_rolls (class_id, date) ON DELETE CASCADE
);
CREATE INDEX attendance_entries_student_idx ON attendance_entries (student_id);
