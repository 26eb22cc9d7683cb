-- Who saw a class before it changed hands (the sync's deltas for instructors, server/routes/sync-instructor.ts). A class
-- given to another instructor takes its students and rolls off the devices of the instructor who had it; the class's own
-- row names only the new one. This row keeps the old: entity 'handovers', entity_id '<classId>/<old instructor id>', with
-- nothing after the slash when the class named no instructor (every instructor saw it). Only ids, as every change row.
CREATE FUNCTION note_class_handover() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO changes (entity, entity_id) VALUES ('handovers', OLD.id || '/' || coalesce(OLD.instructor_id, ''));
  RETURN NULL;
END;
$$;

CREATE TRIGGER classes_handover AFTER UPDATE ON classes FOR EACH ROW
  WHEN (OLD.instructor_id IS DISTINCT FROM NEW.instructor_id) EXECUTE FUNCTION note_class_handover();
