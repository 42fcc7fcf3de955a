// Issue 29: a write made with an API key carries the key's id as its actor; the audit trail names it "API key <name>",
// learned from auth.api_key_changed (the key's name, never its secret).
import { AuthEvents, dashboardRoutes, MemberEvents, type EventEnvelope } from '@akhada/contracts';
import { makeEnvelope, type RunningConsumer } from '@akhada/kit';
import { createTestKeys } from '@akhada/kit/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startConsumers } from '../src/consumers/start-consumers.ts';
import { bootBus, bootDashboard, publishTo, signer, useOwnTopics } from './setup.ts';

useOwnTopics();

const now = new Date();
const orgId = randomUUID();
const location = randomUUID();
const owner = randomUUID();
const keyId = randomUUID();
const memberId = randomUUID();
let live: Awaited<ReturnType<typeof bootDashboard>>;
let bus: Awaited<ReturnType<typeof bootBus>>;
let consumers: RunningConsumer[] = [];
let sign: ReturnType<typeof signer>;

beforeAll(async () => {
  const keys = await createTestKeys();
  sign = signer(keys);
  bus = await bootBus();
  live = await bootDashboard('dash_keys', now, keys);
  await live.locations(orgId, [location]);
  consumers = await vi.waitFor(() => startConsumers({ bus, db: live.db, logger: live.logger, groupPrefix: live.schema, startAt: 'now' }), {
    timeout: 30_000,
    interval: 100,
  });
  const meta = { orgId, correlationId: randomUUID(), causationId: randomUUID(), occurredAt: now.toISOString() };
  await publishTo(bus, 'auth', [
    makeEnvelope(AuthEvents.ApiKeyChanged, {
      ...meta,
      aggregateId: keyId,
      actorId: owner,
      data: { keyId, name: 'Website', prefix: 'ak_live_Ab3dE5gH', scopes: ['members:write'], locationIds: null, expiresAt: null, change: 'created' },
    }) as EventEnvelope,
  ]);
  await publishTo(bus, 'members', [
    makeEnvelope(MemberEvents.MemberRegistered, {
      ...meta,
      aggregateId: memberId,
      actorId: keyId,
      locationId: location,
      data: {
        memberId,
        locationId: location,
        firstName: 'Asha',
        lastName: 'Rao',
        email: 'asha.rao@example.in',
        phone: '+91 98765 00001',
        membershipType: 'basic',
        paymentFrequency: 'monthly',
        feePaise: 150000,
        startDate: now.toISOString().slice(0, 10),
        endDate: '2099-12-31',
      },
    }) as EventEnvelope,
  ]);
}, 120_000);

afterAll(async () => {
  for (const c of consumers) await c.stop();
  await bus?.deleteGroups((g) => g.includes(live.schema)).catch(() => undefined);
  await bus?.disconnect();
  await live?.close();
});

describe('the audit trail and API keys', () => {
  it('names a write made with a key "API key <name>"', async () => {
    const token = await sign(orgId, 'owner', [location], owner);
    await vi.waitFor(
      async () => {
        const res = await live.app.inject({ method: 'GET', url: '/dashboard/audit?limit=10', headers: { authorization: `Bearer ${token}` } });
        expect(res.statusCode, res.body).toBe(200);
        const items = dashboardRoutes.audit.responses[200].parse(res.json()).data.items;
        expect(items.find((i) => i.type === 'members.member_registered')).toMatchObject({ actorId: keyId, actorName: 'API key Website', subjectId: memberId });
      },
      { timeout: 30_000, interval: 100 },
    );
  });
});
