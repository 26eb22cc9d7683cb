-- The general roll (issue 52, "chamada geral"): every active child's arrival at the centre on a date, apart from the
-- class rolls (server/data/general-roll.ts). One roll per date: who saved it first and last, and who corrected it,
-- as a class roll keeps (attendance_rolls); its marks in the order sent. A child present in a class roll of the date
-- has arrived whatever their mark here (computed when read, never copied here).
CREATE TABLE general_rolls (
  date           date PRIMARY KEY,
  taken_by       text NOT NULL,
  taken_at       timestamptz NOT NULL,
  first_taken_by text NOT NULL,
  first_taken_at timestamptz NOT NULL,
  corrected_by   text,
  corrected_at   timestamptz
);

CREATE TABLE general_roll_entries (
  date       date NOT NULL REFERENCES general_rolls (date),
  student_id text NOT NULL REFERENCES students (id),
  status     text NOT NULL CHECK (status IN ('PRESENT', 'ABSENT')),
  position   integer NOT NULL,
  PRIMARY KEY (date, student_id)
);
CREATE INDEX general_roll_entries_student_idx ON general_roll_entries (student_id);

-- Who arrived through a class roll on a date: the general roll and its month read the present marks by date.
CREATE INDEX attendance_entries_present_date_idx ON attendance_entries (date, student_id) WHERE status = 'PRESENT';
