-- Records through the school year (issue 16): editable records carry a version (an edit sends the version it started
-- from; a stale one is refused with 409), students can be deactivated and reactivated, enrolments have a start and an
-- end date (the roster of a past date is the roster of that date), activities and classes can be archived (they leave
-- lists and pickers and stay in history), guardians can be removed (kept, marked removed, for the record).

ALTER TABLE students ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE students ADD COLUMN active boolean NOT NULL DEFAULT true;
-- The last deactivation or reactivation: its date and reason.
ALTER TABLE students ADD COLUMN status_date date;
ALTER TABLE students ADD COLUMN status_reason text;
CREATE INDEX students_active_name_idx ON students (active, full_name, id);

-- A student is off every roster on the days of an inactivity: from from_on (inclusive) to until_on (exclusive; null
-- while still inactive). Reactivation closes the open one, so the rosters of those days stay as they were.
CREATE TABLE student_inactivity (
  student_id   text NOT NULL REFERENCES students (id),
  from_on      date NOT NULL,
  until_on     date,
  reason       text NOT NULL,
  PRIMARY KEY (student_id, from_on)
);

-- Enrolment periods: on the roster from enrolled_on (inclusive) until ended_on (exclusive; null: still enrolled). A
-- student may leave a class and come back, so one pair can have several periods, which never overlap (the API checks).
ALTER TABLE class_enrollments DROP CONSTRAINT class_enrollments_pkey;
ALTER TABLE class_enrollments ADD COLUMN ended_on date;
ALTER TABLE class_enrollments ADD PRIMARY KEY (class_id, student_id, enrolled_on);
ALTER TABLE class_enrollments ADD CONSTRAINT class_enrollments_period CHECK (ended_on IS NULL OR ended_on >= enrolled_on);

ALTER TABLE activities ADD COLUMN archived boolean NOT NULL DEFAULT false;
ALTER TABLE activities ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE classes ADD COLUMN archived boolean NOT NULL DEFAULT false;
ALTER TABLE classes ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE classes ADD COLUMN instructor_id text REFERENCES users (id);

ALTER TABLE guardians ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE guardians ADD COLUMN removed_at timestamptz;
