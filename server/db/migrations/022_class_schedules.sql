-- Classes as the programme runs them (issue 52 item 4): several weekly meetings with start and end times, a first and
-- a last day, several instructors. Every existing class is kept: its one weekday and free-text schedule become its
-- first (only) meeting, its one instructor its first (only) instructor.
--
-- meetings       jsonb array of {"weekDay": code, "start": "HH:MM" | null, "end": "HH:MM" | null}, in the order written.
-- schedule_note  the old free-text schedule where it could not be read as times ("Manhã", "a combinar"): kept as
--                written, and the meeting's times are null; '' where it was read.
-- instructor_ids the instructors (users' ids), the first one first; empty: the class names no instructor (every
--                instructor sees it, as a null instructor_id had it). Checked by the API, as instructor_id was.
-- starts_on, ends_on  the class's first and last day (null: not said).
--
-- A schedule is read as times when it is "H[:MM|hMM] <- | – | às | a | até> H[:MM|hMM]" (08:00 - 09:30, 8h às 9h30,
-- 14h-15h), both times real and the end after the start: src/api/class-schedule.ts parseScheduleTimes reads the
-- original client's writes with the same pattern. The version is not changed: an edit queued on a device at the
-- record's version still applies.
ALTER TABLE classes ADD COLUMN meetings jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE classes ADD COLUMN schedule_note text NOT NULL DEFAULT '';
ALTER TABLE classes ADD COLUMN instructor_ids text[] NOT NULL DEFAULT '{}';
ALTER TABLE classes ADD COLUMN starts_on date;
ALTER TABLE classes ADD COLUMN ends_on date;

WITH matched AS (
  SELECT id, week_day, schedule, instructor_id,
         regexp_match(schedule, '^\s*(\d{1,2})\s*(?:(?::|h|H)\s*(\d{2})?)?\s*(?:-|–|—|às|as|a|até)\s*(\d{1,2})\s*(?:(?::|h|H)\s*(\d{2})?)?\s*$') AS m
    FROM classes
), timed AS (
  SELECT id, week_day, schedule, instructor_id,
         lpad(m[1], 2, '0') || ':' || coalesce(m[2], '00') AS s,
         lpad(m[3], 2, '0') || ':' || coalesce(m[4], '00') AS e
    FROM matched
), checked AS (
  SELECT id, week_day, schedule, instructor_id,
         (s ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND e ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND s < e) IS TRUE AS ok, s, e
    FROM timed
)
UPDATE classes c
   SET meetings = jsonb_build_array(jsonb_build_object('weekDay', k.week_day, 'start', CASE WHEN k.ok THEN k.s END, 'end', CASE WHEN k.ok THEN k.e END)),
       schedule_note = CASE WHEN k.ok THEN '' ELSE k.schedule END,
       instructor_ids = CASE WHEN k.instructor_id IS NULL THEN '{}'::text[] ELSE ARRAY[k.instructor_id] END
  FROM checked k
 WHERE k.id = c.id;

-- Who saw a class before it changed hands (010_class_handovers.sql) now reads the list: each instructor taken off it
-- leaves a row '<classId>/<their id>', and a class that named none (every instructor saw it) leaves '<classId>/' when
-- it gets some.
DROP TRIGGER classes_handover ON classes;
ALTER TABLE classes DROP COLUMN week_day;
ALTER TABLE classes DROP COLUMN schedule;
ALTER TABLE classes DROP COLUMN instructor_id;

CREATE OR REPLACE FUNCTION note_class_handover() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(OLD.instructor_ids) = 0 THEN
    INSERT INTO changes (entity, entity_id) VALUES ('handovers', OLD.id || '/');
  ELSE
    INSERT INTO changes (entity, entity_id)
      SELECT 'handovers', OLD.id || '/' || old_id FROM unnest(OLD.instructor_ids) AS old_id WHERE NOT (old_id = ANY (NEW.instructor_ids));
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER classes_handover AFTER UPDATE ON classes FOR EACH ROW
  WHEN (OLD.instructor_ids IS DISTINCT FROM NEW.instructor_ids) EXECUTE FUNCTION note_class_handover();
