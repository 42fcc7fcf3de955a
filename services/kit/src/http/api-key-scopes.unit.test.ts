// An API key is checked by addRoute in place of the roles (issue 29): the route's `apiScope` against the key's scopes,
// before the body is read or anything looked up; past that the key is an admin of its locations.
import { ErrorBody, ok, type ApiKeyPrincipal, type ApiScope, type RouteContract } from '@akhada/contracts';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiKeyChecker } from '../auth/api-keys.ts';
import type { RequestContext } from '../auth/context.ts';
import { RevocationList } from '../auth/revocations.ts';
import { createTokenVerifier } from '../auth/verifier.ts';
import { unauthenticated } from '../errors.ts';
import { addRoute, createService } from './create-service.ts';

const ORG = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const LOC = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c';
const secretOf = (tag: string) => `ak_live_${tag.padEnd(8, '0').slice(0, 8)}_${'s'.repeat(43)}`;
/** Auth's record, as the test says: a key per tag. */
const keys = new Map<string, ApiKeyPrincipal>();
let asked = 0;
const introspect = async (secret: string): Promise<ApiKeyPrincipal> => {
  asked += 1;
  const k = keys.get(secret);
  if (!k) throw unauthenticated('This API key is not valid');
  return k;
};
const addKey = (tag: string, scopes: ApiScope[], extra: Partial<ApiKeyPrincipal> = {}) => {
  const keyId = `0190a1b2-c3d4-7e5f-8a9b-${String(keys.size).padStart(12, '0')}`;
  keys.set(secretOf(tag), { keyId, orgId: ORG, name: `Key ${tag}`, scopes, locationIds: [LOC], validUntil: null, plan: 'pro', ...extra });
  return { secret: secretOf(tag), keyId };
};

let clock = 1_000_000;
const revocations = new RevocationList();
const verifier = createTokenVerifier({
  keys: async () => {
    throw new Error('no session tokens in this test');
  },
  revocations,
  apiKeys: createApiKeyChecker({ introspect, revocations, now: () => clock }),
});

const route = (method: 'GET' | 'POST', path: string, apiScope?: RouteContract['apiScope']) =>
  ({
    method,
    path,
    ...(method === 'POST' ? { body: z.object({ name: z.string().min(1) }) } : {}),
    responses: {
      200: ok(z.object({ role: z.string(), name: z.string(), locs: z.array(z.string()), key: z.string() })),
      400: ErrorBody,
      401: ErrorBody,
      403: ErrorBody,
    },
    auth: true,
    roles: ['owner', 'admin'],
    summary: 'test route',
    ...(apiScope ? { apiScope } : {}),
  }) as const satisfies RouteContract;

const svc = createService({ name: 'api-key-test', logger: pino({ level: 'silent' }), verifier, checkResponses: true });
let handled = 0;
const handler = async ({ ctx }: { ctx: RequestContext }) => {
  handled += 1;
  return { success: true as const, data: { role: ctx.role, name: ctx.name, locs: ctx.locationIds, key: ctx.apiKey?.id ?? '' } };
};
addRoute(svc, route('GET', '/members', { area: 'members', access: 'read' }), handler);
addRoute(svc, route('POST', '/members', { area: 'members', access: 'write' }), handler);
addRoute(svc, route('GET', '/settings', undefined), handler);

beforeAll(async () => svc.app.ready());
afterAll(async () => svc.app.close());

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  svc.app.inject({
    method,
    url,
    headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

describe('addRoute and an API key', () => {
  it('lets a key with the route’s scope through, as an admin of its locations named after the key', async () => {
    const { secret, keyId } = addKey('reader', ['members:read']);
    const res = await call('GET', '/members', bearer(secret));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ role: 'admin', name: 'API key Key reader', locs: [LOC], key: keyId });
  });

  it('refuses a key without the scope with 403 naming it, before the body is read, and the handler never runs', async () => {
    const { secret } = addKey('nowrite', ['members:read', 'payments:write']);
    const before = handled;
    for (const payload of [{ name: 'Asha' }, { name: '' }]) {
      const res = await call('POST', '/members', bearer(secret), payload);
      expect(res.statusCode).toBe(403);
      expect(ErrorBody.parse(res.json())).toMatchObject({ code: 'FORBIDDEN', message: 'This API key lacks the members:write scope' });
    }
    expect(handled).toBe(before);
  });

  it('write includes read of the same area', async () => {
    const { secret } = addKey('writer', ['members:write']);
    expect((await call('GET', '/members', bearer(secret))).statusCode).toBe(200);
    expect((await call('POST', '/members', bearer(secret), { name: 'Asha' })).statusCode).toBe(200);
  });

  it('refuses every key on a route without an apiScope, whatever its scopes', async () => {
    const { secret } = addKey('allofit', ['members:write', 'reports:read', 'payments:write']);
    const res = await call('GET', '/settings', bearer(secret));
    expect(res.statusCode).toBe(403);
    expect(ErrorBody.parse(res.json()).message).toBe('API keys cannot call this route; sign in as a person to use it');
  });

  it('takes the key from X-Api-Key too', async () => {
    const { secret } = addKey('header', ['members:read']);
    expect((await call('GET', '/members', { 'x-api-key': secret })).statusCode).toBe(200);
    expect((await call('GET', '/members', { 'x-api-key': 'not-a-key' })).statusCode).toBe(401);
  });

  it('answers 401 to an unknown key, an expired one and a revoked one (at once on the event, though cached)', async () => {
    expect((await call('GET', '/members', bearer(secretOf('nobody')))).statusCode).toBe(401);
    const soon = addKey('expiring', ['members:read'], { validUntil: new Date(clock + 1000).toISOString() });
    expect((await call('GET', '/members', bearer(soon.secret))).statusCode).toBe(200);
    clock += 1000;
    const expired = await call('GET', '/members', bearer(soon.secret));
    expect(expired.statusCode).toBe(401);
    expect(ErrorBody.parse(expired.json()).message).toBe('This API key has expired');

    const gone = addKey('revoked', ['members:read']);
    expect((await call('GET', '/members', bearer(gone.secret))).statusCode).toBe(200);
    revocations.apiKeyChanged(gone.keyId, true);
    const refused = await call('GET', '/members', bearer(gone.secret));
    expect(refused.statusCode).toBe(401);
    expect(ErrorBody.parse(refused.json()).message).toBe('This API key has been revoked');
  });

  it('asks auth once per key within 30 s, again after, and at once after a change event', async () => {
    const { secret, keyId } = addKey('cached', ['members:read']);
    const before = asked;
    await call('GET', '/members', bearer(secret));
    await call('GET', '/members', bearer(secret));
    expect(asked).toBe(before + 1);
    // auth narrows the key; the change event drops the cached grant.
    keys.set(secret, { ...keys.get(secret)!, scopes: ['payments:read'] });
    revocations.apiKeyChanged(keyId, false);
    expect((await call('GET', '/members', bearer(secret))).statusCode).toBe(403);
    expect(asked).toBe(before + 2);
    clock += 30_000;
    await call('GET', '/members', bearer(secret));
    expect(asked).toBe(before + 3);
  });

  it('is not accepted where keys are not asked for (the real-time hub verifies without apiKeys)', async () => {
    const { secret } = addKey('hub', ['members:read']);
    await expect(verifier.verify(secret)).rejects.toMatchObject({ status: 401 });
    await expect(verifier.verify(secret, { apiKeys: true })).resolves.toMatchObject({ role: 'admin', org: ORG });
  });
});

describe('the key check over HTTP (every service but auth asks auth)', () => {
  const principal: ApiKeyPrincipal = { keyId: ORG, orgId: ORG, name: 'Web', scopes: ['members:read'], locationIds: [LOC], validUntil: null, plan: 'pro' };
  const answer = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('takes auth’s answer, its 401 message, and turns anything else into 503 (the caller’s key is not at fault)', async () => {
    const url = 'http://auth.invalid/auth/api-keys/introspect';
    const ok = createApiKeyChecker({ url, fetch: answer(200, { success: true, data: principal }) as typeof fetch });
    await expect(ok.check(secretOf('http1'))).resolves.toMatchObject({ keyId: ORG, scopes: ['members:read'], validUntilMs: null });
    const refused = createApiKeyChecker({
      url,
      fetch: answer(401, { success: false, code: 'UNAUTHENTICATED', error: 'Unauthorized', message: 'This API key has been revoked' }) as typeof fetch,
    });
    await expect(refused.check(secretOf('http2'))).rejects.toMatchObject({ status: 401, message: 'This API key has been revoked' });
    const down = createApiKeyChecker({ url, fetch: answer(500, {}) as typeof fetch });
    await expect(down.check(secretOf('http3'))).rejects.toMatchObject({ status: 503 });
    const unreachable = createApiKeyChecker({
      url,
      fetch: (async () => {
        throw new Error('ECONNREFUSED');
      }) as typeof fetch,
    });
    await expect(unreachable.check(secretOf('http4'))).rejects.toMatchObject({ status: 503 });
  });
});
