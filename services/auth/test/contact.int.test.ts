import { AuthEvents, ErrorBody, parseEvent, PLATFORM_ORG_ID, publicRoutes, topicOf } from '@akhada/contracts';
import type { App, Runtime } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthDb } from '../src/db/schema.ts';
import { startAuth, type TestAuth } from './setup.ts';

let auth: TestAuth;
let runtime: Runtime<AuthDb>;
let app: App;
/** The service's clock, moved forward by tests that need an hour to pass. */
let offsetMs = 0;
const uniq = randomUUID().slice(0, 8);
let ipSeq = 0;
/** A fresh client address per test, so each starts with an empty hourly allowance. */
const freshIp = () => `198.51.100.${++ipSeq}`;

const send = (payload: object, ip: string) =>
  app.inject({ method: 'POST', url: '/public/contact', payload, headers: { 'x-forwarded-for': ip, 'user-agent': 'contact-test/1.0' } });
const valid = (extra: object = {}) => ({
  name: 'Asha Verma',
  email: `Asha-${uniq}@Example.in`,
  phone: '+91 98765 43210',
  gymName: 'Iron Temple',
  city: 'Pune',
  message: 'We run two branches and would like a demo of the Pro plan.',
  topic: 'sales',
  ...extra,
});
const countFrom = async (ip: string) =>
  Number(
    (
      await runtime.dbh.db
        .selectFrom('enquiries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('ip', '=', ip)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  auth = await startAuth({ clock: () => new Date(Date.now() + offsetMs) });
  ({ runtime, app } = auth);
});

afterAll(async () => {
  await auth?.close();
});

describe('POST /public/contact', () => {
  it('stores a valid enquiry and publishes auth.enquiry_received through the outbox', async () => {
    const ip = freshIp();
    const res = await send(valid(), ip);
    expect(res.statusCode, res.body).toBe(201);
    const body = publicRoutes.contact.responses[201].parse(res.json());
    expect(body.message).toMatch(/get back to you/);
    const { enquiryId } = body.data;

    const row = await runtime.dbh.db.selectFrom('enquiries').selectAll().where('id', '=', enquiryId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Asha Verma',
      email: `asha-${uniq}@example.in`,
      phone: '+91 98765 43210',
      gym_name: 'Iron Temple',
      city: 'Pune',
      topic: 'sales',
      message: 'We run two branches and would like a demo of the Pro plan.',
      ip,
      user_agent: 'contact-test/1.0',
    });

    const outbox = await runtime.dbh.db.selectFrom('outbox').selectAll().where('key', '=', enquiryId).execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.topic).toBe(topicOf('auth'));
    const event = parseEvent(AuthEvents.EnquiryReceived, typeof outbox[0]!.payload === 'string' ? JSON.parse(outbox[0]!.payload) : outbox[0]!.payload);
    expect(event).toMatchObject({ type: 'auth.enquiry_received', version: 1, orgId: PLATFORM_ORG_ID, aggregateId: enquiryId });
    expect(event.data).toMatchObject({
      enquiryId,
      topic: 'sales',
      email: `asha-${uniq}@example.in`,
      gymName: 'Iron Temple',
      city: 'Pune',
      phone: '+91 98765 43210',
    });
    expect(event.data).not.toHaveProperty('ip');
    // the relay publishes it to Kafka and marks it sent
    await expect
      .poll(async () => (await runtime.dbh.db.selectFrom('outbox').select('sent_at').where('key', '=', enquiryId).executeTakeFirstOrThrow()).sent_at, {
        timeout: 20_000,
      })
      .not.toBeNull();
  });

  it('treats blank optional fields as not given', async () => {
    const res = await send(valid({ phone: '', gymName: '  ', city: undefined, topic: 'support' }), freshIp());
    expect(res.statusCode, res.body).toBe(201);
    const { enquiryId } = publicRoutes.contact.responses[201].parse(res.json()).data;
    const row = await runtime.dbh.db.selectFrom('enquiries').selectAll().where('id', '=', enquiryId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ phone: null, gym_name: null, city: null, topic: 'support' });
  });

  it('answers bad input with 400 and a message per field, storing nothing', async () => {
    const ip = freshIp();
    const outboxBefore = Number(
      (
        await runtime.dbh.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const cases: [object, string, RegExp][] = [
      [{ name: undefined }, 'name', /^Name is required$/],
      [{ name: '   ' }, 'name', /^Name is required$/],
      [{ email: 'not-an-email' }, 'email', /^Enter a valid email address$/],
      [{ email: undefined }, 'email', /^Email is required$/],
      [{ phone: 'call me' }, 'phone', /^Enter a valid phone number$/],
      [{ message: 'Hi there' }, 'message', /^Message must be at least 10 characters$/],
      [{ message: 'x'.repeat(2001) }, 'message', /^Message must be at most 2000 characters$/],
      [{ message: undefined }, 'message', /^Message is required$/],
      [{ topic: 'billing' }, 'topic', /^Topic must be sales, support or other$/],
      [{ topic: undefined }, 'topic', /^Topic must be sales, support or other$/],
      [{ gymName: 'g'.repeat(101) }, 'gymName', /^Gym name must be at most 100 characters$/],
    ];
    for (const [change, path, message] of cases) {
      const res = await send(valid(change), ip);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      const err = ErrorBody.parse(res.json());
      expect(err.code).toBe('VALIDATION_FAILED');
      const detail = err.details?.find((d) => d.path === path);
      expect(detail?.message, `${JSON.stringify(change)} → ${res.body}`).toMatch(message);
      expect(err.message).toContain(`(body: ${path})`);
    }
    const notJson = await app.inject({
      method: 'POST',
      url: '/public/contact',
      payload: '{oops',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    });
    expect(notJson.statusCode).toBe(400);
    expect(await countFrom(ip)).toBe(0);
    const outboxAfter = Number(
      (
        await runtime.dbh.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(outboxAfter).toBe(outboxBefore);
  });

  it('takes 5 enquiries an hour from one address: the 6th gets 429, others are not affected, and an hour later it is welcome again', async () => {
    const ip = freshIp();
    for (let i = 1; i <= 5; i++) {
      const res = await send(valid({ message: `Enquiry number ${i} about membership plans.` }), ip);
      expect(res.statusCode, res.body).toBe(201);
    }
    const sixth = await send(valid({ message: 'Enquiry number 6 about membership plans.' }), ip);
    expect(sixth.statusCode).toBe(429);
    const err = ErrorBody.parse(sixth.json());
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.message).toMatch(/^Too many messages from your network in the last hour\. Please try again in (60|59) minutes\.$/);
    expect(await countFrom(ip)).toBe(5);

    expect((await send(valid(), freshIp())).statusCode).toBe(201);

    offsetMs = 61 * 60_000;
    try {
      const later = await send(valid({ message: 'Back again an hour later with a question.' }), ip);
      expect(later.statusCode, later.body).toBe(201);
    } finally {
      offsetMs = 0;
    }
  });

  it('holds the limit under concurrent requests from one address', async () => {
    const ip = freshIp();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => send(valid({ message: `Parallel enquiry ${i} about pricing.` }), ip)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    expect(await countFrom(ip)).toBe(5);
  });
});
