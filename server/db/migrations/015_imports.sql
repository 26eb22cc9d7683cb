-- The students import (issue 54): what became of each row of an import, by the import's id (one per file sent) and
-- the row's number in the file. A batch sent again (its answer was lost) finds its rows here and answers them as they
-- went, so a resend creates nothing twice.
CREATE TABLE import_rows (
  import_id  text NOT NULL,
  row_number integer NOT NULL,
  outcome    text NOT NULL CHECK (outcome IN ('created', 'updated', 'skipped', 'refused')),
  student_id text REFERENCES students (id),
  reason     text,
  user_id    text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (import_id, row_number)
);

-- A guardian from a spreadsheet comes with a name and a phone, rarely a birth date: the guardian's form completes it
-- later (an empty birth date reads as '').
ALTER TABLE guardians ALTER COLUMN birth_date DROP NOT NULL;
