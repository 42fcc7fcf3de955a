import { notFound } from '@akhada/kit';
import { findOrganizationLogo } from '../db/organizations-repo.ts';
import type { AuthDeps } from './deps.ts';
import { logoFile, logoVersion } from '../views/logo.ts';

/**
 * The gym's logo for the shell (a public image: the shell shows it, and the id is not guessable). Asked with the
 * current version it may be cached for good; otherwise for a few minutes.
 */
export async function organizationLogo(deps: Pick<AuthDeps, 'db'>, orgId: string, version: string | undefined) {
  const logo = await findOrganizationLogo(deps.db, orgId);
  const file = logo ? logoFile(logo) : null;
  if (!logo || !file) throw notFound('Logo');
  const current = version !== undefined && version === logoVersion(logo);
  return { ...file, cacheControl: current ? 'public, max-age=31536000, immutable' : 'public, max-age=300' };
}
