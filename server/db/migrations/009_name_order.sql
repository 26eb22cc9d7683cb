-- The students' order by name, the same on every database and on the device (src/api/name-order.ts): a sort key with
-- accents folded and ASCII letters lowered, compared byte by byte ("C"), then the name, then the id. The embedded
-- database sorts text in "C" order, which put "Álvaro" after "Zé" and lower case after every capital, while the device
-- sorted in pt-BR order: the list changed order between the server's answer and the sync's copy.
ALTER TABLE students ADD COLUMN sort_name text GENERATED ALWAYS AS (
  lower(translate(full_name, 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ', 'aaaaaaeeeeiiiiooooouuuucnyyAAAAAAEEEEIIIIOOOOOUUUUCNY') COLLATE "C")
) STORED;
CREATE INDEX students_name_order_idx ON students (sort_name COLLATE "C", full_name COLLATE "C", id COLLATE "C");
CREATE INDEX students_active_name_order_idx ON students (active, sort_name COLLATE "C", full_name COLLATE "C", id COLLATE "C");
DROP INDEX students_name_idx;
DROP INDEX students_active_name_idx;
