// The standing API key guard (issue 29), generated from the contracts like the role matrix, through the gateway against
// the real stack. For every route whose contract names an `apiScope`:
// - a key without that scope gets 403 naming it (`This API key lacks the members:write scope`), before anything is read;
// - a key with it passes the auth stage (never 401, nor 403 about the key);
// - with another organization's real id it answers 404 and changes nothing.
// Every other signed-in route refuses keys. A revoked key is refused by the gateway and every service within 60 s.
import {
  allRouteContracts,
  API_AREAS,
  API_SCOPES,
  apiKeyRoutes,
  authRoutes,
  ErrorBody,
  memberRoutes,
  scopeName,
  type ApiScope,
  type RegisteredRoute,
} from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Api, type Gym } from './guard/actors.ts';
import { DbWatch, type Snapshot } from './guard/db-watch.ts';
import { mapLimit } from './guard/http.ts';
import { RESOURCE_FACTORIES, resourceKind, type Resource } from './guard/resources.ts';
import { guardSampling, pick } from './guard/sampling.ts';
import { validSample } from './guard/samples.ts';
import { errorShapeProblem, excerpt } from './guard/verdict.ts';

const api = new Api(inject('gatewayUrl'));
const db = new DbWatch();

const scoped = allRouteContracts.filter((r) => r.contract.auth && r.contract.apiScope);
const sampling = guardSampling();
/**
 * The routes no key may call: refused by the one check in addRoute, so a run sends a sample of them (chosen by the
 * guards' seed; every one with GUARD_FULL=1) and every scoped route in full.
 */
const unscopedAll = allRouteContracts.filter((r) => r.contract.auth && !r.contract.apiScope);
const unscoped = sampling.full ? unscopedAll : pick(unscopedAll, 40, sampling.seed, (r) => r.name);
const scopedIdRoutes = scoped.filter((r) => r.contract.params);

let gymA: Gym;
let gymB: Gym;
/** Gym A's keys: every scope; every read scope; and per area, every scope but that area's. */
let full: string;
let readOnly: string;
const allBut = new Map<string, string>();
const foreign = new Map<string, Resource>();
let watchedFrom: Snapshot | undefined;

const makeKey = async (name: string, scopes: readonly ApiScope[]) => {
  const r = await api.call('POST', '/settings/api-keys', { name, scopes }, gymA.owner.token);
  if (r.status !== 201) throw new Error(`create key ${name}: ${r.status} ${r.text}`);
  return apiKeyRoutes.create.responses[201].parse(r.json).data;
};

/** A request the route's contract accepts, from the key's side (gym A's location). */
const requestFor = (r: RegisteredRoute, gym: Gym, ids: Record<string, string> = {}) => {
  const c = r.contract;
  const ctx = { locationId: gym.locationId, joinCode: gym.joinCode, currentPassword: 'not the current password' };
  const params = c.params ? { ...(validSample(c.params, r.name, ctx) as Record<string, string>), ...ids } : {};
  const query = c.query ? (validSample(c.query, r.name, ctx) as Record<string, unknown>) : {};
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return {
    method: c.method,
    path: `${c.path.replace(/:([A-Za-z]+)/g, (_, k: string) => encodeURIComponent(params[k] ?? randomUUID()))}${qs ? `?${qs}` : ''}`,
    body: c.body ? validSample(c.body, r.name, ctx) : undefined,
  };
};

beforeAll(async () => {
  [gymA, gymB] = await Promise.all([api.newGym('key-a'), api.newGym('key-b')]);
  full = (await makeKey('Everything', API_SCOPES)).secret;
  readOnly = (
    await makeKey(
      'Read only',
      API_SCOPES.filter((s) => s.endsWith(':read')),
    )
  ).secret;
  for (const area of API_AREAS)
    allBut.set(
      area,
      (
        await makeKey(
          `All but ${area}`,
          API_SCOPES.filter((s) => !s.startsWith(`${area}:`)),
        )
      ).secret,
    );
  for (const kind of new Set(scopedIdRoutes.map((r) => resourceKind(r.contract.path)))) {
    const make = RESOURCE_FACTORIES[kind];
    if (make) foreign.set(kind, await make(api, gymB));
  }
});

afterAll(async () => {
  api.close();
  await db.close();
});

const isKeyRefusal = (status: number, json: unknown) => status === 401 || (status === 403 && /API key/.test(ErrorBody.safeParse(json).data?.message ?? ''));

describe('API keys: the scope each route declares', () => {
  it('covers every area with routes a key may call', () => {
    expect(new Set(scoped.map((r) => r.contract.apiScope!.area))).toEqual(new Set(API_AREAS));
  });

  it('refuses a key without the route’s scope with 403 naming it, and a key on a route without a scope, writing nothing', async () => {
    // One watched window over this test and the next (cross-organization): neither may write anything.
    watchedFrom = await db.settled();
    const wrong: string[] = [];
    await mapLimit(scoped, 4, async (r) => {
      const need = r.contract.apiScope!;
      const req = requestFor(r, gymA);
      const lacking = [allBut.get(need.area)!, ...(need.access === 'write' ? [readOnly] : [])];
      for (const key of lacking) {
        const a = await api.call(req.method, req.path, req.body, key);
        const message = ErrorBody.safeParse(a.json).data?.message;
        if (a.status !== 403 || message !== `This API key lacks the ${scopeName(need)} scope`)
          wrong.push(`${r.name} without ${scopeName(need)} → ${a.status} ${excerpt(a.text)}`);
      }
    });
    await mapLimit(unscoped, 8, async (r) => {
      const req = requestFor(r, gymA);
      const a = await api.call(req.method, req.path, req.body, full);
      // The gateway's own answers (the data export) refuse keys at its token check: 401.
      const ok =
        a.status === 401 ||
        (a.status === 403 && ErrorBody.safeParse(a.json).data?.message === 'API keys cannot call this route; sign in as a person to use it');
      if (!ok || errorShapeProblem(a.json)) wrong.push(`${r.name} (no apiScope) → ${a.status} ${excerpt(a.text)}`);
    });
    console.log(
      `API key guard: ${scoped.length} scoped routes refused without their scope; ${unscoped.length} of ${unscopedAll.length} other routes refused to a key (seed ${sampling.seed})`,
    );
    expect(wrong).toEqual([]);
  });

  it('answers 404 to gym A’s key with gym B’s real ids, and changes nothing', async () => {
    const missing = scopedIdRoutes.filter((r) => !foreign.has(resourceKind(r.contract.path))).map((r) => r.name);
    expect(missing, 'add a factory to frontend/e2e/guard/resources.ts').toEqual([]);
    const readBefore = new Map(await Promise.all([...foreign].map(async ([k, res]) => [k, await res.readBack()] as const)));
    const seen: string[] = [];
    for (const r of scopedIdRoutes) {
      const res = foreign.get(resourceKind(r.contract.path))!;
      const req = requestFor(r, gymA, { id: res.id, saleId: res.id });
      const a = await api.call(req.method, req.path, req.body, full);
      seen.push(`${r.name} → ${a.status}`);
      expect(a.status, `${r.name} with gym B's ${resourceKind(r.contract.path)} ${res.id}: ${excerpt(a.text)}`).toBe(404);
      expect(errorShapeProblem(a.json), r.name).toBeUndefined();
    }
    console.log(`API key guard, cross-organization: ${seen.join(', ')}`);
    for (const [k, res] of foreign) expect(await res.readBack(), `gym B's ${k}`).toEqual(readBefore.get(k));
    expect(watchedFrom, 'the refusals test ran first').toBeDefined();
    expect(DbWatch.describe(DbWatch.diff(watchedFrom!, await db.settled()))).toBe('');
  });

  it('lets a key with the route’s scope past the auth stage on every scoped route (as Bearer and as X-Api-Key)', async () => {
    const wrong: string[] = [];
    const statuses: string[] = [];
    await mapLimit(scoped, 4, async (r) => {
      const req = requestFor(r, gymA);
      const a = await api.call(req.method, req.path, req.body, full);
      statuses.push(`${r.name} ${a.status}`);
      if (isKeyRefusal(a.status, a.json) || a.status >= 500) wrong.push(`${r.name} → ${a.status} ${excerpt(a.text)}`);
    });
    const viaHeader = await api.client.send({ method: 'GET', path: '/api/members?limit=1', headers: { 'x-api-key': readOnly } });
    expect(viaHeader.status, viaHeader.text).toBe(200);
    console.log(`API key guard, with the scope: ${statuses.sort().join(', ')}`);
    expect(wrong).toEqual([]);
  });

  it('keeps a key of one location to that location, as staff of that location are kept', async () => {
    const opened = await api.call('POST', '/auth/locations', { name: 'Second branch', city: 'Pune' }, gymA.owner.token);
    expect(opened.status, opened.text).toBe(201);
    const second = authRoutes.createLocation.responses[201].parse(opened.json).data._id;
    const firstMember = await api.newMember(gymA);
    const made = await makeKey('Second branch only', ['members:write']);
    const restricted = await api.call('POST', '/settings/api-keys', { name: 'Branch 2', scopes: ['members:write'], locationIds: [second] }, gymA.owner.token);
    expect(restricted.status, restricted.text).toBe(201);
    const key = apiKeyRoutes.create.responses[201].parse(restricted.json).data.secret;
    const listed = memberRoutes.list.responses[200].parse((await api.call('GET', '/members?limit=100', undefined, key)).json).data.map((m) => m._id);
    expect(listed).not.toContain(firstMember);
    expect((await api.call('GET', `/members/${firstMember}`, undefined, key)).status).toBe(404);
    const body = { firstName: 'Key', lastName: 'Member', email: `guard-k-${randomUUID().slice(0, 8)}@example.in`, phone: '+91 91234 56780' };
    const elsewhere = await api.call('POST', '/members', { ...body, locationId: gymA.locationId }, key);
    expect(elsewhere.status, elsewhere.text).toBe(403);
    expect((await api.call('POST', '/members', { ...body, locationId: second }, key)).status).toBe(201);
    // The unrestricted key of the same gym sees the member.
    expect((await api.call('GET', `/members/${firstMember}`, undefined, made.secret)).status).toBe(200);
  });

  it('refuses a revoked key at the gateway and every service within 60 s', async () => {
    const made = await makeKey('Revoked soon', ['members:read', 'payments:read', 'scheduling:read']);
    const paths = ['/members?limit=1', '/payments?limit=1', '/scheduling/class-types'];
    for (const p of paths) expect((await api.call('GET', p, undefined, made.secret)).status, p).toBe(200);
    const t0 = Date.now();
    expect((await api.call('DELETE', `/settings/api-keys/${made.key.id}`, undefined, gymA.owner.token)).status).toBe(200);
    for (const p of paths)
      await expect.poll(async () => (await api.call('GET', p, undefined, made.secret)).status, { timeout: 60_000, interval: 250 }).toBe(401);
    console.log(`API key guard: revoked key refused everywhere ${Date.now() - t0} ms after revoking`);
  });
});
