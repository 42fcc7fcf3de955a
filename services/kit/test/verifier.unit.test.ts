import type { JWTVerifyGetKey } from 'jose';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RevocationList } from '../src/auth/revocations.ts';
import { createTokenVerifier } from '../src/auth/verifier.ts';
import { AppError } from '../src/errors.ts';
import { createTestKeys } from '../src/testing/tokens.ts';

const ORG = randomUUID();
const LOC = randomUUID();

/** Counts how often the verifier fetched a key, i.e. how often it really checked a signature. */
const counting = (keys: JWTVerifyGetKey) => {
  const calls = { n: 0 };
  const counted: JWTVerifyGetKey = (...args) => {
    calls.n++;
    return keys(...args);
  };
  return { counted, calls };
};

const codeOf = async (p: Promise<unknown>): Promise<string | undefined> => {
  try {
    await p;
    return undefined;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return err.code;
  }
};

describe('token verifier cache', () => {
  it('checks the signature of a token once and answers its next calls from the cache with the same claims', async () => {
    const keys = await createTestKeys();
    const { counted, calls } = counting(keys.keys);
    const verifier = createTokenVerifier({ keys: counted });
    const token = await keys.sign({ orgId: ORG, role: 'owner', locationIds: [LOC] });
    const first = await verifier.verify(token);
    const second = await verifier.verify(token);
    expect(second).toEqual(first);
    expect(first).toMatchObject({ org: ORG, role: 'owner', locs: [LOC] });
    expect(calls.n).toBe(1);
    // Shared between requests, so nobody may change it.
    expect(() => (second.locs as string[]).push(randomUUID())).toThrow(TypeError);
  });

  it('still refuses a cached token once its session is revoked, and checks the signature again from its expiry on', async () => {
    const keys = await createTestKeys();
    const { counted, calls } = counting(keys.keys);
    const revocations = new RevocationList();
    let now = Date.now();
    const verifier = createTokenVerifier({ keys: counted, revocations, now: () => now });
    const sessionId = randomUUID();
    const revoked = await keys.sign({ orgId: ORG, role: 'admin', locationIds: [LOC], sessionId });
    const expiring = await keys.sign({ orgId: ORG, role: 'admin', locationIds: [LOC], ttlSeconds: 60 });
    await verifier.verify(revoked);
    const { exp } = await verifier.verify(expiring);

    revocations.revokeSession(sessionId, randomUUID(), Date.now() + 60_000);
    expect(await codeOf(verifier.verify(revoked))).toBe('SESSION_REVOKED');

    calls.n = 0;
    now = exp * 1000 - 1;
    await verifier.verify(expiring);
    expect(calls.n).toBe(0); // still inside its lifetime: from the cache
    now = exp * 1000; // the instant jose would refuse it: the cache no longer answers (jose runs on the real clock here)
    await verifier.verify(expiring);
    expect(calls.n).toBe(1);
  });

  it('never caches a token that failed, and keeps no more than cacheSize tokens', async () => {
    const keys = await createTestKeys();
    const other = await createTestKeys();
    const { counted, calls } = counting(keys.keys);
    const verifier = createTokenVerifier({ keys: counted, cacheSize: 2 });
    const forged = await other.sign({ orgId: ORG, role: 'owner', locationIds: [LOC] });
    expect(await codeOf(verifier.verify(forged))).toBe('UNAUTHENTICATED');
    expect(await codeOf(verifier.verify(forged))).toBe('UNAUTHENTICATED');
    expect(calls.n).toBe(2);

    const [a, b, c] = await Promise.all([1, 2, 3].map(() => keys.sign({ orgId: ORG, role: 'trainer', locationIds: [LOC] })));
    for (const t of [a!, b!, c!]) await verifier.verify(t); // a is evicted by c
    calls.n = 0;
    await verifier.verify(c!);
    await verifier.verify(b!);
    expect(calls.n).toBe(0);
    await verifier.verify(a!);
    expect(calls.n).toBe(1);
  });
});
