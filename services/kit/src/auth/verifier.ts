import { isApiKeySecret, Role, type ApiScope, type PlanId } from '@akhada/contracts';
import { createRemoteJWKSet, jwtVerify, errors as joseErrors, type JWTVerifyGetKey } from 'jose';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { unauthenticated } from '../errors.ts';
import type { ApiKeyChecker } from './api-keys.ts';
import type { RevocationList } from './revocations.ts';

export const TOKEN_ISSUER = 'akhada-auth';
export const TOKEN_AUDIENCE = 'akhada';

const Claims = z.object({
  sub: z.uuid(),
  org: z.uuid(),
  role: Role,
  locs: z.array(z.uuid()),
  sid: z.uuid(),
  name: z.string(),
  /** Set (true) on the tokens of an account awaiting the gym's approval; absent otherwise. */
  pending: z.boolean().optional(),
  /** Set (true) on the tokens of staff who must set up two-factor sign-in first (the organization requires it). */
  enrol: z.boolean().optional(),
  iat: z.number(),
  exp: z.number(),
});
export type TokenClaims = z.infer<typeof Claims> & {
  /**
   * Set when the credential was an API key (issue 29): its id and name and the scopes it holds. Such claims have role
   * 'admin', the key's locations in `locs`, the key's id as `sub` and `sid`, and `API key <name>` as `name`.
   */
  key?: { id: string; name: string; scopes: readonly ApiScope[]; plan: PlanId };
};

export interface VerifyOptions {
  /** Accept an API key (`ak_live_…`) as well as a session token (the services' routes and the gateway; not the real-time hub). */
  apiKeys?: boolean;
}

export interface TokenVerifier {
  verify(token: string, options?: VerifyOptions): Promise<TokenClaims>;
}

/** How long the JWKS and a verified token are trusted without asking again. */
const JWKS_MAX_AGE_MS = 10 * 60_000;

export interface TokenVerifierOptions {
  jwksUrl?: string;
  keys?: JWTVerifyGetKey;
  revocations?: RevocationList;
  /**
   * Verified tokens remembered (by their exact string) so a client's next requests skip the signature check; 0 turns
   * the cache off. Default 10,000 (about 10 MB at most).
   */
  cacheSize?: number;
  /** For tests: the clock the cache checks expiry against (jose checks its own on a miss). */
  now?: () => number;
  /** Checks API keys against auth's record; without it a key is refused (401). */
  apiKeys?: ApiKeyChecker;
}

/**
 * Verifies tokens against the auth service's JWKS (fetched and cached by jose), then checks revocations.
 *
 * An ES256 signature check costs about 100 µs of CPU, paid on every request of a signed-in client otherwise, so a
 * verified token's claims are kept in a bounded LRU until the token expires (at most as long as the JWKS is cached).
 * Only tokens that passed the full check enter it, under their exact string. Revocation is not cached: it is checked
 * on every call, hit or miss, so a sign-out takes effect at once.
 */
export const createTokenVerifier = ({ jwksUrl, keys, revocations, cacheSize = 10_000, now = Date.now, apiKeys }: TokenVerifierOptions): TokenVerifier => {
  const keySet = keys ?? createRemoteJWKSet(new URL(jwksUrl!), { cacheMaxAge: JWKS_MAX_AGE_MS, cooldownDuration: 5_000 });
  // ttlAutopurge off: an expired entry is dropped when it is next read or when the LRU evicts it.
  const verified = cacheSize > 0 ? new LRUCache<string, { claims: TokenClaims; until: number }>({ max: cacheSize }) : undefined;

  const verifySignature = async (token: string): Promise<TokenClaims> => {
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, keySet, { issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE, algorithms: ['ES256'] }));
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw unauthenticated('Your session has expired. Please sign in again.', 'TOKEN_EXPIRED');
      if (err instanceof joseErrors.JOSEError) throw unauthenticated('Your session is not valid. Please sign in again.');
      throw err; // JWKS unreachable etc.: not the caller's fault
    }
    const claims = Claims.safeParse(payload);
    if (!claims.success) throw unauthenticated('Your session is not valid. Please sign in again.');
    return claims.data;
  };

  const claimsOf = async (token: string): Promise<TokenClaims> => {
    if (!verified) return verifySignature(token);
    const t = now();
    const hit = verified.get(token);
    // jose refuses a token once `exp <= now in whole seconds`; a cached one stops at the same instant.
    if (hit && t < hit.until) return hit.claims;
    if (hit) verified.delete(token);
    // Frozen: every request of this client shares the object, so a caller changing it must fail loudly.
    const claims = Object.freeze({ ...(await verifySignature(token)) });
    Object.freeze(claims.locs);
    verified.set(token, { claims, until: Math.min(claims.exp * 1000, t + JWKS_MAX_AGE_MS) });
    return claims;
  };

  return {
    async verify(token, options) {
      if (isApiKeySecret(token)) {
        if (!options?.apiKeys || !apiKeys) throw unauthenticated('API keys are not accepted here. Please sign in.');
        return claimsOfApiKey(await apiKeys.check(token));
      }
      const claims = await claimsOf(token);
      if (revocations?.isRevoked({ sessionId: claims.sid, userId: claims.sub, issuedAtMs: claims.iat * 1000 })) {
        throw unauthenticated('You have been signed out. Please sign in again.', 'SESSION_REVOKED');
      }
      return claims;
    },
  };
};

/** An API key as a principal: an admin of the key's locations whose permission is its scopes (see allowRole). */
export const claimsOfApiKey = (g: Awaited<ReturnType<ApiKeyChecker['check']>>): TokenClaims =>
  Object.freeze({
    sub: g.keyId,
    org: g.orgId,
    role: 'admin' as const,
    locs: g.locationIds,
    sid: g.keyId,
    name: `API key ${g.name}`,
    iat: 0,
    exp: g.validUntilMs === null ? Number.MAX_SAFE_INTEGER : Math.floor(g.validUntilMs / 1000),
    key: { id: g.keyId, name: g.name, scopes: g.scopes, plan: g.plan },
  });

/**
 * The caller's credential: the bearer token, else an API key in `X-Api-Key` (keys may come either way; a session token
 * only as a bearer).
 */
export const credentialOf = (headers: { authorization?: string | undefined; 'x-api-key'?: string | string[] | undefined }): string | undefined => {
  const bearer = bearerToken(headers.authorization);
  if (bearer) return bearer;
  const key = headers['x-api-key'];
  return typeof key === 'string' && isApiKeySecret(key.trim()) ? key.trim() : undefined;
};

export const bearerToken = (header: string | undefined): string | undefined => {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1];
};
