-- Days that were not held (issue 50). A calendar day off (a holiday or a recess of the whole programme) and a roll
-- saved as "class not held" (with its reason) are no roll days for anyone: the frequency rule
-- (server/routes/frequency.ts heldRoll) leaves them out, and so do the alerts.
CREATE TABLE calendar_days (
  date       date PRIMARY KEY,
  kind       text NOT NULL CHECK (kind IN ('HOLIDAY', 'RECESS')),
  name       text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A roll of a class not held: its reason (a note only with OTHER) and no marks.
ALTER TABLE attendance_rolls ADD COLUMN not_held_reason text
  CHECK (not_held_reason IN ('WEATHER', 'INSTRUCTOR_ABSENT', 'VENUE', 'EVENT', 'OTHER'));
ALTER TABLE attendance_rolls ADD COLUMN not_held_note text;
ALTER TABLE attendance_rolls ADD CONSTRAINT attendance_rolls_not_held_note_check
  CHECK (not_held_note IS NULL OR not_held_reason = 'OTHER');
