-- The change cursor (sync, issue 18). Every write to a record a device keeps adds a row here, in the writer's own
-- transaction, stamped with that transaction's id (xid8: 64-bit, never wraps, assigned by the database). A client that
-- synced at cursor C asks for the rows with xid >= C; the answer's new cursor is the oldest transaction still running
-- when it was read (pg_snapshot_xmin), so a write that commits later, with a smaller id than rows already seen, is
-- still sent next time. This holds on PGlite, on PostgreSQL, and with several server processes on one database,
-- because the database, not a process, numbers the writes.
--
-- Rows are only ever inserted (no upsert), so concurrent writers never wait on each other here. What a row names:
--   students <id>   a student, their frequency (a roll entry), their classes (an enrolment) or their status changed
--   activities <id>, classes <id>, users <id>   that record changed
--   rolls <classId>/<date>   that day's roll of that class changed
CREATE TABLE changes (
  seq       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  xid       xid8 NOT NULL DEFAULT pg_current_xact_id(),
  entity    text NOT NULL,
  entity_id text NOT NULL
);
CREATE INDEX changes_xid_idx ON changes (xid);
-- "Did a student change since C?" (the cached students list asks it on every read).
CREATE INDEX changes_entity_xid_idx ON changes (entity, xid);

CREATE FUNCTION note_record_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO changes (entity, entity_id) VALUES (TG_ARGV[0], OLD.id);
  ELSE
    INSERT INTO changes (entity, entity_id) VALUES (TG_ARGV[0], NEW.id);
  END IF;
  RETURN NULL;
END;
$$;

-- Enrolments and roll entries change what a student's summary shows (their classes, their frequency).
CREATE FUNCTION note_student_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO changes (entity, entity_id) VALUES ('students', OLD.student_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO changes (entity, entity_id) VALUES ('students', NEW.student_id);
  END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION note_roll_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO changes (entity, entity_id) VALUES ('rolls', OLD.class_id || '/' || to_char(OLD.date, 'YYYY-MM-DD'));
  ELSE
    INSERT INTO changes (entity, entity_id) VALUES ('rolls', NEW.class_id || '/' || to_char(NEW.date, 'YYYY-MM-DD'));
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER students_change AFTER INSERT OR UPDATE OR DELETE ON students FOR EACH ROW EXECUTE FUNCTION note_record_change('students');
CREATE TRIGGER activities_change AFTER INSERT OR UPDATE OR DELETE ON activities FOR EACH ROW EXECUTE FUNCTION note_record_change('activities');
CREATE TRIGGER classes_change AFTER INSERT OR UPDATE OR DELETE ON classes FOR EACH ROW EXECUTE FUNCTION note_record_change('classes');
CREATE TRIGGER users_change AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION note_record_change('users');
CREATE TRIGGER class_enrollments_change AFTER INSERT OR UPDATE OR DELETE ON class_enrollments FOR EACH ROW EXECUTE FUNCTION note_student_change();
CREATE TRIGGER student_inactivity_change AFTER INSERT OR UPDATE OR DELETE ON student_inactivity FOR EACH ROW EXECUTE FUNCTION note_student_change();
CREATE TRIGGER attendance_entries_change AFTER INSERT OR UPDATE OR DELETE ON attendance_entries FOR EACH ROW EXECUTE FUNCTION note_student_change();
CREATE TRIGGER attendance_rolls_change AFTER INSERT OR UPDATE OR DELETE ON attendance_rolls FOR EACH ROW EXECUTE FUNCTION note_roll_change();
