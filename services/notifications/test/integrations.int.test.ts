// Settings → Integrations against the real PostgreSQL and Kafka: the organization's mail server and WhatsApp provider
// (scoped to the organization and to owners and admins, secrets masked, send test through the stand-ins and the
// provider's problem in plain words), and outgoing webhooks (signed, retried, once per event per endpoint).
import { integrationRoutes as r, MemberEvents, topicOf, type Role } from '@akhada/contracts';
import { createLogger, createSecretBox, makeEnvelope, newId, startConsumerGroups } from '@akhada/kit';
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmtpSink, type SmtpSink, startWhatsAppSink, type WhatsAppSink } from '@akhada/infra/standins';
import { createEmailAdapter } from '../src/adapters/email.ts';
import { createOrgChannels, type OrgChannels } from '../src/adapters/org-channels.ts';
import { isBlockedAddress } from '../src/adapters/outbound-target.ts';
import { createWhatsAppAdapter } from '../src/adapters/whatsapp.ts';
import { approvedWhatsAppTemplates } from '../src/domain/whatsapp-templates.ts';
import { buildApp } from '../src/build-app.ts';
import { webhookConsumerGroups } from '../src/consumers/webhooks.ts';
import { startWebhookDeliverer, type WebhookDeliverer } from '../src/delivery/webhook-deliverer.ts';
import { bootNotifications } from './setup.ts';

process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';

type U = { id: string; role: Role; locs: string[]; orgId?: string };
const orgId = newId();
const L1 = newId();
const owner: U = { id: newId(), role: 'owner', locs: [L1] };
const admin: U = { id: newId(), role: 'admin', locs: [L1] };
const trainer: U = { id: newId(), role: 'trainer', locs: [L1] };
const otherOrg = newId();
const outsider: U = { id: newId(), role: 'owner', locs: [newId()], orgId: otherOrg };

let svc: Awaited<ReturnType<typeof bootNotifications>>;
let smtp: SmtpSink;
let wa: WhatsAppSink;
let channels: OrgChannels;
let deliverer: WebhookDeliverer;
const box = createSecretBox('integration-test-secrets-key');
const db = () => svc.db;

const call = async (u: U | null, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
  const token = u ? await svc.keys.sign({ userId: u.id, orgId: u.orgId ?? orgId, role: u.role, locationIds: u.locs, name: 'Test User' }) : null;
  const res = await svc.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> & { data?: unknown; code?: string; message?: string } };
};

/** A local webhook receiver: answers the next `failures` requests with 500, then 200; keeps what it got. */
interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}
const startReceiver = async () => {
  const got: Received[] = [];
  let failures = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (failures > 0) {
        failures--;
        res.writeHead(500).end('not yet');
      } else res.writeHead(200).end('ok');
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((res) => server.once('listening', res));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    got,
    failNext: (n: number) => (failures = n),
    stop: () => new Promise<void>((res) => server.close(() => res())),
  };
};
let receiver: Awaited<ReturnType<typeof startReceiver>>;

/** What a receiver does with `Akhada-Signature: t=…,v1=…`: recompute the HMAC of "<t>.<body>" and compare in constant time. */
const verifies = (secret: string, header: string | undefined, body: string): boolean => {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!m) return false;
  const expected = createHmac('sha256', secret).update(`${m[1]}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(m[2]!, 'hex'));
};

beforeAll(async () => {
  svc = await bootNotifications('notif_integr', {
    clock: () => new Date(),
    topics: ['members'],
    app: async (c) => {
      [smtp, wa, receiver] = await Promise.all([
        startSmtpSink({ smtpPort: 0, httpPort: 0 }),
        startWhatsAppSink({ port: 0, templates: approvedWhatsAppTemplates() }),
        startReceiver(),
      ]);
      c.onClose(() => smtp.stop());
      c.onClose(() => wa.stop());
      c.onClose(() => receiver.stop());
      const waBase = `http://127.0.0.1:${wa.port}`;
      channels = createOrgChannels({
        db: c.db,
        box,
        platform: {
          email: createEmailAdapter({ host: '127.0.0.1', port: smtp.smtpPort, from: 'Akhada <no-reply@akhada.local>' }),
          sms: createWhatsAppAdapter({ baseUrl: waBase, version: 'v21.0', phoneNumberId: '100000000000001', token: 'platform-token' }),
        },
        whatsapp: { baseUrl: waBase, version: 'v21.0' },
        allowPrivate: true,
      });
      c.onClose(async () => channels.close());
      return { integrations: { box, channels, allowPrivateWebhooks: true } };
    },
  });
  const consumers = await startConsumerGroups(
    { bus: svc.runtime!.bus, db: db(), logger: svc.logger, startAt: 'now' },
    webhookConsumerGroups(`${svc.schema}.webhooks`).filter((g) => g.topic === topicOf('members')),
  );
  svc.onClose(async () => {
    for (const c of consumers) await c.stop();
  });
  deliverer = startWebhookDeliverer({ db: db(), box, logger: svc.logger, allowPrivate: true, backoffBaseMs: 20, pollMs: 50, timeoutMs: 3000 });
  svc.onClose(() => deliverer?.stop());
});

afterAll(async () => svc?.close());

const smtpBody = (over: Record<string, unknown> = {}) => ({
  host: '127.0.0.1',
  port: smtp.smtpPort,
  security: 'none',
  username: 'gym-mailer',
  password: 'smtp-secret-9876',
  fromName: 'Shakti Fitness',
  fromAddress: 'desk@shakti.example.in',
  ...over,
});

describe('messaging settings', () => {
  it('are the organization’s own, for owners and admins only, and never answer a secret in full', async () => {
    const empty = r.messaging.responses[200].parse((await call(owner, 'GET', '/settings/integrations/messaging')).body).data;
    expect(empty.email.custom).toBe(false);
    expect(empty.sms.custom).toBe(false);

    const saved = await call(admin, 'PUT', '/settings/integrations/email', smtpBody());
    expect(saved.status).toBe(200);
    const email = r.putEmail.responses[200].parse(saved.body).data.email;
    expect(email).toMatchObject({ custom: true, host: '127.0.0.1', username: 'gym-mailer', password: { set: true, last4: '9876' } });
    expect(JSON.stringify(saved.body)).not.toContain('smtp-secret');
    const stored = await db().selectFrom('org_email_settings').selectAll().where('org_id', '=', orgId).executeTakeFirstOrThrow();
    expect(stored.password_sealed).not.toContain('smtp-secret');
    expect(box.open(stored.password_sealed!)).toBe('smtp-secret-9876');

    // Saved again without a password: the stored one is kept.
    await call(owner, 'PUT', '/settings/integrations/email', smtpBody({ password: undefined, fromName: 'Shakti Gym' }));
    const kept = await db().selectFrom('org_email_settings').selectAll().where('org_id', '=', orgId).executeTakeFirstOrThrow();
    expect(box.open(kept.password_sealed!)).toBe('smtp-secret-9876');
    expect(kept.from_name).toBe('Shakti Gym');

    // Another organization sees its own (nothing), a trainer is refused, bad input is a 400 that changes nothing.
    const theirs = r.messaging.responses[200].parse((await call(outsider, 'GET', '/settings/integrations/messaging')).body).data;
    expect(theirs.email.custom).toBe(false);
    expect((await call(trainer, 'GET', '/settings/integrations/messaging')).status).toBe(403);
    expect((await call(trainer, 'PUT', '/settings/integrations/email', smtpBody())).status).toBe(403);
    expect((await call(owner, 'PUT', '/settings/integrations/email', smtpBody({ port: 70000 }))).status).toBe(400);
    expect((await call(owner, 'PUT', '/settings/integrations/email', smtpBody({ host: 'smtp://x/y' }))).status).toBe(400);

    // The SMS provider needs a key the first time.
    expect((await call(owner, 'PUT', '/settings/integrations/sms', { provider: 'whatsapp_cloud', sender: '200000000000002' })).status).toBe(400);
  });

  it('send test goes through the organization’s server, and the platform’s for another organization', async () => {
    await call(owner, 'PUT', '/settings/integrations/email', smtpBody());
    const res = await call(owner, 'POST', '/settings/integrations/email/test', { to: 'owner@shakti.example.in' });
    expect(res.status).toBe(200);
    expect(r.testEmail.responses[200].parse(res.body).data.via).toBe('custom');
    const mail = await vi.waitFor(
      async () => {
        const m = smtp.messages().find((x) => x.to.includes('owner@shakti.example.in'));
        expect(m).toBeDefined();
        return m!;
      },
      { message: 'the test mail in the sink', timeout: 30_000, interval: 50 },
    );
    expect(mail.from).toBe('Shakti Fitness <desk@shakti.example.in>');
    expect(mail.subject).toBe('Akhada test email');

    const theirs = await call(outsider, 'POST', '/settings/integrations/email/test', { to: 'other@example.in', language: 'hi' });
    expect(r.testEmail.responses[200].parse(theirs.body).data.via).toBe('platform');

    const status = r.messaging.responses[200].parse((await call(owner, 'GET', '/settings/integrations/messaging')).body).data;
    expect(status.email.lastTest).toMatchObject({ ok: true });
  });

  it('in production a mail server is a mail port on a public address, checked when saved and when connecting, and a failed test is one generic answer', async () => {
    const prodChannels = createOrgChannels({ db: db(), box, platform: {}, whatsapp: { baseUrl: 'http://127.0.0.1:1', version: 'v21.0' }, allowPrivate: false });
    const { verifier, readiness, directory } = svc.deps;
    const prodApp = buildApp({
      logger: createLogger('notifications-prod-test', 'warn'),
      verifier,
      readiness,
      directory,
      db: db(),
      clock: () => new Date(),
      integrations: { box, channels: prodChannels, allowPrivateWebhooks: false },
    });
    await prodApp.ready();
    // Something listening on this machine (a database, the metadata service): it must never be reached.
    const reached: net.Socket[] = [];
    const internal = net.createServer((s) => reached.push(s.end()));
    await new Promise<void>((res) => internal.listen(0, '127.0.0.1', () => res()));
    const openPort = (internal.address() as AddressInfo).port;
    const gym = { id: newId(), role: 'owner' as const, locs: [newId()], orgId: newId() };
    const as = async (method: 'PUT' | 'POST', url: string, payload: unknown) => {
      const token = await svc.keys.sign({ userId: gym.id, orgId: gym.orgId, role: gym.role, locationIds: gym.locs, name: 'Test User' });
      const res = await prodApp.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: payload as object });
      return { status: res.statusCode, body: res.json() as { code?: string; message?: string; details?: { path: string; message: string }[] } };
    };
    const stored = (host: string, port: number) =>
      db()
        .insertInto('org_email_settings')
        .values({
          org_id: gym.orgId,
          host,
          port,
          security: 'none',
          username: null,
          password_sealed: null,
          password_last4: null,
          from_name: 'Gym',
          from_address: 'desk@gym.example.in',
          updated_at: new Date(),
          updated_by: gym.id,
        })
        .onConflict((oc) => oc.column('org_id').doUpdateSet({ host, port, updated_at: new Date() }))
        .execute();
    try {
      // Saving: a port that is not a mail port, a private or metadata address: 400 on the field, nothing stored.
      const notMail = await as('PUT', '/settings/integrations/email', smtpBody({ host: 'smtp.example.in', port: 5432 }));
      expect(notMail.status).toBe(400);
      expect(notMail.body.details).toEqual([{ path: 'port', message: 'Use a mail port: 25, 465, 587, 2525' }]);
      const metadata = await as('PUT', '/settings/integrations/email', smtpBody({ host: '169.254.169.254', port: 587 }));
      expect(metadata.status).toBe(400);
      expect(metadata.body.details).toEqual([{ path: 'host', message: 'Use the mail server’s public address' }]);
      expect(await db().selectFrom('org_email_settings').select('org_id').where('org_id', '=', gym.orgId).executeTakeFirst()).toBeUndefined();

      // Settings that got in before the rule (or a name that resolves to this machine): refused when connecting, and an
      // open port, a closed port and a refused name all answer the same.
      const answers: { status: number; code?: string; message?: string }[] = [];
      for (const [host, port] of [
        ['127.0.0.1', openPort],
        ['localhost', 587],
        ['169.254.169.254', 80],
      ] as const) {
        await stored(host, port);
        const res = await as('POST', '/settings/integrations/email/test', { to: 'owner@gym.example.in' });
        answers.push({ status: res.status, code: res.body.code, message: res.body.message });
      }
      await new Promise<void>((res) => internal.close(() => res()));
      await stored('127.0.0.1', openPort);
      const closed = await as('POST', '/settings/integrations/email/test', { to: 'owner@gym.example.in' });
      answers.push({ status: closed.status, code: closed.body.code, message: closed.body.message });
      const generic = {
        status: 502,
        code: 'SMTP_TEST_FAILED',
        message: 'The test email could not be sent. Check the mail server’s address, port, security and sign-in.',
      };
      expect(answers).toEqual([generic, generic, generic, generic]);
      expect(reached).toHaveLength(0);
      const last = await db().selectFrom('integration_tests').selectAll().where('org_id', '=', gym.orgId).executeTakeFirstOrThrow();
      expect(last).toMatchObject({ ok: false, message: generic.message });
    } finally {
      if (internal.listening) await new Promise<void>((res) => internal.close(() => res()));
      await prodApp.close();
      prodChannels.close();
    }
  });

  it('a refused password, a port nobody answers on and a refused key are plain 502s, never 500s', async () => {
    const strict = new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth: (_auth, _s, cb) => cb(new Error('Invalid login')),
    });
    await new Promise<void>((res) => strict.listen(0, '127.0.0.1', () => res()));
    const strictPort = (strict.server.address() as AddressInfo).port;
    try {
      await call(owner, 'PUT', '/settings/integrations/email', smtpBody({ port: strictPort }));
      const auth = await call(owner, 'POST', '/settings/integrations/email/test', { to: 'owner@shakti.example.in' });
      expect(auth.status).toBe(502);
      expect(auth.body.code).toBe('SMTP_AUTH_FAILED');
      expect(auth.body.message).toBe('The mail server refused the user name or password.');
    } finally {
      await new Promise<void>((res) => strict.close(() => res()));
    }
    const closed = await call(owner, 'PUT', '/settings/integrations/email', smtpBody({ port: strictPort }));
    expect(closed.status).toBe(200);
    const unreachable = await call(owner, 'POST', '/settings/integrations/email/test', { to: 'owner@shakti.example.in' });
    expect(unreachable.status).toBe(502);
    expect(['PROVIDER_UNREACHABLE', 'PROVIDER_TIMEOUT']).toContain(unreachable.body.code);
    const status = r.messaging.responses[200].parse((await call(owner, 'GET', '/settings/integrations/messaging')).body).data;
    expect(status.email.lastTest).toMatchObject({ ok: false, message: unreachable.body.message });

    // WhatsApp: the stand-in answers 401 when told to; the key is sealed and masked.
    const sms = await call(admin, 'PUT', '/settings/integrations/sms', { provider: 'whatsapp_cloud', sender: '200000000000002', apiKey: 'wa-key-abcd1234' });
    expect(r.putSms.responses[200].parse(sms.body).data.sms).toMatchObject({ custom: true, sender: '200000000000002', apiKey: { set: true, last4: '1234' } });
    const sent = await call(admin, 'POST', '/settings/integrations/sms/test', { to: '+91 98765 43210' });
    expect(sent.status).toBe(200);
    expect(wa.messages()[0]).toMatchObject({ phoneNumberId: '200000000000002', to: '919876543210' });
    await fetch(`http://127.0.0.1:${wa.port}/control/fail`, { method: 'POST', body: JSON.stringify({ count: 1, status: 401 }) });
    const refused = await call(admin, 'POST', '/settings/integrations/sms/test', { to: '+91 98765 43210' });
    expect(refused.status).toBe(502);
    expect(refused.body.code).toBe('PROVIDER_AUTH_FAILED');

    // Forgetting the settings falls back to the platform.
    await call(owner, 'DELETE', '/settings/integrations/email');
    const back = await call(owner, 'POST', '/settings/integrations/email/test', { to: 'owner@shakti.example.in' });
    expect(r.testEmail.responses[200].parse(back.body).data.via).toBe('platform');
  });
});

const memberRegistered = (org = orgId) => {
  const memberId = newId();
  return makeEnvelope(MemberEvents.MemberRegistered, {
    aggregateId: memberId,
    orgId: org,
    locationId: L1,
    correlationId: newId(),
    causationId: newId(),
    occurredAt: new Date().toISOString(),
    data: {
      memberId,
      locationId: L1,
      firstName: 'Neha',
      lastName: 'Verma',
      email: `${memberId}@example.in`,
      phone: '+919812345678',
      membershipType: 'basic',
      paymentFrequency: 'monthly',
      feePaise: 150_000,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    },
  });
};
const produce = (env: ReturnType<typeof memberRegistered>) =>
  svc.producer.publish([
    { topic: topicOf('members'), key: env.aggregateId, value: JSON.stringify(env), headers: { 'event-id': env.eventId, 'event-type': env.type } },
  ]);

describe('webhooks', () => {
  const create = async (u: U, body: unknown) => {
    const res = await call(u, 'POST', '/settings/integrations/webhooks', body);
    expect(res.status).toBe(201);
    return r.createWebhook.responses[201].parse(res.body).data;
  };
  const deliveriesOf = async (id: string) =>
    r.webhookDeliveries.responses[200].parse((await call(owner, 'GET', `/settings/integrations/webhooks/${id}/deliveries`)).body).data;

  it('an event reaches the receiver once per endpoint, signed with the secret shown once', async () => {
    const { endpoint, secret } = await create(owner, { url: receiver.url, description: 'CRM', eventTypes: ['member.registered'] });
    expect(secret).toMatch(/^whsec_/);
    const listed = r.listWebhooks.responses[200].parse((await call(owner, 'GET', '/settings/integrations/webhooks')).body).data;
    expect(listed.map((e) => e._id)).toContain(endpoint._id);
    expect(JSON.stringify(listed)).not.toContain(secret);

    const env = memberRegistered();
    await produce(env);
    // Kafka delivers the same event again (a consumer that died before committing): still one delivery.
    await produce(env);
    const got = await vi.waitFor(
      async () => {
        const g = receiver.got.filter((x) => x.body.includes(env.eventId));
        expect(g.length).toBeGreaterThan(0);
        return g;
      },
      { message: 'the webhook at the receiver', timeout: 30_000, interval: 50 },
    );
    const body = JSON.parse(got[0]!.body) as { id: string; type: string; organizationId: string; data: { memberId: string } };
    expect(body).toMatchObject({ id: env.eventId, type: 'member.registered', organizationId: orgId, data: { memberId: env.data.memberId } });
    expect(verifies(secret, got[0]!.headers['akhada-signature'] as string, got[0]!.body)).toBe(true);
    expect(verifies('whsec_wrong', got[0]!.headers['akhada-signature'] as string, got[0]!.body)).toBe(false);

    // A later event proves the redelivered one was handled (one partition key each, so wait on the rows themselves).
    await vi.waitFor(
      async () => {
        const rows = await db().selectFrom('webhook_deliveries').selectAll().where('event_id', '=', env.eventId).execute();
        expect(rows).toHaveLength(1);
        expect(rows[0]!.status).toBe('succeeded');
      },
      { message: 'one succeeded delivery', timeout: 30_000, interval: 50 },
    );
    const inbox = await db().selectFrom('inbox').selectAll().where('event_id', '=', env.eventId).execute();
    expect(inbox.length).toBeGreaterThan(0);
    expect(receiver.got.filter((x) => x.body.includes(env.eventId))).toHaveLength(1);

    // Another organization's event, and an event type the endpoint did not ask for, are not delivered to it.
    const theirs = memberRegistered(otherOrg);
    await produce(theirs);
    await vi.waitFor(async () => expect(await db().selectFrom('inbox').select('event_id').where('event_id', '=', theirs.eventId).execute()).toHaveLength(1), {
      message: 'their event handled',
      timeout: 30_000,
      interval: 50,
    });
    expect(await db().selectFrom('webhook_deliveries').select('id').where('event_id', '=', theirs.eventId).execute()).toHaveLength(0);
    await call(owner, 'DELETE', `/settings/integrations/webhooks/${endpoint._id}`);
  });

  it('a failing receiver is retried with back-off until it answers, and the log shows every try', async () => {
    const { endpoint } = await create(owner, { url: receiver.url, eventTypes: ['member.registered'] });
    receiver.failNext(2);
    const test = await call(owner, 'POST', `/settings/integrations/webhooks/${endpoint._id}/test`);
    expect(test.status).toBe(202);
    const ping = r.testWebhook.responses[202].parse(test.body).data;
    const done = await vi.waitFor(
      async () => {
        const d = (await deliveriesOf(endpoint._id)).find((x) => x._id === ping._id)!;
        expect(d.status).toBe('succeeded');
        return d;
      },
      { message: 'the ping delivered after two failures', timeout: 30_000, interval: 50 },
    );
    expect(done).toMatchObject({ attempts: 3, responseCode: 200, eventType: 'ping' });
    expect(receiver.got.filter((x) => x.headers['akhada-delivery'] === ping._id)).toHaveLength(3);

    // Redeliver: the same body again, a fresh try.
    const again = await call(owner, 'POST', `/settings/integrations/webhook-deliveries/${ping._id}/redeliver`);
    expect(again.status).toBe(202);
    await vi.waitFor(async () => expect(receiver.got.filter((x) => x.headers['akhada-delivery'] === ping._id)).toHaveLength(4), {
      message: 'the redelivery',
      timeout: 30_000,
      interval: 50,
    });
    await call(owner, 'DELETE', `/settings/integrations/webhooks/${endpoint._id}`);
  });

  it('gives up after the last try and marks the endpoint failing; a success makes it active again', async () => {
    const quick = startWebhookDeliverer({
      db: db(),
      box,
      logger: createLogger('quick', 'warn'),
      allowPrivate: true,
      backoffBaseMs: 5,
      maxAttempts: 2,
      autoStart: false,
    });
    const { endpoint } = await create(owner, { url: receiver.url, eventTypes: ['member.registered'] });
    await deliverer.stop();
    try {
      receiver.failNext(5);
      const ping = r.testWebhook.responses[202].parse((await call(owner, 'POST', `/settings/integrations/webhooks/${endpoint._id}/test`)).body).data;
      await vi.waitFor(
        async () => {
          await quick.runOnce();
          const d = (await deliveriesOf(endpoint._id)).find((x) => x._id === ping._id)!;
          expect(d.status).toBe('failed');
        },
        { message: 'the delivery given up', timeout: 30_000, interval: 50 },
      );
      const listed = r.listWebhooks.responses[200].parse((await call(owner, 'GET', '/settings/integrations/webhooks')).body).data;
      expect(listed.find((e) => e._id === endpoint._id)).toMatchObject({ status: 'failing', lastDelivery: { status: 'failed', responseCode: 500 } });
      receiver.failNext(0);
      await call(owner, 'POST', `/settings/integrations/webhook-deliveries/${ping._id}/redeliver`);
      await vi.waitFor(
        async () => {
          await quick.runOnce();
          const l = r.listWebhooks.responses[200].parse((await call(owner, 'GET', '/settings/integrations/webhooks')).body).data;
          expect(l.find((e) => e._id === endpoint._id)?.status).toBe('active');
        },
        { message: 'the endpoint active again', timeout: 30_000, interval: 50 },
      );
    } finally {
      deliverer = startWebhookDeliverer({
        db: db(),
        box,
        logger: createLogger('again', 'warn'),
        allowPrivate: true,
        backoffBaseMs: 20,
        pollMs: 50,
        timeoutMs: 3000,
      });
    }
  });

  it('another organization’s endpoint and delivery are 404, a trainer and an admin 403, http and private addresses refused in production', async () => {
    const { endpoint } = await create(owner, { url: receiver.url, eventTypes: ['payment.completed'] });
    const ping = r.testWebhook.responses[202].parse((await call(owner, 'POST', `/settings/integrations/webhooks/${endpoint._id}/test`)).body).data;
    for (const [method, url] of [
      ['GET', `/settings/integrations/webhooks/${endpoint._id}/deliveries`],
      ['POST', `/settings/integrations/webhooks/${endpoint._id}/test`],
      ['DELETE', `/settings/integrations/webhooks/${endpoint._id}`],
      ['POST', `/settings/integrations/webhook-deliveries/${ping._id}/redeliver`],
    ] as const) {
      expect((await call(outsider, method, url)).status, `${method} ${url}`).toBe(404);
      expect((await call(trainer, method, url)).status, `${method} ${url}`).toBe(403);
      expect((await call(admin, method, url)).status, `${method} ${url}`).toBe(403);
    }
    expect(r.listWebhooks.responses[200].parse((await call(outsider, 'GET', '/settings/integrations/webhooks')).body).data).toEqual([]);
    // Still there for its owner.
    expect((await call(owner, 'GET', `/settings/integrations/webhooks/${endpoint._id}/deliveries`)).status).toBe(200);

    const bad = await call(owner, 'POST', '/settings/integrations/webhooks', { url: 'http://example.in/hook', eventTypes: ['sale.completed'] });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('WEBHOOK_URL_NOT_ALLOWED');
    expect((await call(owner, 'POST', '/settings/integrations/webhooks', { url: receiver.url, eventTypes: [] })).status).toBe(400);
    expect((await call(owner, 'POST', '/settings/integrations/webhooks', { url: 'not a url', eventTypes: ['sale.completed'] })).status).toBe(400);

    for (const a of ['127.0.0.1', '10.1.2.3', '169.254.169.254', '192.168.1.10', '172.20.0.1', '::1', 'fd00::1', '::ffff:10.0.0.1'])
      expect(isBlockedAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '13.232.10.1', '2606:4700::1111']) expect(isBlockedAddress(a), a).toBe(false);

    // In production config the local receiver is refused at delivery too (resolved address checked).
    const prod = startWebhookDeliverer({ db: db(), box, logger: createLogger('prod', 'warn'), allowPrivate: false, autoStart: false });
    const local = await create(owner, { url: receiver.url.replace('127.0.0.1', 'localhost'), eventTypes: ['sale.completed'] });
    await deliverer.stop();
    try {
      const p = r.testWebhook.responses[202].parse((await call(owner, 'POST', `/settings/integrations/webhooks/${local.endpoint._id}/test`)).body).data;
      await prod.runOnce();
      const d = (await deliveriesOf(local.endpoint._id)).find((x) => x._id === p._id)!;
      expect(d.error).toBe('The address is private or internal and may not be called');
      expect(receiver.got.filter((x) => x.headers['akhada-delivery'] === p._id)).toHaveLength(0);
    } finally {
      deliverer = startWebhookDeliverer({
        db: db(),
        box,
        logger: createLogger('again', 'warn'),
        allowPrivate: true,
        backoffBaseMs: 20,
        pollMs: 50,
        timeoutMs: 3000,
      });
    }
  });
});
