import { createTokenVerifier, type RevocationList, type TokenVerifier } from '@akhada/kit';
import type { JWTVerifyGetKey } from 'jose';

/** Same checks as every service, with the key set held in memory instead of fetched over HTTP. */
export const createAuthVerifier = (keySet: () => JWTVerifyGetKey, revocations: RevocationList): TokenVerifier => ({
  verify: (token) => createTokenVerifier({ keys: (...args) => keySet()(...args), revocations }).verify(token),
});
