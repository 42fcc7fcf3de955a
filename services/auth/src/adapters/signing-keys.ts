import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@akhada/kit';
import { createLocalJWKSet, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTVerifyGetKey } from 'jose';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { AuthDb } from '../db/schema.ts';
import { insertSigningKey, latestSigningKey, lockSigningKeys } from '../db/signing-keys-repo.ts';
import type { Role } from '@akhada/contracts';
import { ACCESS_TOKEN_TTL_SECONDS } from '../domain/rules.ts';

export interface TokenClaimsInput {
  userId: string;
  orgId: string;
  role: Role;
  locationIds: string[];
  sessionId: string;
  name: string;
  /** The account awaits the gym's approval: the token carries `pending: true` and the kit lets it call only allowPending routes. */
  pending?: boolean;
  /** Staff who must set up two-factor sign-in first: the token carries `enrol: true` (only allowEnrolment routes answer it). */
  enrol?: boolean;
}

export interface SigningKeys {
  sign(c: TokenClaimsInput, now: Date): Promise<{ token: string; expiresAt: Date }>;
  jwks(): { keys: JWK[] };
  keySet: JWTVerifyGetKey;
}

/**
 * ES256 keys kept in the auth schema (created on first start under an advisory lock, so instances agree).
 * Every service verifies with the public half published as JWKS.
 */
export const loadSigningKeys = async (db: Kysely<AuthDb>): Promise<SigningKeys> => {
  const row = await db.transaction().execute(async (trx) => {
    await lockSigningKeys(trx);
    const existing = await latestSigningKey(trx);
    if (existing) return existing;
    const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
    const kid = randomUUID();
    const created = {
      kid,
      private_jwk: JSON.stringify({ ...(await exportJWK(privateKey)), kid }),
      public_jwk: JSON.stringify({ ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }),
    };
    return insertSigningKey(trx, created);
  });
  const publicJwk = row.public_jwk as JWK;
  const privateKey = await importJWK(row.private_jwk as JWK, 'ES256');
  const jwks = { keys: [publicJwk] };
  return {
    jwks: () => jwks,
    keySet: createLocalJWKSet(jwks),
    async sign(c, now) {
      const iat = Math.floor(now.getTime() / 1000);
      const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({
        org: c.orgId,
        role: c.role,
        locs: c.locationIds,
        sid: c.sessionId,
        name: c.name,
        ...(c.pending ? { pending: true } : {}),
        ...(c.enrol ? { enrol: true } : {}),
      })
        .setProtectedHeader({ alg: 'ES256', kid: row.kid, typ: 'JWT' })
        .setSubject(c.userId)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(privateKey);
      return { token, expiresAt: new Date(exp * 1000) };
    },
  };
};
