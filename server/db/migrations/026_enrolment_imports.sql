-- The import of classes and enrolments (issue 54 item 2) keeps its rows' outcomes in import_rows as the students
-- import does: a resent batch answers them as they went. Its rows also say whether the child was registered by the
-- row (a class list names children Quadra may not have yet) and which class the row enrolled them in.
ALTER TABLE import_rows ADD COLUMN new_student boolean NOT NULL DEFAULT false;
ALTER TABLE import_rows ADD COLUMN class_id text REFERENCES classes (id);
