import { bootServiceForTest } from '@akhada/kit/testing';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { SchedulingDeps } from '../src/app/deps.ts';
import { buildApp } from '../src/build-app.ts';
import { migrations } from '../src/db/migrations.ts';
import type { SchedulingDb } from '../src/db/schema.ts';

/** One scheduling service for a test file (the kit's harness): the app (inject), a settable clock, directory rows, members. */
export const bootScheduling = async (prefix: string) => {
  const t = await bootServiceForTest<SchedulingDb, Pick<SchedulingDeps, 'db' | 'clock'>, ReturnType<typeof buildApp>>({
    name: 'scheduling',
    prefix,
    migrations,
    now: '2030-03-11T00:00:00.000Z', // Monday 05:30 in Kolkata
    deps: ({ db, clock }) => ({ db, clock }),
    buildApp,
  });
  const org = (orgId: string, locations: string[], plan: { plan: string; trialEndsAt: Date | null } = { plan: 'pro', trialEndsAt: null }) =>
    t.seed({ orgs: [{ orgId, ...plan }], locations: locations.map((locationId) => ({ locationId, orgId })) });
  const member = (id: string, orgId: string, locationId: string, o: { status?: string; endDate?: string; plan?: string } = {}) =>
    t.db
      .insertInto('members')
      .values({
        id,
        org_id: orgId,
        location_id: locationId,
        first_name: 'Asha',
        last_name: `Rao ${id.slice(0, 4)}`,
        status: o.status ?? 'active',
        membership_type: o.plan ?? 'basic',
        end_date: o.endDate ?? '2099-12-31',
        updated_at: new Date(),
      })
      .execute();
  const trainer = (id: string, orgId: string, locationId: string, status = 'active') =>
    t.db
      .insertInto('trainers')
      .values({ id, org_id: orgId, location_id: locationId, first_name: 'Ravi', last_name: 'Kumar', status, updated_at: new Date() })
      .execute();
  const call = async (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { status: res.statusCode, body: res.json() as { data?: unknown; code?: string; message?: string } & Record<string, unknown> };
  };
  return { ...t, org, member, trainer, call };
};

type Reply = { status: number; body: { data?: unknown; code?: string; message?: string } };

/** The reply's data, once its status is `status` (the body shown when it is not). */
export const ok = <T>(r: Reply, status = 200): T => {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body.data as T;
};

/** A refusal: its status, and (when given) its code and its message (the very text, or one that matches). */
export const refused = (r: Reply, status: number, code?: string, message?: string | RegExp) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  if (code) expect(r.body.code).toBe(code);
  if (typeof message === 'string') expect(r.body.message).toBe(message);
  else if (message) expect(r.body.message).toMatch(message);
};

/**
 * The gyms the route tests share: gym A (locations L1 and L2), gym B (LB) and a gym on the Starter plan (no scheduling),
 * with their staff's tokens; each file adds its own members.
 */
export const seedGyms = async (
  t: Awaited<ReturnType<typeof bootScheduling>>,
  g: { orgA: string; orgB: string; orgStarter: string; L1: string; L2: string; LB: string },
) => {
  await t.org(g.orgA, [g.L1, g.L2]);
  await t.org(g.orgB, [g.LB]);
  await t.org(g.orgStarter, [randomUUID()], { plan: 'starter', trialEndsAt: null });
  return {
    owner: await t.sign(g.orgA, 'owner', [g.L1, g.L2]),
    adminL2: await t.sign(g.orgA, 'admin', [g.L2]),
    trainer: await t.sign(g.orgA, 'trainer', [g.L1]),
    trainerL2: await t.sign(g.orgA, 'trainer', [g.L2]),
    ownerB: await t.sign(g.orgB, 'owner', [g.LB]),
    starter: await t.sign(g.orgStarter, 'owner', []),
  };
};
