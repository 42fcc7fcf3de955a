import { createHash } from 'node:crypto';

/** The stored logo (`data:image/<type>;base64,…`, its type read from the bytes when saved) split into what a reply needs. */
export const logoFile = (logo: string): { contentType: string; bytes: Buffer } | null => {
  const m = /^data:(image\/(?:png|jpeg|webp));base64,(.+)$/.exec(logo);
  return m?.[1] && m[2] ? { contentType: m[1], bytes: Buffer.from(m[2], 'base64') } : null;
};

/** A short version of the logo: a new logo gets a new URL, so browsers may keep the old one cached for good. */
export const logoVersion = (logo: string): string => createHash('sha256').update(logo).digest('base64url').slice(0, 16);

/** The logo's API path for the shell, or null without a logo. */
export const logoUrlOf = (orgId: string, logo: string | null): string | null => (logo ? `/auth/organizations/${orgId}/logo?v=${logoVersion(logo)}` : null);
