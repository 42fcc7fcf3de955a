import { createTokenVerifier, type RevocationList, type TokenVerifier } from '@akhada/kit';
import type { JWTVerifyGetKey } from 'jose';

/**
 * Same checks as every service, with the key set held in memory instead of fetched over HTTP. One verifier for the
 * process (its cache of verified tokens is what makes repeated calls cheap); the key set is read when a token needs it,
 * since the keys load after migrations.
 */
export const createAuthVerifier = (keySet: () => JWTVerifyGetKey, revocations: RevocationList): TokenVerifier =>
  createTokenVerifier({ keys: (...args) => keySet()(...args), revocations });
