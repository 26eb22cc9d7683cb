-- Issue 52: the record's fuller fields and the guardians'. Every existing row is kept as it is, but for the school
-- year, which becomes a code where its text plainly names one (the rest stays as written: src/api/school-years.ts).
--
-- Students: the social name (nome social), shown in place of the civil name everywhere a name is shown; the school
-- shift; the age-grade distortion (defasagem escolar: true, false, or not known); the address's neighbourhood, city
-- and state (UF). The lists' order follows the name shown: `shown_name` is the social name or else the civil name, and
-- the sort key (009_name_order.sql) is now that name's.
ALTER TABLE students
  ADD COLUMN social_name text,
  ADD COLUMN school_shift text,
  ADD COLUMN grade_gap boolean,
  ADD COLUMN address_neighborhood text,
  ADD COLUMN address_city text,
  ADD COLUMN address_state text;

DROP INDEX students_name_order_idx;
DROP INDEX students_active_name_order_idx;
ALTER TABLE students DROP COLUMN sort_name;
ALTER TABLE students ADD COLUMN shown_name text GENERATED ALWAYS AS (COALESCE(social_name, full_name)) STORED;
ALTER TABLE students ADD COLUMN sort_name text GENERATED ALWAYS AS (
  lower(translate(COALESCE(social_name, full_name), 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ', 'aaaaaaeeeeiiiiooooouuuucnyyAAAAAAEEEEIIIIOOOOOUUUUCNY') COLLATE "C")
) STORED;
CREATE INDEX students_name_order_idx ON students (sort_name COLLATE "C", shown_name COLLATE "C", id COLLATE "C");
CREATE INDEX students_active_name_order_idx ON students (active, sort_name COLLATE "C", shown_name COLLATE "C", id COLLATE "C");

-- The school year's code for a text, by the rules of src/api/school-years.ts schoolYearCode (a test compares them);
-- NULL when the text does not plainly name one.
CREATE FUNCTION school_year_code(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN upper(t) IN ('EDUCACAO_INFANTIL', 'FUNDAMENTAL_1', 'FUNDAMENTAL_2', 'FUNDAMENTAL_3', 'FUNDAMENTAL_4', 'FUNDAMENTAL_5',
                      'FUNDAMENTAL_6', 'FUNDAMENTAL_7', 'FUNDAMENTAL_8', 'FUNDAMENTAL_9', 'ENSINO_MEDIO_1', 'ENSINO_MEDIO_2',
                      'ENSINO_MEDIO_3', 'EJA') THEN upper(t)
    WHEN t ~ '(^|[^a-z])eja([^a-z]|$)|jovens e adultos' THEN 'EJA'
    WHEN t ~ 'infantil|pre-escola|pre escola|creche|maternal' THEN 'EDUCACAO_INFANTIL'
    WHEN t ~ '^([1-3])\s*(o|a|º|ª|°)?\s*(ano|serie)?\s*((do|de|da)\s+)?(ensino\s+)?(medio|em)$'
      THEN 'ENSINO_MEDIO_' || substring(t FROM 1 FOR 1)
    WHEN t ~ '^([1-9])\s*(o|º|°)?\s*ano(\s+((do|de)\s+)?(ensino\s+)?fundamental)?$'
      THEN 'FUNDAMENTAL_' || substring(t FROM 1 FOR 1)
  END
  FROM (SELECT lower(translate(btrim(value), 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ', 'aaaaaaeeeeiiiiooooouuuucnyyAAAAAAEEEEIIIIOOOOOUUUUCNY')) AS t) folded
$$;

UPDATE students SET school_year = school_year_code(school_year)
 WHERE school_year IS NOT NULL AND school_year_code(school_year) IS NOT NULL AND school_year_code(school_year) <> school_year;

-- Guardians: the relationship to the child (enums.relationship) and a social name. NIS, e-mail, address and civil state
-- are no longer required (a grandmother with neither e-mail nor NIS is registered): an absent one is stored as empty
-- text, as the API has always answered these fields as text.
ALTER TABLE guardians
  ADD COLUMN relationship text,
  ADD COLUMN social_name text;
