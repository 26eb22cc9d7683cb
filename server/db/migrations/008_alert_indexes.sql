-- The attendance alerts' absences in a row (issue 17, measured in issue 23's work): the query looks up, for each class,
-- who was absent on each of its last rolls, and who enrolled after the first of them. Through the primary keys both
-- read every mark of those rolls and every enrolment of the class; these two indexes read only the rows asked for.
CREATE INDEX attendance_entries_absent_idx ON attendance_entries (class_id, date) WHERE status = 'ABSENT';
CREATE INDEX class_enrollments_class_since_idx ON class_enrollments (class_id, enrolled_on);
