// The standing tenancy and role guard (issue 8), through the gateway against the real stack:
// - every route with an id in its path, called by each role of gym A that may call it with a REAL id of gym B
//   (a member, a notification of B's owner), answers 404 and changes nothing;
// - every authenticated route answers 403 to each role its contract does not list, and never 403 (nor 401) to a role
//   it lists. The role check comes before any lookup, so an unlisted role gets 403 on id routes too, whatever the id:
//   that tells nothing about the id (members' getMember refuses members before it looks; see RouteContract).
import { allRouteContracts, Role, type RegisteredRoute } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Api, type Actor, type Gym } from './guard/actors.ts';
import { DbWatch } from './guard/db-watch.ts';
import { mapLimit } from './guard/http.ts';
import { RESOURCE_FACTORIES, resourceKind, type Resource } from './guard/resources.ts';
import { validSample } from './guard/samples.ts';
import { errorShapeProblem, excerpt } from './guard/verdict.ts';

const api = new Api(inject('gatewayUrl'));
const db = new DbWatch();

let gymA: Gym & { roles: Record<Role, Actor> };
let gymB: Gym;
const foreign = new Map<string, Resource>();

// Routes a guest may call (a signed file link, a calendar feed) have no caller's organization to cross: the link is the
// credential, and their own tests refuse a wrong one.
const idRoutes = allRouteContracts.filter((r) => r.contract.params && r.contract.auth);
const authRoutes = allRouteContracts.filter((r) => r.contract.auth);

/** A request the route's contract accepts, from the caller's side (its location; never its real current password). */
const requestFor = (r: RegisteredRoute, actor: Actor, gym: Gym, ids: Record<string, string> = {}) => {
  const c = r.contract;
  const ctx = { locationId: actor.locationIds[0] ?? gym.locationId, joinCode: gym.joinCode, currentPassword: 'not the current password' };
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
  const [a, b] = await Promise.all([api.newGym('org-a').then((g) => api.withAllRoles(g)), api.newGym('org-b')]);
  gymA = a;
  gymB = b;
  // Admins of gym A manage API keys (the owner's setting, off by default) as the contract's roles say they may.
  const policy = await api.call('PUT', '/settings/api-keys/policy', { adminsMayManage: true }, gymA.owner.token);
  expect(policy.status, policy.text).toBe(200);
  const kinds = [...new Set(idRoutes.map((r) => resourceKind(r.contract.path)))];
  for (const kind of kinds) {
    const make = RESOURCE_FACTORIES[kind];
    if (make) foreign.set(kind, await make(api, gymB));
  }
});

afterAll(async () => {
  api.close();
  await db.close();
});

describe('another organization’s real id', () => {
  it('has a real resource of gym B for every route with an id in its path', () => {
    const missing = idRoutes.filter((r) => !foreign.has(resourceKind(r.contract.path))).map((r) => r.name);
    expect(missing, 'add a factory to frontend/e2e/guard/resources.ts').toEqual([]);
  });

  it('answers 404 with the error body to every role of gym A that may call the route, and changes nothing', async () => {
    const before = await db.settled();
    const readBefore = new Map(await Promise.all([...foreign].map(async ([k, res]) => [k, await res.readBack()] as const)));
    for (const [k, v] of readBefore) expect(v, `gym B's ${k} reads back`).toBeDefined();

    const seen: string[] = [];
    for (const r of idRoutes) {
      const res = foreign.get(resourceKind(r.contract.path));
      if (!res) continue;
      for (const role of r.contract.roles ?? []) {
        const caller = gymA.roles[role];
        const req = requestFor(r, caller, gymA, { id: res.id, saleId: res.id });
        const answer = await api.call(req.method, req.path, req.body, caller.token);
        seen.push(`${r.name} as A's ${role} → ${answer.status}`);
        expect(answer.status, `${r.name} as gym A's ${role} with gym B's ${resourceKind(r.contract.path)} ${res.id}: ${excerpt(answer.text)}`).toBe(404);
        expect(errorShapeProblem(answer.json), r.name).toBeUndefined();
      }
    }
    console.log(`cross-organization: ${seen.length} calls with gym B's real ids, all 404:\n  ${seen.join('\n  ')}`);

    for (const [k, res] of foreign) expect(await res.readBack(), `gym B's ${k} as its owner reads it`).toEqual(readBefore.get(k));
    const after = await db.settled();
    expect(DbWatch.describe(DbWatch.diff(before, after))).toBe('');
  });

  it('answers 404 for a notification of another user of the same gym', async () => {
    const notificationRoutes = idRoutes.filter((r) => resourceKind(r.contract.path) === 'notifications');
    const ownersOwn = await RESOURCE_FACTORIES.notifications!(api, gymA);
    const before = await ownersOwn.readBack();
    for (const r of notificationRoutes) {
      for (const role of (r.contract.roles ?? []).filter((x) => x !== 'owner')) {
        const caller = gymA.roles[role];
        const req = requestFor(r, caller, gymA, { id: ownersOwn.id });
        const answer = await api.call(req.method, req.path, req.body, caller.token);
        expect(answer.status, `${r.name} as ${role} with the owner's notification: ${excerpt(answer.text)}`).toBe(404);
      }
    }
    expect(await ownersOwn.readBack()).toEqual(before);
  });
});

describe('role matrix: the roles each route declares may call it, no other role may', () => {
  /**
   * A session per role of gym A, of its own (never the gym's set-up sessions), kept from route to route: a route may
   * end it (logout, sign out everywhere) or replace its token (refresh), so after each route every session is checked
   * and a fresh one signed in for the next route where it no longer works. (Signing in per call was 916 sign-ins.)
   */
  const sessions = new Map<Role, Promise<Actor>>();
  const sessionOf = (role: Role): Promise<Actor> => {
    let s = sessions.get(role);
    if (!s) sessions.set(role, (s = api.signIn(gymA.roles[role])));
    return s;
  };
  let renewed = 0;
  afterAll(() => console.log(`role matrix: ${authRoutes.length} routes × ${Role.options.length} roles on ${Role.options.length + renewed} sessions`));

  for (const r of authRoutes) {
    it(`${r.name}: ${r.contract.roles?.join(', ')}`, async () => {
      const results = await mapLimit(Role.options, 4, async (role) => {
        const caller = await sessionOf(role);
        const req = requestFor(r, caller, gymA);
        const answer = await api.call(req.method, req.path, req.body, caller.token);
        return { role, listed: r.contract.roles?.includes(role) ?? false, answer };
      });
      await Promise.all(
        Role.options.map(async (role) => {
          if ((await api.call('GET', '/auth/me', undefined, (await sessionOf(role)).token)).status === 200) return;
          sessions.delete(role);
          renewed++;
        }),
      );
      const wrong = results
        .filter(({ listed, answer }) =>
          listed
            ? answer.status === 403 || answer.status === 401 || answer.status >= 500
            : answer.status !== 403 || errorShapeProblem(answer.json) !== undefined,
        )
        .map(({ role, listed, answer }) => `${role} (${listed ? 'listed' : 'not listed'}) → ${answer.status} ${excerpt(answer.text)}`);
      console.log(`role matrix ${r.name}: ${results.map(({ role, answer }) => `${role} ${answer.status}`).join(', ')}`);
      expect(wrong).toEqual([]);
    });
  }
});
