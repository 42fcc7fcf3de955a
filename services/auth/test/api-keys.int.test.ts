// Settings → API keys (issue 29): the secret is answered once and stored only as its SHA-256; list, rotate with a
// grace period, revoke, the owner's 'admins may manage keys', the plan, and what a key is when it calls a route.
import { apiKeyRoutes, authRoutes, ErrorBody, StoredApiKeyUsage, type EventEnvelope } from '@akhada/contracts';
import { opsAppOf } from '@akhada/kit';
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinBody, startAuth } from './setup.ts';

let auth: Awaited<ReturnType<typeof startAuth>>;
const password = 'correct horse battery';
const uniq = randomUUID().slice(0, 8);
let n = 0;
let now = new Date();

beforeAll(async () => {
  auth = await startAuth({ clock: () => now });
});
afterAll(async () => auth?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const inject = (method: Method, url: string, payload?: object, token?: string, headers: Record<string, string> = {}) =>
  auth.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'x-forwarded-for': `10.41.${n % 200}.1`, ...headers },
  });
const signIn = async (email: string) => {
  const res = await inject('POST', '/auth/login', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return authRoutes.login.responses[200].parse(res.json()).data;
};
const newGym = async (label: string) => {
  n++;
  const email = `${label}-${n}-${uniq}@example.in`;
  const reg = await inject('POST', '/auth/register', {
    firstName: 'Asha',
    lastName: 'Verma',
    email,
    phone: '+91 98765 43210',
    password,
    role: 'admin',
    gymName: 'Iron Temple',
    city: 'Pune',
  });
  expect(reg.statusCode, reg.body).toBe(201);
  const { token, user } = await signIn(email);
  return { token, ownerId: user._id, orgId: user.organization._id, locationId: user.locations[0]!._id, joinCode: user.organization.joinCode };
};
const addStaff = async (ownerToken: string, locationId: string, role: 'admin' | 'trainer') => {
  n++;
  const email = `${role}-${n}-${uniq}@example.in`;
  const res = await inject(
    'POST',
    '/auth/staff',
    { firstName: 'Ravi', lastName: 'Kumar', email, phone: '+91 98111 22233', role, locationIds: [locationId], password },
    ownerToken,
  );
  expect(res.statusCode, res.body).toBe(201);
  return (await signIn(email)).token;
};
const create = async (token: string, body: object = { name: 'Website', scopes: ['members:read'] }) => {
  const res = await inject('POST', '/settings/api-keys', body, token);
  expect(res.statusCode, res.body).toBe(201);
  return apiKeyRoutes.create.responses[201].parse(res.json()).data;
};
const introspect = (key: string) => inject('POST', '/auth/api-keys/introspect', { key });
const list = async (token: string) => {
  const res = await inject('GET', '/settings/api-keys', undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return apiKeyRoutes.list.responses[200].parse(res.json()).data;
};
const eventsOf = async (aggregateId: string) =>
  (await auth.runtime.dbh.db.selectFrom('outbox').select(['payload', 'id']).where('key', '=', aggregateId).orderBy('id').execute()).map(
    (r) => r.payload as EventEnvelope<Record<string, unknown>>,
  );

describe('creating an API key', () => {
  it('answers the secret once, stores only its SHA-256, and the list never shows it', async () => {
    const gym = await newGym('create');
    const made = await create(gym.token, { name: 'Website', scopes: ['members:read', 'scheduling:write'], locationIds: [gym.locationId] });
    expect(made.secret).toMatch(/^ak_live_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    expect(made.secret.startsWith(`${made.key.prefix}_`)).toBe(true);
    expect(made.key).toMatchObject({ name: 'Website', scopes: ['members:read', 'scheduling:write'], locationIds: [gym.locationId], status: 'active' });
    expect(made.key.createdBy.id).toBe(gym.ownerId);

    const row = await auth.runtime.dbh.db.selectFrom('api_keys').selectAll().where('id', '=', made.key.id).executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(createHash('sha256').update(made.secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.secret.slice(made.key.prefix.length + 1));

    const listed = await list(gym.token);
    expect(listed.items.map((k) => k.id)).toEqual([made.key.id]);
    expect(listed.planIncludesApi).toBe(true);
    const raw = JSON.stringify(listed);
    expect(raw).not.toContain(made.secret);
    expect(raw).not.toContain(row.secret_hash);

    // The event the services' caches follow carries neither.
    const events = await eventsOf(made.key.id);
    expect(events.map((e) => e.type)).toEqual(['auth.api_key_changed']);
    expect(JSON.stringify(events)).not.toContain(made.secret);
    expect(JSON.stringify(events)).not.toContain(row.secret_hash);
  });

  it('introspects to the organization, scopes and locations from auth’s record; a wrong secret with a real prefix is 401', async () => {
    const gym = await newGym('introspect');
    const made = await create(gym.token, { name: 'BI', scopes: ['payments:read'] });
    const res = await introspect(made.secret);
    expect(res.statusCode, res.body).toBe(200);
    expect(apiKeyRoutes.introspect.responses[200].parse(res.json()).data).toEqual({
      keyId: made.key.id,
      orgId: gym.orgId,
      name: 'BI',
      scopes: ['payments:read'],
      locationIds: [gym.locationId],
      validUntil: null,
      // A new gym is on the free plan's trial: the gateway limits its keys by that plan's figure.
      plan: 'free',
    });
    const forged = `${made.key.prefix}_${'A'.repeat(43)}`;
    const bad = await introspect(forged);
    expect(bad.statusCode).toBe(401);
    expect(ErrorBody.parse(bad.json()).message).toBe('This API key is not valid');
    expect((await list(gym.token)).items[0]!.lastUsedAt).not.toBeNull();
  });

  it('refuses bad input clearly: no scope, an unknown scope, another organization’s location', async () => {
    const gym = await newGym('bad');
    const other = await newGym('bad-other');
    for (const body of [
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['members:delete'] },
      { name: '', scopes: ['members:read'] },
    ]) {
      const res = await inject('POST', '/settings/api-keys', body, gym.token);
      expect(res.statusCode, res.body).toBe(400);
    }
    const foreign = await inject('POST', '/settings/api-keys', { name: 'x', scopes: ['members:read'], locationIds: [other.locationId] }, gym.token);
    expect(foreign.statusCode).toBe(404);
  });

  it('is Pro and above: a Starter gym gets 402 PLAN_UPGRADE_REQUIRED, and its existing keys stop working', async () => {
    const gym = await newGym('plan');
    const made = await create(gym.token);
    await auth.runtime.dbh.db.updateTable('organizations').set({ plan: 'starter', trial_ends_at: null }).where('id', '=', gym.orgId).execute();
    const res = await inject('POST', '/settings/api-keys', { name: 'x', scopes: ['members:read'] }, gym.token);
    expect(res.statusCode).toBe(402);
    expect(ErrorBody.parse(res.json())).toMatchObject({ code: 'PLAN_UPGRADE_REQUIRED', message: expect.stringContaining('Pro plan') });
    expect((await introspect(made.secret)).statusCode).toBe(401);
    expect((await list(gym.token)).planIncludesApi).toBe(false);
    await auth.runtime.dbh.db.updateTable('organizations').set({ plan: 'pro' }).where('id', '=', gym.orgId).execute();
    const pro = await introspect(made.secret);
    expect(pro.statusCode).toBe(200);
    // The introspect answer carries the plan as it is now (the gateway's per-key limit follows it).
    expect(apiKeyRoutes.introspect.responses[200].parse(pro.json()).data.plan).toBe('pro');
  });
});

describe('rotating and revoking', () => {
  it('rotate: the new secret works at once, the old one until its grace ends, then 401', async () => {
    const gym = await newGym('rotate');
    const made = await create(gym.token);
    const res = await inject('POST', `/settings/api-keys/${made.key.id}/rotate`, { graceDays: 2 }, gym.token);
    expect(res.statusCode, res.body).toBe(200);
    const rotated = apiKeyRoutes.rotate.responses[200].parse(res.json()).data;
    expect(rotated.secret).not.toBe(made.secret);
    expect(rotated.key.prefix).toBe(made.key.prefix);
    expect(Date.parse(rotated.key.previousSecretValidUntil!) - now.getTime()).toBe(2 * 86_400_000);
    expect((await introspect(rotated.secret)).statusCode).toBe(200);
    const old = await introspect(made.secret);
    expect(old.statusCode).toBe(200);
    expect(apiKeyRoutes.introspect.responses[200].parse(old.json()).data.validUntil).toBe(rotated.key.previousSecretValidUntil);

    const before = now;
    try {
      now = new Date(before.getTime() + 2 * 86_400_000 + 1000);
      expect((await introspect(made.secret)).statusCode).toBe(401);
      expect((await introspect(rotated.secret)).statusCode).toBe(200);
    } finally {
      now = before;
    }
    // Grace 0: the old secret stops at once.
    const again = apiKeyRoutes.rotate.responses[200].parse(
      (await inject('POST', `/settings/api-keys/${made.key.id}/rotate`, { graceDays: 0 }, gym.token)).json(),
    ).data;
    expect((await introspect(rotated.secret)).statusCode).toBe(401);
    expect((await introspect(again.secret)).statusCode).toBe(200);
    const bad = await inject('POST', `/settings/api-keys/${made.key.id}/rotate`, { graceDays: 8 }, gym.token);
    expect(bad.statusCode).toBe(400);
  });

  it('revoke: the key and its rotated secret are refused, the list says revoked, the event goes out, and it cannot be rotated back', async () => {
    const gym = await newGym('revoke');
    const made = await create(gym.token);
    const rotated = apiKeyRoutes.rotate.responses[200].parse(
      (await inject('POST', `/settings/api-keys/${made.key.id}/rotate`, { graceDays: 7 }, gym.token)).json(),
    ).data;
    const res = await inject('DELETE', `/settings/api-keys/${made.key.id}`, undefined, gym.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(apiKeyRoutes.revoke.responses[200].parse(res.json()).data.status).toBe('revoked');
    for (const secret of [made.secret, rotated.secret]) {
      const r = await introspect(secret);
      expect(r.statusCode).toBe(401);
      expect(ErrorBody.parse(r.json()).message).toBe('This API key has been revoked');
    }
    expect((await eventsOf(made.key.id)).map((e) => e.type)).toEqual(['auth.api_key_changed', 'auth.api_key_changed', 'auth.api_key_revoked']);
    expect((await inject('POST', `/settings/api-keys/${made.key.id}/rotate`, { graceDays: 0 }, gym.token)).statusCode).toBe(409);
  });

  it('an expired key is 401 and listed as expired', async () => {
    const gym = await newGym('expiry');
    const expiresAt = new Date(now.getTime() + 3_600_000).toISOString();
    const made = await create(gym.token, { name: 'Door', scopes: ['attendance:write'], expiresAt });
    expect(apiKeyRoutes.introspect.responses[200].parse((await introspect(made.secret)).json()).data.validUntil).toBe(expiresAt);
    const before = now;
    try {
      now = new Date(before.getTime() + 3_600_001);
      const r = await introspect(made.secret);
      expect(r.statusCode).toBe(401);
      expect(ErrorBody.parse(r.json()).message).toBe('This API key has expired');
    } finally {
      now = before;
    }
  });
});

describe('who may manage keys', () => {
  it('trainers and members never; admins only when the owner allows it, and only for their own locations', async () => {
    const gym = await newGym('roles');
    const trainer = await addStaff(gym.token, gym.locationId, 'trainer');
    const admin = await addStaff(gym.token, gym.locationId, 'admin');
    n++;
    const memberEmail = `member-${n}-${uniq}@example.in`;
    const reg = await inject('POST', '/auth/register', joinBody({ firstName: 'Meera', email: memberEmail, password, role: 'member', gymCode: gym.joinCode! }));
    expect(reg.statusCode, reg.body).toBe(201);
    const member = (await signIn(memberEmail)).token;
    const made = await create(gym.token);

    for (const token of [trainer, member]) {
      for (const [method, url, body] of [
        ['GET', '/settings/api-keys', undefined],
        ['POST', '/settings/api-keys', { name: 'x', scopes: ['members:read'] }],
        ['POST', `/settings/api-keys/${made.key.id}/rotate`, { graceDays: 0 }],
        ['DELETE', `/settings/api-keys/${made.key.id}`, undefined],
        ['PUT', '/settings/api-keys/policy', { adminsMayManage: true }],
      ] as const) {
        const res = await inject(method, url, body, token);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    const refused = await inject('POST', '/settings/api-keys', { name: 'x', scopes: ['members:read'] }, admin);
    expect(refused.statusCode).toBe(403);
    expect(ErrorBody.parse(refused.json()).message).toBe('The gym owner has not allowed admins to manage API keys');
    expect((await inject('PUT', '/settings/api-keys/policy', { adminsMayManage: true }, admin)).statusCode).toBe(403);

    expect((await inject('PUT', '/settings/api-keys/policy', { adminsMayManage: true }, gym.token)).statusCode).toBe(200);
    const byAdmin = await create(admin, { name: 'Admin key', scopes: ['leads:write'] });
    // An admin's key without locations gets the admin's own, never every location.
    expect(byAdmin.key.locationIds).toEqual([gym.locationId]);
    expect((await list(admin)).items).toHaveLength(2);
  });

  it('another organization’s owner sees none of the keys and cannot rotate or revoke them (404)', async () => {
    const a = await newGym('cross-a');
    const b = await newGym('cross-b');
    const made = await create(a.token);
    expect((await list(b.token)).items).toEqual([]);
    expect((await inject('POST', `/settings/api-keys/${made.key.id}/rotate`, { graceDays: 0 }, b.token)).statusCode).toBe(404);
    expect((await inject('DELETE', `/settings/api-keys/${made.key.id}`, undefined, b.token)).statusCode).toBe(404);
    expect((await introspect(made.secret)).statusCode).toBe(200);
  });
});

describe('a key calling a route', () => {
  it('is refused where no key may go (403, before anything is read), and an invalid key is 401, as a bearer or X-Api-Key', async () => {
    const gym = await newGym('calls');
    const made = await create(gym.token, { name: 'Everything', scopes: ['members:write', 'reports:read'] });
    for (const headers of [{ authorization: `Bearer ${made.secret}` }, { 'x-api-key': made.secret }] as Record<string, string>[]) {
      const res = await inject('GET', '/settings/api-keys', undefined, undefined, headers);
      expect(res.statusCode, res.body).toBe(403);
      expect(ErrorBody.parse(res.json()).message).toBe('API keys cannot call this route; sign in as a person to use it');
    }
    const forged = await inject('GET', '/settings/api-keys', undefined, `${made.key.prefix}_${'B'.repeat(43)}`);
    expect(forged.statusCode).toBe(401);
    await inject('DELETE', `/settings/api-keys/${made.key.id}`, undefined, gym.token);
    // The grant is cached (30 s at most); auth.api_key_revoked, followed by the runtime, drops it at once.
    await expect.poll(async () => (await inject('GET', '/settings/api-keys', undefined, made.secret)).statusCode, { timeout: 15_000, interval: 100 }).toBe(401);
  });
});

describe("keys' usage per day from the gateways (auth's ops port only)", () => {
  it('adds batches up per key and day, drops unknown keys, refuses a bad batch, and answers only to the key’s organization', async () => {
    const gym = await newGym('usage');
    const other = await newGym('usage-other');
    const made = await create(gym.token);
    const ops = opsAppOf(auth.app)!;
    const add = (counts: object[]) => ops.inject({ method: 'POST', url: '/api-keys/usage', payload: { counts } });
    const c = (date: string, requests: number, limited = 0, keyId = made.key.id) => ({ keyId, date, requests, limited });
    const today = now.toISOString().slice(0, 10);
    // Two gateways' batches, the same day twice in one batch, and a key auth does not know.
    expect((await add([c(today, 5, 1), c(today, 2)])).statusCode).toBe(204);
    expect((await add([c(today, 3), c('2000-01-01', 9), c(today, 7, 0, randomUUID())])).statusCode).toBe(204);
    expect((await add([{ keyId: 'nope', date: today, requests: 1, limited: 0 }])).statusCode).toBe(400);
    expect((await add([c(today, -1)])).statusCode).toBe(400);

    const read = (org: string, id = made.key.id) => ops.inject({ method: 'GET', url: `/api-keys/${id}/usage?org=${org}` });
    const res = await read(gym.orgId);
    expect(res.statusCode, res.body).toBe(200);
    // The last 30 days only; a new gym is on the free plan's trial.
    expect(StoredApiKeyUsage.parse(res.json().data)).toEqual({ plan: 'free', days: [{ date: today, requests: 10, limited: 1 }] });
    expect((await read(other.orgId)).statusCode).toBe(404);
    expect((await read(gym.orgId, randomUUID())).statusCode).toBe(404);
    expect((await read('not-an-org')).statusCode).toBe(400);
    // Not on the port the gateway proxies.
    expect((await inject('POST', '/api-keys/usage', { counts: [c(today, 1)] })).statusCode).toBe(404);
    const rows = await auth.runtime.dbh.db.selectFrom('api_key_usage').selectAll().where('key_id', '=', made.key.id).execute();
    expect(rows).toHaveLength(2);
  });
});
