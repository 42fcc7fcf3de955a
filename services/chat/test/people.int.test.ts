import { AuthEvents, MemberEvents, topicOf, topicSpecs, TrainerEvents, type EventEnvelope } from '@akhada/contracts';
import { createEventBus, createLogger, makeEnvelope, type EventBus } from '@akhada/kit';
import { localStorage } from '@akhada/kit/storage';
import { bootServiceForTest, testInfra, type TestService } from '@akhada/kit/testing';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLinkSigner } from '../src/adapters/link-signer.ts';
import type { ChatDeps } from '../src/app/deps.ts';
import { buildApp } from '../src/build-app.ts';
import { startConsumers } from '../src/consumers/start-consumers.ts';
import { migrations } from '../src/db/migrations.ts';
import type { ChatDb } from '../src/db/schema.ts';

// The chat service's copy of the organization's people, kept from the auth, members and trainers topics (real Kafka).
let svc: TestService<ChatDb, ChatDeps, ReturnType<typeof buildApp>, false>;
let db: Kysely<ChatDb>;
let bus: EventBus;
const orgId = randomUUID();
const L1 = randomUUID();

beforeAll(async () => {
  const { brokers } = await testInfra();
  bus = createEventBus({ clientId: `test-chat-people-${randomUUID()}`, brokers, logger: createLogger('chat-people-test', 'warn') });
  await bus.ensureTopics(topicSpecs().filter((s) => [topicOf('auth'), topicOf('members'), topicOf('trainers')].includes(s.topic)));
  svc = await bootServiceForTest<ChatDb, ChatDeps, ReturnType<typeof buildApp>, false>({
    name: 'chat',
    prefix: 'chat_people',
    migrations,
    kafka: false,
    deps: async ({ db, clock, schema, logger, onClose }) => {
      const consumers = await startConsumers({
        bus,
        db,
        logger,
        groups: { auth: `${schema}.auth`, members: `${schema}.members`, trainers: `${schema}.trainers` },
        startAt: 'now',
      });
      onClose(async () => {
        for (const c of consumers) await c.stop();
        await bus.deleteGroups((g) => g.includes(schema));
      });
      return {
        db,
        clock,
        storage: localStorage(join(tmpdir(), `chat-files-${schema}`)),
        signer: createLinkSigner({ secret: 'x'.repeat(40), ttlSeconds: 900 }),
      };
    },
    buildApp,
  });
  db = svc.db;
}, 120_000);

afterAll(async () => {
  await svc?.close();
  await bus?.disconnect();
});

let seconds = 0;
const meta = (aggregateId: string) => ({
  orgId,
  aggregateId,
  correlationId: randomUUID(),
  causationId: randomUUID(),
  occurredAt: new Date(Date.parse('2026-11-01T00:00:00Z') + seconds++ * 1000).toISOString(),
});
const publish = (topic: 'auth' | 'members' | 'trainers', ...envs: EventEnvelope[]) =>
  bus.publish(
    envs.map((e) => ({ topic: topicOf(topic), key: e.aggregateId, value: JSON.stringify(e), headers: { 'event-id': e.eventId, 'event-type': e.type } })),
  );
const person = (id: string, want: (p: ChatDb['chat_people']) => boolean) => () =>
  vi.waitFor(
    async () => {
      const p = await db.selectFrom('chat_people').selectAll().where('id', '=', id).executeTakeFirst();
      expect(p && want(p), `person ${id}: ${JSON.stringify(p)}`).toBe(true);
      return p!;
    },
    { timeout: 20_000, interval: 100 },
  );

describe('people from other services’ events', () => {
  it('staff from auth, a trainer from trainers, a member with their trainer from members; archived ones are inactive', async () => {
    const admin = randomUUID();
    const trainer = randomUUID();
    const member = randomUUID();
    await publish(
      'auth',
      makeEnvelope(AuthEvents.UserRegistered, {
        ...meta(admin),
        data: { userId: admin, orgId, role: 'admin', firstName: 'Asha', lastName: 'Admin', email: 'asha@example.in', locationIds: [L1], via: 'staff' },
      }),
    );
    expect(await person(admin, (p) => p.role === 'admin')()).toMatchObject({ org_id: orgId, location_ids: [L1], active: true });

    const snapshot = {
      trainerId: trainer,
      locationId: L1,
      firstName: 'Tara',
      lastName: 'Trainer',
      email: 'tara@example.in',
      phone: '9876543210',
      specialization: ['cardio' as const],
      maxClients: 10,
      isAvailable: true,
      hourlyRatePaise: 50000,
      status: 'active' as const,
    };
    await publish('trainers', makeEnvelope(TrainerEvents.TrainerCreated, { ...meta(trainer), data: { ...snapshot, source: 'staff' } }));
    expect(await person(trainer, (p) => p.role === 'trainer')()).toMatchObject({ first_name: 'Tara', location_ids: [L1], active: true });

    await publish(
      'members',
      makeEnvelope(MemberEvents.MemberSignedUp, {
        ...meta(member),
        data: { memberId: member, locationId: L1, firstName: 'Meera', lastName: 'Member', email: 'meera@example.in', phone: '9876543210' },
      }),
      makeEnvelope(MemberEvents.MemberTrainerAssigned, { ...meta(member), data: { memberId: member, trainerId: trainer, previousTrainerId: null } }),
    );
    expect(await person(member, (p) => p.trainer_id === trainer)()).toMatchObject({ role: 'member', location_ids: [L1] });

    await publish('members', makeEnvelope(MemberEvents.MemberArchived, { ...meta(member), data: { memberId: member } }));
    await publish('trainers', makeEnvelope(TrainerEvents.TrainerArchived, { ...meta(trainer), data: { trainerId: trainer } }));
    await person(member, (p) => !p.active)();
    await person(trainer, (p) => !p.active)();
  });
});

describe('profile pictures from auth', () => {
  const picture = (userId: string) => `/api/auth/avatars/${userId}?v=${randomUUID()}`;
  const avatar = (userId: string, avatarUrl: string | null, over: { orgId?: string; key?: string } = {}) =>
    makeEnvelope(AuthEvents.UserAvatarChanged, { ...meta(over.key ?? userId), orgId: over.orgId ?? orgId, data: { userId, avatarUrl } });
  const registered = (userId: string, firstName: string) =>
    makeEnvelope(AuthEvents.UserRegistered, {
      ...meta(userId),
      data: { userId, orgId, role: 'admin', firstName, lastName: 'Staff', email: `${userId}@example.in`, locationIds: [L1], via: 'staff' },
    });

  it('set and clear a person’s picture; another organization’s event changes nothing, an unknown person gets no row', async () => {
    const pictured = randomUUID();
    const other = randomUUID();
    const url = picture(pictured);
    await publish('auth', registered(pictured, 'Pia'), registered(other, 'Om'), avatar(pictured, url));
    expect(await person(pictured, (p) => p.avatar_url === url)()).toMatchObject({ first_name: 'Pia', org_id: orgId });

    // The same user id under another organization, then (same partition) a sentinel of ours: once the sentinel is
    // applied, the foreign event was handled and left the picture alone.
    const stranger = randomUUID();
    const sentinel = picture(other);
    await publish(
      'auth',
      avatar(pictured, picture(pictured), { orgId: randomUUID() }),
      avatar(stranger, picture(stranger), { key: pictured }),
      avatar(other, sentinel, { key: pictured }),
    );
    await person(other, (p) => p.avatar_url === sentinel)();
    expect((await db.selectFrom('chat_people').select('avatar_url').where('id', '=', pictured).executeTakeFirst())?.avatar_url).toBe(url);
    expect(await db.selectFrom('chat_people').select('id').where('id', '=', stranger).executeTakeFirst()).toBeUndefined();

    await publish('auth', avatar(pictured, null));
    await person(pictured, (p) => p.avatar_url === null)();
  });
});
