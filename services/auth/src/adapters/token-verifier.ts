import type { ApiKeyPrincipal } from '@akhada/contracts';
import { createApiKeyChecker, createTokenVerifier, type RevocationList, type TokenVerifier } from '@akhada/kit';
import type { JWTVerifyGetKey } from 'jose';

/**
 * Same checks as every service, with the key set held in memory instead of fetched over HTTP. One verifier for the
 * process (its cache of verified tokens is what makes repeated calls cheap); the key set is read when a token needs it,
 * since the keys load after migrations. API keys are checked in-process against auth's own table (`introspect`, also
 * bound late: the use case's dependencies exist after the runtime).
 */
export const createAuthVerifier = (
  keySet: () => JWTVerifyGetKey,
  revocations: RevocationList,
  introspect?: () => (secret: string) => Promise<ApiKeyPrincipal>,
): TokenVerifier =>
  createTokenVerifier({
    keys: (...args) => keySet()(...args),
    revocations,
    ...(introspect ? { apiKeys: createApiKeyChecker({ introspect: (secret) => introspect()(secret), revocations }) } : {}),
  });
