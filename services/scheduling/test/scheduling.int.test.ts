import { ErrorBody, schedulingRoutes } from '@akhada/contracts';
import { createDb, createLogger, createTokenVerifier, migrate, RevocationList, type DbHandle } from '@akhada/kit';
import { createTestKeys, dropSchema, testInfra, uniqueSchema } from '@akhada/kit/testing';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/build-app.ts';
import { migrations } from '../src/db/migrations.ts';
import type { SchedulingDb } from '../src/db/schema.ts';

// The scheduling service's app against the real PostgreSQL, in a schema of its own, called with app.inject().
let databaseUrl: string;
let dbh: DbHandle<SchedulingDb>;
let app: ReturnType<typeof buildApp>;
let keys: Awaited<ReturnType<typeof createTestKeys>>;
const schema = uniqueSchema('scheduling');
const orgA = randomUUID();
const orgB = randomUUID();
const now = new Date('2025-03-11T00:30:00.000Z');

beforeAll(async () => {
  ({ databaseUrl } = await testInfra());
  dbh = createDb<SchedulingDb>({ url: databaseUrl, schema });
  await migrate(dbh, migrations);
  keys = await createTestKeys();
  const verifier = createTokenVerifier({ keys: keys.keys, revocations: new RevocationList() });
  app = buildApp({
    logger: createLogger('scheduling-test', 'silent'),
    verifier,
    readiness: { database: () => sql`select 1`.execute(dbh.db) },
    db: dbh.db,
    clock: () => now,
  });
  await dbh.db
    .insertInto('examples')
    .values([
      { id: randomUUID(), org_id: orgA, created_at: now },
      { id: randomUUID(), org_id: orgB, created_at: now },
    ])
    .execute();
});

afterAll(async () => {
  await app?.close();
  await dbh?.close();
  await dropSchema(databaseUrl, schema);
});

describe('GET /scheduling/ping', () => {
  it('answers the caller, from the token, in the contract’s shape, counting only their organization', async () => {
    const token = await keys.sign({ orgId: orgA, role: 'admin', locationIds: [randomUUID()] });
    const res = await app.inject({ method: 'GET', url: '/scheduling/ping', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    const body = schedulingRoutes.ping.responses[200].parse(res.json());
    expect(body.data).toEqual({ service: 'scheduling', orgId: orgA, role: 'admin', examples: 1, at: now.toISOString() });
  });

  it('asks for a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/scheduling/ping' });
    expect(res.statusCode).toBe(401);
    expect(ErrorBody.parse(res.json()).code).toBe('UNAUTHENTICATED');
  });
});
