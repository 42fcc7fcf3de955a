import { Role } from '@akhada/contracts';
import { createRemoteJWKSet, jwtVerify, errors as joseErrors, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { unauthenticated } from '../errors.ts';
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
  iat: z.number(),
  exp: z.number(),
});
export type TokenClaims = z.infer<typeof Claims>;

export interface TokenVerifier {
  verify(token: string): Promise<TokenClaims>;
}

/** Verifies tokens against the auth service's JWKS (fetched and cached by jose), then checks revocations. */
export const createTokenVerifier = ({
  jwksUrl,
  keys,
  revocations,
}: {
  jwksUrl?: string;
  keys?: JWTVerifyGetKey;
  revocations?: RevocationList;
}): TokenVerifier => {
  const keySet = keys ?? createRemoteJWKSet(new URL(jwksUrl!), { cacheMaxAge: 10 * 60_000, cooldownDuration: 5_000 });
  return {
    async verify(token) {
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
      if (revocations?.isRevoked({ sessionId: claims.data.sid, userId: claims.data.sub, issuedAtMs: claims.data.iat * 1000 })) {
        throw unauthenticated('You have been signed out. Please sign in again.', 'SESSION_REVOKED');
      }
      return claims.data;
    },
  };
};

export const bearerToken = (header: string | undefined): string | undefined => {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1];
};
