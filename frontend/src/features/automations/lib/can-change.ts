import type { AutomationRule, User } from '@akhada/contracts';

/**
 * Whether the caller may change a rule (the server's rule, so the screen offers only what will be accepted): an owner
 * every rule; an admin only a rule scoped to locations all of which they run (an organization-wide rule is the owner's).
 */
export const canChange = (user: Pick<User, 'role' | 'locations'>, rule: Pick<AutomationRule, 'locationIds'>): boolean => {
  if (user.role === 'owner') return true;
  if (user.role !== 'admin' || rule.locationIds.length === 0) return false;
  const mine = new Set(user.locations.map((l) => l._id));
  return rule.locationIds.every((id) => mine.has(id));
};
