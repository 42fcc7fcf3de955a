// Per-key limits at the edge (issue 29), with inject(): an API key's requests per minute with the standard
// RateLimit-* headers and 429 + Retry-After past the figure, each key its own budget, people's tokens untouched, and
// the key's usage per day readable by an owner or admin of its organization (and nobody else). The figure is the key's
// organization's plan's (auth's key check answers it); the usage is handed to auth's ops port in batches (a stand-in
// here keeps it), so two gateways one after the other add up.
import { apiKeyUsageRoutes, ApiKeyUsageCounts, ErrorBody, type PlanId, type Role } from '@akhada/contracts';
import type { TokenVerifier } from '@akhada/kit';
import type { FastifyInstance } from 'fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyLimiter, DEFAULT_API_KEY_LIMITS, parseApiKeyLimits } from '../src/api-key-limits.ts';
import { buildGateway } from '../src/build-app.ts';
import { routeTable } from '../src/route-table.ts';

const ORG_A = '0190a1b2-c3d4-7e5f-8a9b-0000000000a0';
const ORG_B = '0190a1b2-c3d4-7e5f-8a9b-0000000000b0';
const KEY_A = '0190a1b2-c3d4-7e5f-8a9b-00000000ca01';
const KEY_A2 = '0190a1b2-c3d4-7e5f-8a9b-00000000ca02';
const KEY_TRIAL = '0190a1b2-c3d4-7e5f-8a9b-00000000ca03';
const KEY_PRO = '0190a1b2-c3d4-7e5f-8a9b-00000000ca04';
const secret = (prefix: string) => `ak_live_${prefix}_${'x'.repeat(43)}`;
const SECRETS: Record<string, { id: string; org: string; plan: PlanId }> = {
  [secret('AAAAAAAA')]: { id: KEY_A, org: ORG_A, plan: 'pro' },
  [secret('BBBBBBBB')]: { id: KEY_A2, org: ORG_A, plan: 'pro' },
  [secret('TTTTTTTT')]: { id: KEY_TRIAL, org: ORG_A, plan: 'free' },
  [secret('PPPPPPPP')]: { id: KEY_PRO, org: ORG_A, plan: 'pro' },
};
const keyById = (id: string) => Object.values(SECRETS).find((k) => k.id === id);
const PEOPLE: Record<string, { org: string; role: Role }> = {
  'owner-a': { org: ORG_A, role: 'owner' },
  'admin-a': { org: ORG_A, role: 'admin' },
  'trainer-a': { org: ORG_A, role: 'trainer' },
  'owner-b': { org: ORG_B, role: 'owner' },
};
const refusedToken = () => Object.assign(new Error('Your session is not valid. Please sign in again.'), { status: 401, code: 'UNAUTHENTICATED' });
/** People's tokens, and API keys as the edge's verifier answers them (the key's id as `sub`, role admin). */
const verifier: TokenVerifier = {
  verify: async (token: string) => {
    const key = SECRETS[token];
    if (key) {
      return {
        sub: key.id,
        org: key.org,
        role: 'admin',
        locs: [],
        sid: key.id,
        name: 'API key BI',
        iat: 0,
        exp: 0,
        key: { id: key.id, name: 'BI', scopes: ['members:read'], plan: key.plan },
      };
    }
    const p = PEOPLE[token];
    if (!p) throw refusedToken();
    return {
      sub: `0190a1b2-c3d4-7e5f-8a9b-0000000${token.length}${p.role.length}000`.slice(0, 36),
      org: p.org,
      role: p.role,
      locs: [],
      sid: 's',
      name: 'n',
      iat: 0,
      exp: 0,
    };
  },
} as TokenVerifier;

let upstream: Server;
let hits = 0;
/** auth's ops port stand-in: the stored counts per key and day, as auth's table adds them up. */
let authOps: Server;
let authOpsUrl: string;
const stored = new Map<string, { requests: number; limited: number }>();
let batches = 0;
let gateway: FastifyInstance;
// 12:00:10 UTC: the minute has 50 s left, whatever the wall clock says.
let clock = Date.parse('2026-11-29T12:00:10.000Z');

beforeAll(async () => {
  upstream = createServer((req, res) => {
    req.resume();
    // auth's list of the caller's organization's keys (the usage route asks it whose key it is).
    if (req.url === '/settings/api-keys') {
      const org = PEOPLE[(req.headers.authorization ?? '').replace('Bearer ', '')]?.org;
      const items = Object.values(SECRETS)
        .filter((k) => k.org === org)
        .map((k) => ({ id: k.id }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: { items } }));
      return;
    }
    hits++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: [] }));
  });
  upstream.listen(0, '127.0.0.1');
  await new Promise((r) => upstream.once('listening', r));
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  authOps = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://x');
      if (req.method === 'POST' && u.pathname === '/api-keys/usage') {
        batches++;
        for (const c of ApiKeyUsageCounts.parse(JSON.parse(raw)).counts) {
          const had = stored.get(`${c.keyId} ${c.date}`) ?? { requests: 0, limited: 0 };
          stored.set(`${c.keyId} ${c.date}`, { requests: had.requests + c.requests, limited: had.limited + c.limited });
        }
        res.writeHead(204).end();
        return;
      }
      const m = /^\/api-keys\/([^/]+)\/usage$/.exec(u.pathname);
      const key = m ? keyById(m[1]!) : undefined;
      if (!m || !key || key.org !== u.searchParams.get('org')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      const days = [...stored]
        .filter(([k]) => k.startsWith(`${key.id} `))
        .map(([k, v]) => ({ date: k.split(' ')[1]!, ...v }))
        .sort((a, b) => (a.date < b.date ? 1 : -1));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: { plan: key.plan, days } }));
    });
  });
  authOps.listen(0, '127.0.0.1');
  await new Promise((r) => authOps.once('listening', r));
  authOpsUrl = `http://127.0.0.1:${(authOps.address() as AddressInfo).port}`;
  upstreamUrl = url;
  gateway = await buildGateway({
    logger: pino({ level: 'silent' }),
    verifier,
    routes: routeTable({ MEMBERS_URL: url, AUTH_URL: url }),
    apiKeyRateLimits: { ...DEFAULT_API_KEY_LIMITS, pro: 3 },
    apiKeyLimiter: createKeyLimiter({ now: () => clock }),
    apiKeyUsageUrl: authOpsUrl,
  });
  await gateway.ready();
});
afterAll(async () => {
  await gateway?.close();
  await new Promise((r) => upstream?.close(r));
  await new Promise((r) => authOps?.close(r));
});
let upstreamUrl: string;

const get = (url: string, token?: string) => gateway.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('per-key limits', () => {
  it('lets a key make its figure per minute with RateLimit-* headers, then 429 with Retry-After; another key and people are not counted', async () => {
    const before = hits;
    const key = secret('AAAAAAAA');
    for (const remaining of [2, 1, 0]) {
      const res = await get('/api/members?limit=20', key);
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('3');
      expect(res.headers['ratelimit-remaining']).toBe(String(remaining));
      expect(res.headers['ratelimit-reset']).toBe('50');
      // Not the per-user limiter's own headers as well.
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    const refused = await get('/api/members?limit=20', key);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('50');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(ErrorBody.parse(refused.json())).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('more than 3 requests') });
    expect(hits - before).toBe(3);

    // Another key of the same gym has its own budget; a person's token is limited per user, without the key headers.
    expect((await get('/api/members', secret('BBBBBBBB'))).statusCode).toBe(200);
    const person = await get('/api/members', 'owner-a');
    expect(person.statusCode).toBe(200);
    expect(person.headers['ratelimit-limit']).toBeUndefined();

    // The next minute the key's budget is whole again.
    clock += 50_000;
    const next = await get('/api/members', key);
    expect(next.statusCode).toBe(200);
    expect(next.headers['ratelimit-remaining']).toBe('2');
    expect(next.headers['ratelimit-reset']).toBe('60');
  });

  it("counts a key's requests per day, readable by its organization's owner and admins only", async () => {
    const url = `/api/settings/api-keys/${KEY_A}/usage`;
    const res = await get(url, 'owner-a');
    expect(res.statusCode).toBe(200);
    const usage = apiKeyUsageRoutes.usage.responses[200].parse(res.json()).data;
    expect(usage).toEqual({ keyId: KEY_A, limitPerMinute: 3, days: [{ date: '2026-11-29', requests: 4, limited: 1 }] });
    expect((await get(url, 'admin-a')).statusCode).toBe(200);
    expect((await get(url, 'trainer-a')).statusCode).toBe(403);
    expect((await get(url, 'owner-b')).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(401);
    // A key cannot read usage (the route takes people's tokens only).
    const key = await get(url, secret('AAAAAAAA'));
    expect(key.statusCode).toBe(403);
    expect(ErrorBody.parse(key.json()).message).toMatch(/API keys cannot call this route/);
    expect((await get('/api/settings/api-keys/not-an-id/usage', 'owner-a')).statusCode).toBe(400);
    // A key auth does not list for the caller's organization (never used here either): 404, not an empty 200.
    expect((await get('/api/settings/api-keys/0190a1b2-c3d4-7e5f-8a9b-00000000ffff/usage', 'owner-a')).statusCode).toBe(404);
    // Their other key, a day later: its one request of yesterday.
    clock += 86_400_000;
    expect(apiKeyUsageRoutes.usage.responses[200].parse((await get(`/api/settings/api-keys/${KEY_A2}/usage`, 'owner-a')).json()).data.days).toEqual([
      { date: '2026-11-29', requests: 1, limited: 0 },
    ]);
  });

  it('reads the figures per plan from the environment, refusing a typo', () => {
    expect(parseApiKeyLimits('pro=600, enterprise=5000')).toMatchObject({ pro: 600, enterprise: 5000, free: DEFAULT_API_KEY_LIMITS.free });
    expect(parseApiKeyLimits(undefined)).toEqual(DEFAULT_API_KEY_LIMITS);
    expect(() => parseApiKeyLimits('platinum=10')).toThrow(/API_KEY_RATE_LIMITS/);
    expect(() => parseApiKeyLimits('pro=0')).toThrow(/API_KEY_RATE_LIMITS/);
  });
});

describe('per-key limits by plan, usage stored in auth', () => {
  const edge = (limiterClock: () => number) =>
    buildGateway({
      logger: pino({ level: 'silent' }),
      verifier,
      routes: routeTable({ MEMBERS_URL: upstreamUrl, AUTH_URL: upstreamUrl }),
      apiKeyLimiter: createKeyLimiter({ now: limiterClock }),
      apiKeyUsageUrl: authOpsUrl,
    });
  const on = (app: FastifyInstance, url: string, token: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it("limits a free-trial key at 60 a minute and a Pro key at 300 (the organization's plan, as auth's key check says)", async () => {
    const app = await edge(() => Date.parse('2026-11-29T12:00:10.000Z'));
    try {
      const trial = await on(app, '/api/members', secret('TTTTTTTT'));
      expect(trial.statusCode).toBe(200);
      expect(trial.headers['ratelimit-limit']).toBe(String(DEFAULT_API_KEY_LIMITS.free));
      expect(trial.headers['ratelimit-limit']).toBe('60');
      expect(trial.headers['ratelimit-remaining']).toBe('59');
      const pro = await on(app, '/api/members', secret('PPPPPPPP'));
      expect(pro.headers['ratelimit-limit']).toBe('300');
      expect(pro.headers['ratelimit-remaining']).toBe('299');
      // The usage route says the same figure per key.
      const usage = (id: string) => on(app, `/api/settings/api-keys/${id}/usage`, 'owner-a');
      expect(apiKeyUsageRoutes.usage.responses[200].parse((await usage(KEY_TRIAL)).json()).data.limitPerMinute).toBe(60);
      expect(apiKeyUsageRoutes.usage.responses[200].parse((await usage(KEY_PRO)).json()).data.limitPerMinute).toBe(300);
    } finally {
      await app.close();
    }
  });

  it("keeps a key's day across a gateway restart: two gateways' counts add up in auth; another gym's owner still gets 404", async () => {
    const day = '2026-12-01';
    const at = Date.parse(`${day}T08:00:00.000Z`);
    const first = await edge(() => at);
    for (let i = 0; i < 2; i++) expect((await on(first, '/api/members', secret('TTTTTTTT'))).statusCode).toBe(200);
    const before = batches;
    // Closing hands the counts over (no request waited on auth for them).
    await first.close();
    expect(batches).toBeGreaterThan(before);
    expect(stored.get(`${KEY_TRIAL} ${day}`)).toEqual({ requests: 2, limited: 0 });

    const second = await edge(() => at + 60_000);
    try {
      expect((await on(second, '/api/members', secret('TTTTTTTT'))).statusCode).toBe(200);
      const res = await on(second, `/api/settings/api-keys/${KEY_TRIAL}/usage`, 'owner-a');
      expect(res.statusCode, res.body).toBe(200);
      const usage = apiKeyUsageRoutes.usage.responses[200].parse(res.json()).data;
      expect(usage.days.find((d) => d.date === day)).toEqual({ date: day, requests: 3, limited: 0 });
      expect((await on(second, `/api/settings/api-keys/${KEY_TRIAL}/usage`, 'owner-b')).statusCode).toBe(404);
    } finally {
      await second.close();
    }
    expect(stored.get(`${KEY_TRIAL} ${day}`)).toEqual({ requests: 3, limited: 0 });
  });
});
