import type { SecurityPolicy } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import { findOrganization, setStaffTwoFactorRequired } from '../db/organizations-repo.ts';
import type { AuthDeps } from './deps.ts';

/** The organization's sign-in rules, as the owner sees them in Settings → Security. */
export const securityPolicy = async ({ db }: Pick<AuthDeps, 'db'>, ctx: RequestContext): Promise<SecurityPolicy> => {
  const org = await findOrganization(db, ctx.orgId);
  return { requireTwoFactorForStaff: org.require_staff_two_factor };
};

/**
 * Requiring two-factor for staff takes effect at each admin's and trainer's next sign-in or token refresh (at most the
 * token's 15 minutes): a token of someone without it then calls only the enrolment routes.
 */
export const updateSecurityPolicy = async (deps: Pick<AuthDeps, 'db'>, ctx: RequestContext, body: SecurityPolicy): Promise<SecurityPolicy> => {
  await setStaffTwoFactorRequired(deps.db, ctx.orgId, body.requireTwoFactorForStaff);
  return securityPolicy(deps, ctx);
};
