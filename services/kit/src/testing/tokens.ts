import type { Role } from '@akhada/contracts';
import type { JWTVerifyGetKey } from 'jose';
import { randomUUID } from 'node:crypto';

/** A throw-away ES256 key pair so service tests can mint tokens the real verifier accepts. */
export const createTestKeys = async (): Promise<{
  keys: JWTVerifyGetKey;
  sign(claims: {
    userId?: string;
    orgId: string;
    role: Role;
    locationIds: string[];
    sessionId?: string;
    name?: string;
    ttlSeconds?: number;
    pending?: boolean;
  }): Promise<string>;
}> => {
  // Loaded lazily: `@akhada/kit/testing` must load no I/O library, so decider tests can import it.
  const { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } = await import('jose');
  const { TOKEN_AUDIENCE, TOKEN_ISSUER } = await import('../auth/verifier.ts');
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'ES256', use: 'sig' };
  return {
    keys: createLocalJWKSet({ keys: [jwk] }),
    sign: (c) =>
      new SignJWT({
        org: c.orgId,
        role: c.role,
        locs: c.locationIds,
        sid: c.sessionId ?? randomUUID(),
        name: c.name ?? 'Test User',
        ...(c.pending ? { pending: true } : {}),
      })
        .setProtectedHeader({ alg: 'ES256', kid: 'test' })
        .setSubject(c.userId ?? randomUUID())
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${c.ttlSeconds ?? 900}s`)
        .sign(privateKey),
  };
};
