import type { AuthDb, UserStatus } from '../db/schema.ts';
import { allowedLocations } from '../db/locations-repo.ts';
import { loadUserView } from '../views/user-view.ts';
import type { AuthDeps } from './deps.ts';

type TokenUser = Pick<AuthDb['users'], 'id' | 'org_id' | 'role' | 'first_name' | 'last_name'> & { status: UserStatus };

/** The step sign-in, refresh and accepting an invitation share: a short-lived token for the session, with the user as the API shows it. */
export const issueSessionToken = async ({ db, keys }: Pick<AuthDeps, 'db' | 'keys'>, now: Date, user: TokenUser, sessionId: string) => {
  const locations = await allowedLocations(db, user);
  const view = await loadUserView(db, user.id, user.org_id);
  const { token, expiresAt } = await keys.sign(
    {
      userId: user.id,
      orgId: user.org_id,
      role: user.role,
      locationIds: locations.map((l) => l.id),
      sessionId,
      name: `${user.first_name} ${user.last_name}`,
      pending: user.status === 'pending',
      enrol: view.twoFactorEnrolment === 'required',
    },
    now,
  );
  return { user: view, token, expiresAt: expiresAt.toISOString() };
};
