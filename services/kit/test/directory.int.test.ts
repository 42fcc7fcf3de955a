// The organization directory and the two guards every service gets from the kit, against the real PostgreSQL and
// Kafka: auth's organization and location events projected into the service's kit tables (idempotently, newest
// wins), a read-only trial refusing writes with 402 before the handler (nothing written) until a plan is bought, and
// an account awaiting approval refused everything but its own session routes.
import { ANY_ROLE, AuthEvents, ErrorBody, ok, topicOf, topicSpecs, type EventEnvelope, type RouteContract } from '@akhada/contracts';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTokenVerifier } from '../src/auth/verifier.ts';
import { BaseConfig } from '../src/config.ts';
import type { KitTables } from '../src/db/kit-migrations.ts';
import { makeEnvelope, newId } from '../src/events/envelope.ts';
import { createEventBus, type EventBus } from '../src/events/kafka.ts';
import { addRoute, createService, type App } from '../src/http/create-service.ts';
import { createLogger } from '../src/logger.ts';
import { bootRuntime, type Runtime } from '../src/runtime.ts';
import { createTestKeys } from '../src/testing/tokens.ts';
import { dropSchema, testInfra, uniqueSchema } from '../src/testing/infra.ts';

process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';

interface Db extends KitTables {
  writes: { id: string; org_id: string };
}

const routes = {
  write: {
    method: 'POST',
    path: '/things',
    body: z.object({ id: z.string() }),
    responses: { 201: ok(z.object({ id: z.string() })) },
    auth: true,
    roles: ANY_ROLE,
    summary: 'a write',
  },
  remove: {
    method: 'DELETE',
    path: '/things/:id',
    params: z.object({ id: z.string() }),
    responses: { 200: ok(z.object({ deleted: z.number() })) },
    auth: true,
    roles: ANY_ROLE,
    summary: 'another write',
  },
  list: {
    method: 'GET',
    path: '/things',
    responses: { 200: ok(z.object({ ids: z.array(z.string()) })) },
    auth: true,
    roles: ANY_ROLE,
    summary: 'a read',
  },
  seen: {
    method: 'PUT',
    path: '/things/seen',
    responses: { 200: ok(z.object({ seen: z.literal(true) })) },
    auth: true,
    roles: ANY_ROLE,
    allowReadOnly: true,
    summary: 'a write a read-only organization may make',
  },
  me: {
    method: 'GET',
    path: '/me',
    responses: { 200: ok(z.object({ pending: z.boolean() })) },
    auth: true,
    roles: ANY_ROLE,
    allowPending: true,
    summary: 'a route an account awaiting approval may call',
  },
} as const satisfies Record<string, RouteContract>;

const logger = createLogger('kit-directory-test', 'warn');
let infra: { databaseUrl: string; brokers: string[] };
let schema: string;
let runtime: Runtime<Db>;
let producer: EventBus;
let app: App;
let keys: Awaited<ReturnType<typeof createTestKeys>>;

const expired = newId(); // free plan, trial ended yesterday
const trialing = newId(); // free plan, 10 days of trial left
const unknown = newId(); // never announced
const [L1, L2] = [newId(), newId()];
const day = 86_400_000;

const meta = (orgId: string, occurredAt = new Date()) => ({
  aggregateId: orgId,
  orgId,
  correlationId: newId(),
  causationId: newId(),
  occurredAt: occurredAt.toISOString(),
});
const produce = (env: EventEnvelope<unknown>) =>
  producer.publish([
    { topic: topicOf('auth'), key: env.aggregateId, value: JSON.stringify(env), headers: { 'event-id': env.eventId, 'event-type': env.type } },
  ]);
const orgCreated = (orgId: string, trialEndsAt: Date, at?: Date) =>
  makeEnvelope(AuthEvents.OrganizationCreated, {
    ...meta(orgId, at),
    data: { orgId, name: 'Iron Temple', plan: 'free', trialEndsAt: trialEndsAt.toISOString(), ownerId: newId() },
  });
const planChanged = (orgId: string, plan: 'free' | 'starter', trialEndsAt: Date | null, at?: Date) =>
  makeEnvelope(AuthEvents.OrganizationPlanChanged, { ...meta(orgId, at), data: { orgId, plan, trialEndsAt: trialEndsAt?.toISOString() ?? null } });
const locationCreated = (orgId: string, locationId: string, name: string, city: string) =>
  makeEnvelope(AuthEvents.LocationCreated, { ...meta(orgId), data: { locationId, orgId, name, city, timezone: 'Asia/Kolkata' } });

const tokenFor = (orgId: string, extra: { pending?: boolean } = {}) => keys.sign({ orgId, role: 'owner', locationIds: [L1], ...extra });
const call = async (orgId: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, extra: { pending?: boolean } = {}) => {
  const res = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await tokenFor(orgId, extra)}` },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};
const writesOf = async (orgId: string) => (await runtime.dbh.db.selectFrom('writes').select('id').where('org_id', '=', orgId).execute()).map((r) => r.id);

beforeAll(async () => {
  infra = await testInfra();
  schema = uniqueSchema('kitdir');
  keys = await createTestKeys();
  producer = createEventBus({ clientId: `test-producer-${schema}`, brokers: infra.brokers, logger });
  await producer.ensureTopics(topicSpecs().filter((t) => t.topic === topicOf('auth')));
  const config = BaseConfig.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: infra.databaseUrl,
    KAFKA_BROKERS: infra.brokers.join(','),
    INSTANCE_ID: schema,
  });
  runtime = await bootRuntime<Db>({
    name: schema,
    config,
    migrations: {
      '0001_writes': {
        async up(db: Kysely<unknown>) {
          await db.schema
            .createTable('writes')
            .addColumn('id', 'text', (c) => c.primaryKey())
            .addColumn('org_id', 'uuid', (c) => c.notNull())
            .execute();
        },
      },
    },
    verifier: (revocations) => createTokenVerifier({ keys: keys.keys, revocations }),
  });
  const svc = createService({ name: 'kitdir', logger, verifier: runtime.verifier, directory: runtime.directory });
  const { db } = runtime.dbh;
  addRoute(svc, routes.write, async ({ body, ctx }, _req, reply) => {
    await db.insertInto('writes').values({ id: body.id, org_id: ctx.orgId }).execute();
    return reply.status(201).send({ success: true, data: { id: body.id } });
  });
  addRoute(svc, routes.remove, async ({ params, ctx }) => {
    const r = await db.deleteFrom('writes').where('id', '=', params.id).where('org_id', '=', ctx.orgId).executeTakeFirst();
    return { success: true, data: { deleted: Number(r.numDeletedRows) } };
  });
  addRoute(svc, routes.list, async ({ ctx }) => ({ success: true, data: { ids: await writesOf(ctx.orgId) } }));
  addRoute(svc, routes.seen, async () => ({ success: true, data: { seen: true as const } }));
  addRoute(svc, routes.me, async ({ ctx }) => ({ success: true, data: { pending: ctx.pending } }));
  app = svc.app;
  await app.ready();
});

afterAll(async () => {
  const steps: (() => Promise<unknown>)[] = [
    async () => app?.close(),
    ...(runtime?.closers ?? []),
    async () => producer?.deleteGroups((g) => g.includes(schema)),
    async () => producer?.disconnect(),
    async () => (schema ? dropSchema(infra.databaseUrl, schema) : undefined),
  ];
  for (const step of steps) await step().catch((err: unknown) => console.warn('cleanup step failed', err));
});

describe('organization directory', () => {
  it('projects organizations and locations from the auth topic', async () => {
    const now = Date.now();
    await produce(orgCreated(expired, new Date(now - day)));
    await produce(orgCreated(trialing, new Date(now + 10 * day)));
    await produce(locationCreated(expired, L1, 'Andheri', 'Mumbai'));
    await produce(locationCreated(expired, L2, 'Bandra', 'Mumbai'));
    const org = await vi.waitFor(
      async () => {
        const o = await runtime.directory.organization(expired);
        expect(o).not.toBeNull();
        return o!;
      },
      { message: 'the organization projected', timeout: 30_000, interval: 100 },
    );
    expect(org).toEqual({ orgId: expired, plan: 'free', trialEndsAt: new Date(now - day) });
    const locations = await vi.waitFor(
      async () => {
        const l = await runtime.directory.locationsOf(expired);
        expect(l).toHaveLength(2);
        return l;
      },
      { message: 'both locations projected', timeout: 30_000, interval: 100 },
    );
    expect(locations.map((l) => l.name)).toEqual(['Andheri', 'Bandra']);
    expect(await runtime.directory.location(L2)).toEqual({ locationId: L2, orgId: expired, name: 'Bandra', city: 'Mumbai', timezone: 'Asia/Kolkata' });
    expect(await runtime.directory.location(newId())).toBeNull();
    expect(await runtime.directory.organization(unknown)).toBeNull();
    expect(await runtime.directory.locationsOf(unknown)).toEqual([]);
    await vi.waitFor(async () => expect(await runtime.directory.organization(trialing)).toMatchObject({ plan: 'free' }), {
      message: 'the second organization',
      timeout: 30_000,
      interval: 100,
    });
  });

  it('applies a redelivered event once and never lets an older event overwrite a newer one', async () => {
    const orgId = newId();
    const created = orgCreated(orgId, new Date(Date.now() + 5 * day), new Date(Date.now() - 60_000));
    await produce(created);
    await produce(created); // the same event again (same eventId)
    await produce(planChanged(orgId, 'starter', null));
    // An event that happened before the plan change, arriving after it (a replay): ignored.
    await produce(planChanged(orgId, 'free', new Date(Date.now() - day), new Date(Date.now() - 30_000)));
    // Barrier: an organization announced after both, on the same key (same partition): once it is there, all are.
    const barrier = newId();
    await produce({ ...orgCreated(barrier, new Date()), aggregateId: orgId });
    await vi.waitFor(async () => expect(await runtime.directory.organization(barrier)).not.toBeNull(), {
      message: 'the barrier',
      timeout: 30_000,
      interval: 100,
    });
    expect(await runtime.directory.organization(orgId)).toEqual({ orgId, plan: 'starter', trialEndsAt: null });
    const inbox = await runtime.dbh.db.selectFrom('inbox').select('event_id').where('event_id', '=', created.eventId).execute();
    expect(inbox).toHaveLength(1);
    const rows = await sql<{ n: number }>`select count(*)::int as n from kit_organizations where org_id = ${orgId}`.execute(runtime.dbh.db);
    expect(rows.rows[0]?.n).toBe(1);
  });
});

describe('read-only trial guard', () => {
  it('refuses every write of an organization whose trial ended with 402 and writes nothing', async () => {
    await vi.waitFor(async () => expect(await runtime.directory.organization(expired)).not.toBeNull(), {
      message: 'the organization projected',
      timeout: 30_000,
      interval: 100,
    });
    const refused = await call(expired, 'POST', '/things', { id: 'x-1' });
    expect(refused.status).toBe(402);
    expect(ErrorBody.parse(refused.body)).toMatchObject({
      success: false,
      code: 'TRIAL_ENDED',
      message: 'Your free trial has ended. Choose a plan to keep making changes.',
    });
    expect((await call(expired, 'DELETE', '/things/x-1')).status).toBe(402);
    // Refused before the body is even validated: a broken body gets the same answer, nothing is parsed or written.
    expect((await call(expired, 'POST', '/things', { nope: 1 })).status).toBe(402);
    expect(await writesOf(expired)).toEqual([]);
  });

  it('still answers reads and the writes marked allowReadOnly', async () => {
    const read = await call(expired, 'GET', '/things');
    expect(read).toEqual({ status: 200, body: { success: true, data: { ids: [] } } });
    expect((await call(expired, 'PUT', '/things/seen')).status).toBe(200);
  });

  it('lets organizations in their trial, and ones it does not know yet, write', async () => {
    await vi.waitFor(async () => expect(await runtime.directory.organization(trialing)).not.toBeNull(), {
      message: 'the organization projected',
      timeout: 30_000,
      interval: 100,
    });
    expect((await call(trialing, 'POST', '/things', { id: 't-1' })).status).toBe(201);
    expect((await call(unknown, 'POST', '/things', { id: 'u-1' })).status).toBe(201);
    expect(await writesOf(trialing)).toEqual(['t-1']);
  });

  it('lets the organization write again once auth announces a plan', async () => {
    await produce(planChanged(expired, 'starter', null));
    await vi.waitFor(async () => expect((await call(expired, 'POST', '/things', { id: 'x-2' })).status).toBe(201), {
      message: 'the write accepted after the plan change',
      timeout: 30_000,
      interval: 100,
    });
    expect(await writesOf(expired)).toEqual(['x-2']);
  });
});

describe('pending account guard', () => {
  it('answers 403 ACCOUNT_PENDING on every route but allowPending ones', async () => {
    const refused = await call(trialing, 'GET', '/things', undefined, { pending: true });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'ACCOUNT_PENDING', message: "Your account is waiting for the gym's approval." });
    expect((await call(trialing, 'POST', '/things', { id: 'p-1' }, { pending: true })).status).toBe(403);
    expect(await writesOf(trialing)).toEqual(['t-1']);
    expect(await call(trialing, 'GET', '/me', undefined, { pending: true })).toEqual({ status: 200, body: { success: true, data: { pending: true } } });
    expect(await call(trialing, 'GET', '/me')).toEqual({ status: 200, body: { success: true, data: { pending: false } } });
  });
});
