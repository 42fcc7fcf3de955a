/**
 * True when `err` is PostgreSQL's unique violation (23505) — of the named constraint (or unique index) when one is
 * given. Map a clash to a message only when you know which key clashed: two unique keys on one table are two
 * different answers (an email taken is not a join code taken).
 */
export const isUniqueViolation = (err: unknown, constraint?: string): boolean => {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; constraint?: unknown };
  return e.code === '23505' && (constraint === undefined || e.constraint === constraint);
};
