-- Recent Activity in the admin's language (issue 15 §4): the server keeps its
-- English summary for API users and adds the subject (the name of what was
-- changed), so the client can say "created client X" in Hebrew or English
-- from action + entity + subject. Older rows have no subject; the client
-- falls back to their English summary.
ALTER TABLE audit_log ADD COLUMN subject text;
