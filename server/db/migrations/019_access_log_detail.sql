-- Issue 56: what an entry of the access record did, beyond its route: a status change's direction
-- ({"change": "deactivated"} or "reactivated") and an edit's changed fields ({"fields": ["fullName", ...]}), field
-- names only, never their values (the record names no child's data). Null on the entries before it and on the others.
ALTER TABLE access_log ADD COLUMN detail jsonb;
