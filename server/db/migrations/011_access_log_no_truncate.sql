-- Issue 55: the access record refuses TRUNCATE too. The append-only rule of 002 is a row trigger, and TRUNCATE fires
-- no row triggers: a statement trigger (the only kind TRUNCATE fires) refuses it with the same message.
CREATE TRIGGER access_log_no_truncate BEFORE TRUNCATE ON access_log
  FOR EACH STATEMENT EXECUTE FUNCTION access_log_append_only();
