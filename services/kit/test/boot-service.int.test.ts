import { topicOf, topicSpecs } from '@akhada/contracts';
import { bootServiceForTest, type TestServiceContext } from '@akhada/kit/testing';
import Fastify from 'fastify';
import { Kafka, logLevel } from 'kafkajs';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { KitTables } from '../src/db/kit-migrations.ts';

// The test harness every service's int tests boot through: schema, migrations, app, tokens, directory, close().
const schemaExists = async (db: TestServiceContext<KitTables>['db'], schema: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from information_schema.schemata where schema_name = ${schema}`.execute(db)).rows[0]?.n === 1;

describe('bootServiceForTest', () => {
  it('boots the app over a migrated schema of its own with the directory seeded, tokens its verifier accepts, and drops the schema on close', async () => {
    const orgId = randomUUID();
    const locationId = randomUUID();
    const svc = await bootServiceForTest({
      name: 'kit_harness',
      migrations: {},
      kafka: false,
      now: '2025-03-11T00:30:00Z',
      directory: { orgs: [{ orgId, plan: 'free', trialEndsAt: '2025-03-01T00:00:00Z' }], locations: [{ locationId, orgId, timezone: 'Asia/Dubai' }] },
      deps: ({ clock }: TestServiceContext<KitTables>) => ({ clock }),
      buildApp: (deps) => {
        const app = Fastify();
        app.get('/whoami', async (req) => {
          const claims = await deps.verifier.verify(String(req.headers.authorization).replace('Bearer ', ''));
          return { orgId: claims.org, role: claims.role, at: deps.clock().toISOString(), locations: await deps.directory.locationsOf(claims.org) };
        });
        return app;
      },
    });
    expect(svc.runtime).toBeUndefined();
    expect(svc.schema).toMatch(/^kit_harness_t[0-9a-f]{8}$/);
    expect(await svc.directory.isReadOnly(orgId, svc.clock())).toBe(true);
    await svc.seed({ orgs: [{ orgId: randomUUID() }] });
    const res = await svc.app.inject({ method: 'GET', url: '/whoami', headers: { authorization: `Bearer ${await svc.sign(orgId, 'admin', [locationId])}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      orgId,
      role: 'admin',
      at: '2025-03-11T00:30:00.000Z',
      locations: [{ locationId, orgId, name: 'Branch', city: 'Pune', timezone: 'Asia/Dubai' }],
    });
    expect(await sql<{ n: number }>`select count(*)::int as n from kit_organizations`.execute(svc.db).then((r) => r.rows[0]?.n)).toBe(2);
    await svc.close();
    const other = await bootServiceForTest({ name: 'kit_harness', migrations: {}, kafka: false, buildApp: () => Fastify() });
    expect(await schemaExists(other.db, svc.schema)).toBe(false);
    await other.close();
  });

  it('runs prepare on the app before it is ready, and with deleteGroups deletes the consumer groups named after the schema on close', async () => {
    const svc = await bootServiceForTest({
      name: 'kit_harness',
      migrations: {},
      deleteGroups: true,
      buildApp: () => Fastify(),
      // A route can only be added before the app is ready: prepare runs in between.
      prepare: (app) => app.get('/prepared', async () => ({ prepared: true })),
    });
    expect((await svc.app.inject({ method: 'GET', url: '/prepared' })).json()).toEqual({ prepared: true });
    const topic = topicOf('auth');
    await svc.runtime.bus.ensureTopics(topicSpecs().filter((t) => t.topic === topic));
    const sub = await svc.runtime.bus.subscribe({ groupId: `${svc.schema}.test`, topics: [topic], from: 'now', onMessage: async () => undefined });
    await sub.joined;
    const admin = new Kafka({ clientId: `${svc.schema}-check`, brokers: svc.brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      const groups = async () => (await admin.listGroups()).groups.map((g) => g.groupId).filter((g) => g.includes(svc.schema));
      expect(await groups()).toEqual(expect.arrayContaining([expect.stringContaining(`${svc.schema}.test`)]));
      await svc.close();
      expect(await groups()).toEqual([]);
    } finally {
      await admin.disconnect();
    }
  });
});
