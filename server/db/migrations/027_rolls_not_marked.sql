-- Rolls to complete (issue 56), kept (issue 50's speed goal: the alerts in 100 ms at 5,000 students): per roll, how
-- many children of its date's roster it does not mark, for the rolls that leave some off. Home's alerts and an
-- instructor's home read these few rows (server/data/rolls-to-complete.ts) instead of checking every roster child of a
-- month of rolls against the marks (0.3-0.6 s at 5,000 students).
--
-- Kept by the statement triggers below, in the transaction of every write that changes a roll's marks or who is on a
-- roster (a roll saved or corrected, an enrolment begun, ended or moved, a deactivation or reactivation), whoever writes
-- it: each recounts, from the rows as they are now, the rolls whose count that write can change. Whether a roll counts
-- at all (held: not "not held", not on a calendar day off) and whether its class is archived are read with it, not kept
-- here, so the calendar and the classes need no trigger. The roster is rules/roster.ts onRoster written in SQL: a test
-- holds the kept counts to the rule applied to every roll (tests/unit/server/rolls-not-marked.test.ts).
--
-- The writers that change these rows hold the attendance counts' locks (server/data/rules/counts.ts: a roll its
-- class's, an enrolment or a status change all of them), so two recounts of one roll never overlap on PostgreSQL.
CREATE TABLE rolls_not_marked (
  class_id   text NOT NULL,
  date       date NOT NULL,
  not_marked integer NOT NULL CHECK (not_marked > 0),
  PRIMARY KEY (class_id, date),
  FOREIGN KEY (class_id, date) REFERENCES attendance_rolls (class_id, date) ON DELETE CASCADE
);
CREATE INDEX rolls_not_marked_date_idx ON rolls_not_marked (date);

-- The rolls (class_id, date) recounted: the children enrolled that day (enrolled_on inclusive, ended_on exclusive), not
-- inactive that day, with no mark on the roll. A roll that marks everyone has no row.
CREATE FUNCTION recount_rolls_not_marked(class_ids text[], dates date[]) RETURNS void LANGUAGE sql AS $$
  WITH touched AS (
    SELECT DISTINCT r.class_id, r.date FROM unnest(class_ids, dates) AS t(class_id, date)
      JOIN attendance_rolls r ON r.class_id = t.class_id AND r.date = t.date
  ), counted AS (
    SELECT t.class_id, t.date,
           (SELECT count(*) FROM class_enrollments e
             WHERE e.class_id = t.class_id AND e.enrolled_on <= t.date AND (e.ended_on IS NULL OR t.date < e.ended_on)
               AND NOT EXISTS (SELECT 1 FROM student_inactivity i
                                WHERE i.student_id = e.student_id AND i.from_on <= t.date AND (i.until_on IS NULL OR t.date < i.until_on))
               AND NOT EXISTS (SELECT 1 FROM attendance_entries a
                                WHERE a.class_id = t.class_id AND a.date = t.date AND a.student_id = e.student_id))::int AS n
      FROM touched t
  ), emptied AS (
    DELETE FROM rolls_not_marked m USING counted c WHERE m.class_id = c.class_id AND m.date = c.date AND c.n = 0
  )
  INSERT INTO rolls_not_marked (class_id, date, not_marked)
  SELECT class_id, date, n FROM counted WHERE n > 0
  ON CONFLICT (class_id, date) DO UPDATE SET not_marked = EXCLUDED.not_marked
   WHERE rolls_not_marked.not_marked <> EXCLUDED.not_marked;
$$;

-- A roll taken (no marks yet: its whole roster) or its marks written: those rolls. An update that moves no mark (a
-- justified absence's note erased) changes no count. A roll's key never changes (its marks reference it).
CREATE FUNCTION recount_rolls_of_marks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM recount_rolls_not_marked(array_agg(class_id), array_agg(date)) FROM (SELECT DISTINCT class_id, date FROM new_rows) t;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM recount_rolls_not_marked(array_agg(class_id), array_agg(date)) FROM (SELECT DISTINCT class_id, date FROM old_rows) t;
  ELSE
    PERFORM recount_rolls_not_marked(array_agg(class_id), array_agg(date))
       FROM (SELECT DISTINCT class_id, date FROM (
               (SELECT class_id, date, student_id FROM old_rows EXCEPT SELECT class_id, date, student_id FROM new_rows)
               UNION ALL
               (SELECT class_id, date, student_id FROM new_rows EXCEPT SELECT class_id, date, student_id FROM old_rows)) moved) t;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER attendance_rolls_not_marked AFTER INSERT ON attendance_rolls
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recount_rolls_of_marks();
CREATE TRIGGER attendance_entries_insert_not_marked AFTER INSERT ON attendance_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recount_rolls_of_marks();
CREATE TRIGGER attendance_entries_delete_not_marked AFTER DELETE ON attendance_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION recount_rolls_of_marks();
CREATE TRIGGER attendance_entries_update_not_marked AFTER UPDATE ON attendance_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recount_rolls_of_marks();

-- An enrolment period written: the rolls of its class within it, as it was and as it is (only there can its child's
-- place on the roster have changed). An update that moves no period changes no count.
CREATE FUNCTION recount_rolls_of_enrolments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM recount_rolls_not_marked(array_agg(class_id), array_agg(date)) FROM (
      SELECT DISTINCT r.class_id, r.date FROM new_rows e
        JOIN attendance_rolls r ON r.class_id = e.class_id AND r.date >= e.enrolled_on AND (e.ended_on IS NULL OR r.date < e.ended_on)) t;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM recount_rolls_not_marked(array_agg(class_id), array_agg(date)) FROM (
      SELECT DISTINCT r.class_id, r.date FROM old_rows e
        JOIN attendance_rolls r ON r.class_id = e.class_id AND r.date >= e.enrolled_on AND (e.ended_on IS NULL OR r.date < e.ended_on)) t;
  ELSE
    PERFORM recount_rolls_not_marked(array_agg(class_id), array_agg(date)) FROM (
      SELECT DISTINCT r.class_id, r.date FROM (
          (SELECT class_id, student_id, enrolled_on, ended_on FROM old_rows EXCEPT SELECT class_id, student_id, enrolled_on, ended_on FROM new_rows)
          UNION ALL
          (SELECT class_id, student_id, enrolled_on, ended_on FROM new_rows EXCEPT SELECT class_id, student_id, enrolled_on, ended_on FROM old_rows)) e
        JOIN attendance_rolls r ON r.class_id = e.class_id AND r.date >= e.enrolled_on AND (e.ended_on IS NULL OR r.date < e.ended_on)) t;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER class_enrollments_insert_not_marked AFTER INSERT ON class_enrollments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recount_rolls_of_enrolments();
CREATE TRIGGER class_enrollments_delete_not_marked AFTER DELETE ON class_enrollments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION recount_rolls_of_enrolments();
CREATE TRIGGER class_enrollments_update_not_marked AFTER UPDATE ON class_enrollments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recount_rolls_of_enrolments();

-- A period of inactivity written: the rolls within it, as it was and as it is, of the classes its child was enrolled in
-- on their dates. An update that moves no period (a reason erased) changes no count.
CREATE FUNCTION recount_rolls_of_inactivity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM recount_rolls_not_marked(array_agg(class_id), array_agg(date)) FROM (
      SELECT DISTINCT r.class_id, r.date FROM new_rows i
        JOIN class_enrollments e ON e.student_id = i.student_id
        JOIN attendance_rolls r ON r.class_id = e.class_id AND r.date >= e.enrolled_on AND (e.ended_on IS NULL OR r.date < e.ended_on)
                               AND r.date >= i.from_on AND (i.until_on IS NULL OR r.date < i.until_on)) t;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM recount_rolls_not_marked(array_agg(class_id), array_agg(date)) FROM (
      SELECT DISTINCT r.class_id, r.date FROM old_rows i
        JOIN class_enrollments e ON e.student_id = i.student_id
        JOIN attendance_rolls r ON r.class_id = e.class_id AND r.date >= e.enrolled_on AND (e.ended_on IS NULL OR r.date < e.ended_on)
                               AND r.date >= i.from_on AND (i.until_on IS NULL OR r.date < i.until_on)) t;
  ELSE
    PERFORM recount_rolls_not_marked(array_agg(class_id), array_agg(date)) FROM (
      SELECT DISTINCT r.class_id, r.date FROM (
          (SELECT student_id, from_on, until_on FROM old_rows EXCEPT SELECT student_id, from_on, until_on FROM new_rows)
          UNION ALL
          (SELECT student_id, from_on, until_on FROM new_rows EXCEPT SELECT student_id, from_on, until_on FROM old_rows)) i
        JOIN class_enrollments e ON e.student_id = i.student_id
        JOIN attendance_rolls r ON r.class_id = e.class_id AND r.date >= e.enrolled_on AND (e.ended_on IS NULL OR r.date < e.ended_on)
                               AND r.date >= i.from_on AND (i.until_on IS NULL OR r.date < i.until_on)) t;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER student_inactivity_insert_not_marked AFTER INSERT ON student_inactivity
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recount_rolls_of_inactivity();
CREATE TRIGGER student_inactivity_delete_not_marked AFTER DELETE ON student_inactivity
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION recount_rolls_of_inactivity();
CREATE TRIGGER student_inactivity_update_not_marked AFTER UPDATE ON student_inactivity
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recount_rolls_of_inactivity();

-- The rolls already taken, counted once.
SELECT recount_rolls_not_marked(array_agg(class_id), array_agg(date)) FROM attendance_rolls;
