-- The class-start rush (issue 23): a roll save deletes and inserts a whole class's marks, and the change cursor's
-- row trigger (004) ran once per mark. A statement trigger with its transition table notes the same students in one
-- INSERT ... SELECT per statement: the same rows of `changes` (one per student per statement), far less work.
DROP TRIGGER attendance_entries_change ON attendance_entries;

CREATE FUNCTION note_student_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO changes (entity, entity_id) SELECT DISTINCT 'students', student_id FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO changes (entity, entity_id) SELECT DISTINCT 'students', student_id FROM old_rows;
  ELSE
    INSERT INTO changes (entity, entity_id)
    SELECT DISTINCT 'students', student_id FROM (SELECT student_id FROM old_rows UNION SELECT student_id FROM new_rows) moved;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER attendance_entries_insert_change AFTER INSERT ON attendance_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_student_rows();
CREATE TRIGGER attendance_entries_delete_change AFTER DELETE ON attendance_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION note_student_rows();
CREATE TRIGGER attendance_entries_update_change AFTER UPDATE ON attendance_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_student_rows();
