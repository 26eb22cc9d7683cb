-- Issue 56: a roll day counts for a child only when the roll marks them (P, A or J); a child on the roster whom the roll
-- does not list is "not marked", no longer a day not present (server/routes/frequency.ts). The kept counts were made by
-- the old rule: emptied here, they are recounted from the rolls by the new one when the server opens the database
-- (fillCountsIfEmpty, server/db/open.ts).
DELETE FROM attendance_month_counts;
DELETE FROM attendance_counts;
