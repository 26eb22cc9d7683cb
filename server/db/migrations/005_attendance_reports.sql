-- Attendance a coordinator can read (issue 17): justified absences with their reason, who first took a roll and who
-- corrected it, and the indexes the month grid and the alerts read by.

ALTER TABLE attendance_entries DROP CONSTRAINT attendance_entries_status_check;
ALTER TABLE attendance_entries ADD COLUMN reason text;
ALTER TABLE attendance_entries ADD COLUMN note text;
-- A justified absence names its reason; a note goes only with OTHER; present and absent marks carry neither.
ALTER TABLE attendance_entries ADD CONSTRAINT attendance_entries_status_check CHECK (
  (status IN ('PRESENT', 'ABSENT') AND reason IS NULL AND note IS NULL)
  OR (status = 'JUSTIFIED' AND reason IN ('HEALTH', 'SCHOOL', 'FAMILY', 'TRANSPORT', 'OTHER') AND (note IS NULL OR reason = 'OTHER'))
);

-- taken_by/taken_at are the latest save; the first save is kept when a PUT replaces the roll, and a save after the
-- first (with another takenAt: a retry of the same save is not a correction) is the correction.
ALTER TABLE attendance_rolls ADD COLUMN first_taken_by text;
ALTER TABLE attendance_rolls ADD COLUMN first_taken_at timestamptz;
UPDATE attendance_rolls SET first_taken_by = taken_by, first_taken_at = taken_at;
ALTER TABLE attendance_rolls ALTER COLUMN first_taken_by SET NOT NULL;
ALTER TABLE attendance_rolls ALTER COLUMN first_taken_at SET NOT NULL;
-- A roll written without them (the seed, a restore of an older backup) was first taken by its own save.
CREATE FUNCTION roll_first_taken() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.first_taken_by := coalesce(NEW.first_taken_by, NEW.taken_by);
  NEW.first_taken_at := coalesce(NEW.first_taken_at, NEW.taken_at);
  RETURN NEW;
END;
$$;
CREATE TRIGGER attendance_rolls_first_taken BEFORE INSERT ON attendance_rolls FOR EACH ROW EXECUTE FUNCTION roll_first_taken();
ALTER TABLE attendance_rolls ADD COLUMN corrected_by text;
ALTER TABLE attendance_rolls ADD COLUMN corrected_at timestamptz;

-- Rolls of a period (the month's figures, the last days' missing rolls) and a student's marks in date order (streaks).
CREATE INDEX attendance_rolls_date_idx ON attendance_rolls (date, class_id);
CREATE INDEX attendance_entries_student_date_idx ON attendance_entries (student_id, class_id, date);
