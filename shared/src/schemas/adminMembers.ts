// Schemas of issue 10: a member's record as admins read it, and the audit log.
export {};
