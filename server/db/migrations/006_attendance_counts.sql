-- The class-start rush (issue 23): each student's attendance per class over every roll, kept up to date in the
-- transaction of each write that changes it (server/routes/attendance-counts.ts), so the students list, a roster and
-- the sync read a sum of a few rows per student instead of every mark ever taken. Filled from the rolls when empty
-- (the first start after this migration, a database restored from an older backup): server/db/open.ts.
CREATE TABLE attendance_counts (
  student_id text NOT NULL REFERENCES students (id),
  class_id   text NOT NULL REFERENCES classes (id),
  days       integer NOT NULL,
  present    integer NOT NULL,
  absent     integer NOT NULL,
  justified  integer NOT NULL,
  PRIMARY KEY (student_id, class_id)
);
CREATE INDEX attendance_counts_class_idx ON attendance_counts (class_id);

-- The same per calendar month (`month` is its first day): a month's figures (the alerts, the reports, the profile)
-- without reading that month's marks.
CREATE TABLE attendance_month_counts (
  student_id text NOT NULL REFERENCES students (id),
  class_id   text NOT NULL REFERENCES classes (id),
  month      date NOT NULL,
  days       integer NOT NULL,
  present    integer NOT NULL,
  absent     integer NOT NULL,
  justified  integer NOT NULL,
  PRIMARY KEY (student_id, class_id, month)
);
CREATE INDEX attendance_month_counts_month_idx ON attendance_month_counts (month, class_id);
