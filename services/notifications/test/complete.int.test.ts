// Notifications, complete: preferences, consent, announcements, history and search, the rule table, and delivery by
// email (the SMTP sink) and WhatsApp (the Cloud API stand-in), against the real PostgreSQL. Handlers are applied in
// transactions as the inbox consumer does (the Kafka path of the same handlers is covered by notifications.int.test.ts).
import {
  Announcement,
  AuthEvents,
  DEFAULT_NOTIFICATION_PREFERENCES,
  ErrorBody,
  InventoryEvents,
  MemberEvents,
  MessagingConsent,
  Notification,
  NotificationSettings,
  notificationRoutes as r,
  ok,
  type EventEnvelope,
  type NotificationPreferences,
  type Role,
} from '@akhada/contracts';
import { createLogger, makeEnvelope, newId, type EventHandler } from '@akhada/kit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSmtpSink, type SmtpSink, startWhatsAppSink, type WhatsAppSink } from '@akhada/infra/standins';
import { createEmailAdapter } from '../src/adapters/email.ts';
import { createWhatsAppAdapter } from '../src/adapters/whatsapp.ts';
import type { ChannelAdapter } from '../src/adapters/channels.ts';
import { memberCopyHandlers } from '../src/consumers/member-copies.ts';
import { feedbackHandlers, inventoryHandlers, paymentHandlers } from '../src/consumers/other-services.ts';
import { onUserRegistered } from '../src/consumers/recipients.ts';
import { sweepAutomations } from '../src/consumers/automations.ts';
import { sweepReminders } from '../src/consumers/reminders.ts';
import { applyRule } from '../src/consumers/rules-engine.ts';
import type { NotificationsDb } from '../src/db/schema.ts';
import { startDeliverer } from '../src/delivery/deliverer.ts';
import { lastInbound } from '../src/db/whatsapp-repo.ts';
import { approvedWhatsAppTemplates } from '../src/domain/whatsapp-templates.ts';
import { createHmac } from 'node:crypto';
import { bootNotifications } from './setup.ts';

const orgId = newId();
const otherOrg = newId();
const [L1, L2] = [newId(), newId()];
type U = { id: string; role: Role; locs: string[]; orgId?: string; name?: string };
const owner: U = { id: newId(), role: 'owner', locs: [L1, L2], name: 'Owner Oberoi' };
const adminL1: U = { id: newId(), role: 'admin', locs: [L1] };
const trainerU: U = { id: newId(), role: 'trainer', locs: [L1] };
const outsider: U = { id: newId(), role: 'owner', locs: [newId()], orgId: otherOrg };

let svc: Awaited<ReturnType<typeof bootNotifications>>;
let smtp: SmtpSink;
let wa: WhatsAppSink;
let now = new Date();
const clock = () => now;
const WA_SECRET = 'test-whatsapp-app-secret';
/** The business number the delivery tests send from. */
const WA_NUMBER = '123456';
const db = () => svc.db;

const meta = (aggregateId: string, org = orgId) => ({ aggregateId, orgId: org, correlationId: newId(), causationId: newId(), occurredAt: now.toISOString() });
const apply = (h: EventHandler<NotificationsDb>, env: EventEnvelope<unknown>) =>
  db()
    .transaction()
    .execute((trx) => h.handle(trx, env));
const handlerOf = (type: string) => memberCopyHandlers.find((h) => h.type === type)!;

const userRegistered = (u: U) =>
  makeEnvelope(AuthEvents.UserRegistered, {
    ...meta(u.id, u.orgId ?? orgId),
    data: { userId: u.id, orgId: u.orgId ?? orgId, role: u.role, firstName: 'Test', lastName: u.role, email: `${u.id}@example.in`, locationIds: u.locs },
  });
const phones = new Map<string, string>();
/** A distinct mobile number per member, so what a sink received is told apart by number. */
const phoneOf = (memberId: string) => phones.get(memberId)!;
const registerMember = async (o: { locationId?: string; endDate?: string; first?: string; org?: string } = {}) => {
  const memberId = newId();
  phones.set(memberId, `9${String(phones.size + 1).padStart(4, '0')} ${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`);
  const locationId = o.locationId ?? L1;
  await apply(
    handlerOf(MemberEvents.MemberRegistered.type),
    makeEnvelope(MemberEvents.MemberRegistered, {
      ...meta(memberId, o.org ?? orgId),
      locationId,
      data: {
        memberId,
        locationId,
        firstName: o.first ?? 'Riya',
        lastName: 'Singh',
        email: `${memberId}@example.in`,
        phone: phoneOf(memberId),
        membershipType: 'annual',
        paymentFrequency: 'annually',
        feePaise: 1_200_000,
        startDate: '2026-01-01',
        endDate: o.endDate ?? '2026-12-31',
      },
    }),
  );
  return memberId;
};
const member = (id: string): U => ({ id, role: 'member', locs: [L1] });

const call = async (u: U | null, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
  const token = u ? await svc.keys.sign({ userId: u.id, orgId: u.orgId ?? orgId, role: u.role, locationIds: u.locs, name: u.name ?? 'Test User' }) : null;
  const res = await svc.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as unknown };
};
const notificationsOf = (recipientId: string) =>
  db().selectFrom('notifications').selectAll().where('recipient_id', '=', recipientId).orderBy('created_at').execute();
const deliveriesOf = (recipientId: string) => db().selectFrom('deliveries').selectAll().where('recipient_id', '=', recipientId).orderBy('channel').execute();
const setPrefs = (u: U, change: (p: NotificationPreferences) => void, language?: 'en' | 'hi') => {
  const p = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  change(p);
  return call(u, 'PUT', '/settings/notifications', { notifications: p, ...(language ? { language } : {}) });
};
const expired = (memberId: string) => makeEnvelope(MemberEvents.MembershipExpired, { ...meta(memberId), data: { memberId, endDate: '2026-11-30' } });

beforeAll(async () => {
  // Only the database: handlers are applied here in transactions, not read from Kafka. Listening too: the WhatsApp
  // stand-in calls its webhook (statuses, a member's messages) as Meta would.
  svc = await bootNotifications('notif_complete', { clock, app: () => ({ whatsapp: { appSecret: WA_SECRET, verifyToken: 'wa-verify' } }), listen: true });
  const webhook = { url: `${svc.baseUrl}/notifications/whatsapp/webhook`, appSecret: WA_SECRET };
  [smtp, wa] = await Promise.all([
    startSmtpSink({ smtpPort: 0, httpPort: 0 }),
    startWhatsAppSink({ port: 0, templates: approvedWhatsAppTemplates(), webhook, defaultPhoneNumberId: WA_NUMBER }),
  ]);
  svc.onClose(() => smtp.stop());
  svc.onClose(() => wa.stop());
  await svc.seed({
    locations: [
      { locationId: L1, orgId, name: 'Andheri', city: 'Mumbai', timezone: 'Asia/Kolkata' },
      { locationId: L2, orgId, name: 'Bandra', city: 'Mumbai', timezone: 'Asia/Kolkata' },
    ],
  });
  for (const u of [owner, adminL1, trainerU, outsider]) await apply(onUserRegistered, userRegistered(u));
  // The gym's built-in welcome (an automation, done at registration) is paused: these tests count the notifications the
  // rule table gives each member (automations are automations.int.test.ts's).
  await db().updateTable('automations').set({ status: 'paused' }).where('org_id', '=', orgId).where('builtin', '=', 'welcome').execute();
});

afterAll(async () => svc?.close());

beforeEach(() => {
  now = new Date();
});

describe('preferences (GET/PUT /settings/notifications)', () => {
  it('answers the spec’s defaults until saved, then what was saved; bad input changes nothing', async () => {
    const u: U = { id: newId(), role: 'member', locs: [L1] };
    const first = await call(u, 'GET', '/settings/notifications');
    expect(first.status).toBe(200);
    expect(ok(NotificationSettings).parse(first.body).data).toEqual({ notifications: DEFAULT_NOTIFICATION_PREFERENCES, language: 'en' });
    expect(DEFAULT_NOTIFICATION_PREFERENCES.system.channels).toEqual({ inApp: true, email: true, sms: false });

    const saved = await setPrefs(u, (p) => (p.payment = { enabled: false, channels: { inApp: true, email: true, sms: false } }), 'hi');
    expect(saved.status).toBe(200);
    expect((saved.body as { message: string }).message).toBe('Settings saved!');
    const again = ok(NotificationSettings).parse((await call(u, 'GET', '/settings/notifications')).body).data;
    expect(again.notifications.payment.enabled).toBe(false);
    expect(again.language).toBe('hi');

    for (const bad of [{}, { notifications: { payment: { enabled: 'yes' } } }, { notifications: DEFAULT_NOTIFICATION_PREFERENCES, language: 'fr' }]) {
      const res = await call(u, 'PUT', '/settings/notifications', bad);
      expect(res.status).toBe(400);
      ErrorBody.parse(res.body);
    }
    expect(ok(NotificationSettings).parse((await call(u, 'GET', '/settings/notifications')).body).data).toEqual(again);
    expect((await call(null, 'GET', '/settings/notifications')).status).toBe(401);
  });

  it('is per organization: the same user id in another organization has its own (defaults)', async () => {
    const u: U = { id: newId(), role: 'member', locs: [L1] };
    await setPrefs(u, (p) => (p.system.enabled = false));
    const elsewhere = await call({ ...u, orgId: otherOrg }, 'GET', '/settings/notifications');
    expect(ok(NotificationSettings).parse(elsewhere.body).data.notifications).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });
});

describe('rules (given / when / then)', () => {
  it('given the default preferences, when a membership expires, then the member and the location’s staff are told in-app only', async () => {
    const m = await registerMember();
    await apply(handlerOf(MemberEvents.MembershipExpired.type), expired(m));
    const [n] = await notificationsOf(m);
    expect(n).toMatchObject({
      category: 'membership_expired',
      title_key: 'notifications.membership_expired.title',
      priority: 'high',
      status: 'unread',
      action_key: 'notifications.action.renew',
    });
    expect(n!.params).toMatchObject({ endDate: '2026-11-30' });
    expect(
      (await notificationsOf(owner.id)).some((x) => x.category === 'membership_expired' && (x.params as Record<string, string>).name === 'Riya Singh'),
    ).toBe(true);
    expect((await notificationsOf(adminL1.id)).some((x) => x.category === 'membership_expired')).toBe(true);
    expect((await notificationsOf(trainerU.id)).some((x) => x.category === 'membership_expired')).toBe(false);
    // payment: in-app only by default → no email or WhatsApp delivery
    expect(await deliveriesOf(m)).toEqual([]);
  });

  it('given the member turned the category off, when the event arrives, then they get nothing (staff still do)', async () => {
    const m = await registerMember();
    await setPrefs(member(m), (p) => (p.payment.enabled = false));
    const ownerBefore = (await notificationsOf(owner.id)).length;
    await apply(handlerOf(MemberEvents.MembershipExpired.type), expired(m));
    expect(await notificationsOf(m)).toEqual([]);
    expect((await notificationsOf(owner.id)).length).toBe(ownerBefore + 1);
  });

  it('given email on and WhatsApp on without consent, then an email delivery only; with consent, both', async () => {
    const m = await registerMember();
    await setPrefs(member(m), (p) => (p.payment.channels = { inApp: true, email: true, sms: true }));
    await apply(handlerOf(MemberEvents.MembershipExpired.type), expired(m));
    expect((await deliveriesOf(m)).map((d) => d.channel)).toEqual(['email']);

    await call(member(m), 'PUT', '/notifications/consent', { granted: true });
    const renewed = makeEnvelope(MemberEvents.MembershipRenewed, {
      ...meta(m),
      data: {
        memberId: m,
        locationId: L1,
        renewedAt: now.toISOString(),
        term: {
          termNo: 2,
          membershipType: 'annual',
          paymentFrequency: 'annually',
          feePaise: 1,
          paymentMethod: null,
          startDate: '2027-01-01',
          endDate: '2027-12-31',
        },
      },
    });
    await setPrefs(member(m), (p) => (p.system.channels = { inApp: true, email: true, sms: true }));
    await apply(handlerOf(MemberEvents.MembershipRenewed.type), renewed);
    const n = (await notificationsOf(m)).find((x) => x.category === 'membership_renewed')!;
    const ds = await db().selectFrom('deliveries').selectAll().where('notification_id', '=', n.id).orderBy('channel').execute();
    expect(ds.map((d) => [d.channel, d.address, d.status])).toEqual([
      ['email', `${m}@example.in`, 'pending'],
      ['sms', phoneOf(m), 'pending'],
    ]);
  });

  it('given in-app off, then the notification is kept out of the list and the count, and still goes by email', async () => {
    const m = await registerMember();
    await setPrefs(member(m), (p) => (p.payment.channels = { inApp: false, email: true, sms: false }));
    await apply(handlerOf(MemberEvents.MembershipExpired.type), expired(m));
    const list = await call(member(m), 'GET', '/notifications');
    expect((list.body as { totalCount: number }).totalCount).toBe(0);
    expect((await deliveriesOf(m)).map((d) => d.channel)).toEqual(['email']);
  });

  it('given the same event twice (a redelivery), then one notification per recipient and one delivery per channel', async () => {
    const m = await registerMember();
    await setPrefs(member(m), (p) => (p.payment.channels = { inApp: true, email: true, sms: false }));
    const env = expired(m);
    await apply(handlerOf(MemberEvents.MembershipExpired.type), env);
    await apply(handlerOf(MemberEvents.MembershipExpired.type), env);
    expect(await notificationsOf(m)).toHaveLength(1);
    expect(await deliveriesOf(m)).toHaveLength(1);
    expect((await notificationsOf(owner.id)).filter((x) => x.source_event_id === env.eventId)).toHaveLength(1);
  });

  it('given a consumer that dies mid-event (its transaction rolls back), when the event comes again, then everything happens once', async () => {
    const m = await registerMember();
    await setPrefs(member(m), (p) => (p.payment.channels = { inApp: true, email: true, sms: false }));
    const env = expired(m);
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await applyRule(trx, env as never);
          throw new Error('killed after writing, before commit');
        }),
    ).rejects.toThrow('killed');
    expect(await notificationsOf(m)).toEqual([]);
    await apply(handlerOf(MemberEvents.MembershipExpired.type), env);
    expect(await notificationsOf(m)).toHaveLength(1);
    expect(await deliveriesOf(m)).toHaveLength(1);
  });

  it('reminds of memberships ending in 7 days and tomorrow, once, however often the sweep runs', async () => {
    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    const in7 = await registerMember({ endDate: day(7) });
    const in1 = await registerMember({ endDate: day(1) });
    const in5 = await registerMember({ endDate: day(5) });
    const in4 = await registerMember({ endDate: day(4) });
    // The member's reminder is the built-in automation's (renewal 7 and 1 days before; a sweep that missed the 7th day
    // still reminds up to 2 days late, so 5 days before is reminded too, 4 days before not).
    const expiring = async (m: string) =>
      (await notificationsOf(m))
        .filter((n) => n.category === 'membership_expiring')
        .map((n) => [n.category, (n.params as Record<string, string>).days, n.priority]);
    for (let i = 0; i < 2; i++) {
      await sweepReminders(db(), now);
      await sweepAutomations(db(), now);
    }
    expect(await expiring(in7)).toEqual([['membership_expiring', '7', 'medium']]);
    expect(await expiring(in1)).toEqual([['membership_expiring', '1', 'high']]);
    expect(await expiring(in5)).toEqual([['membership_expiring', '5', 'medium']]);
    expect(await expiring(in4)).toEqual([]);
  });
});

describe('consent (GET/PUT /notifications/consent)', () => {
  it('records when and how it was given; a withdrawal skips pending messages at once', async () => {
    const m = await registerMember();
    const none = ok(MessagingConsent).parse((await call(member(m), 'GET', '/notifications/consent')).body).data;
    // Not given; the number on record is offered.
    expect(none).toEqual({ granted: false, phone: phoneOf(m), grantedAt: null, method: null, withdrawnAt: null });
    const given = ok(MessagingConsent).parse((await call(member(m), 'PUT', '/notifications/consent', { granted: true })).body).data;
    expect(given).toMatchObject({ granted: true, phone: phoneOf(m), method: 'settings_toggle', withdrawnAt: null });
    expect(Date.parse(given.grantedAt!)).toBe(now.getTime());

    await setPrefs(member(m), (p) => (p.payment.channels = { inApp: true, email: false, sms: true }));
    await apply(handlerOf(MemberEvents.MembershipExpired.type), expired(m));
    expect((await deliveriesOf(m)).map((d) => [d.channel, d.status])).toEqual([['sms', 'pending']]);

    const withdrawn = ok(MessagingConsent).parse((await call(member(m), 'PUT', '/notifications/consent', { granted: false })).body).data;
    expect(withdrawn).toMatchObject({ granted: false, grantedAt: given.grantedAt });
    expect(withdrawn.withdrawnAt).not.toBeNull();
    expect((await deliveriesOf(m)).map((d) => [d.channel, d.status, d.last_error])).toEqual([['sms', 'skipped', 'consent withdrawn']]);
  });

  it('needs a number to grant when none is known, and refuses bad input', async () => {
    const u: U = { id: newId(), role: 'trainer', locs: [L1] };
    expect((await call(u, 'PUT', '/notifications/consent', { granted: true })).status).toBe(400);
    expect((await call(u, 'PUT', '/notifications/consent', { granted: 'yes' })).status).toBe(400);
    expect((await call(u, 'PUT', '/notifications/consent', { granted: true, phone: 'call me' })).status).toBe(400);
    expect(ok(MessagingConsent).parse((await call(u, 'GET', '/notifications/consent')).body).data.granted).toBe(false);
    expect((await call(u, 'PUT', '/notifications/consent', { granted: true, phone: '+91 99887 76655' })).status).toBe(200);
  });
});

describe('announcements', () => {
  it('reach the members of a location, keep the sender and how many received it, and are listed for staff', async () => {
    const a = await registerMember({ locationId: L1 });
    const b = await registerMember({ locationId: L2 });
    const res = await call(owner, 'POST', '/notifications/announcement', {
      title: 'Diwali hours',
      message: 'Open 6–10 on Diwali.',
      audience: 'location',
      locationId: L1,
    });
    expect(res.status).toBe(201);
    const sent = ok(Announcement).parse(res.body).data;
    expect(sent.sentBy).toEqual({ id: owner.id, name: 'Owner Oberoi' });
    const countL1 = await db().selectFrom('member_copies').select('member_id').where('org_id', '=', orgId).where('location_id', '=', L1).execute();
    expect(sent.recipientCount).toBe(countL1.length);
    expect((await notificationsOf(a)).find((n) => n.category === 'announcement')).toMatchObject({
      title: 'Diwali hours',
      message: 'Open 6–10 on Diwali.',
      type: 'system',
    });
    expect((await notificationsOf(b)).find((n) => n.category === 'announcement')).toBeUndefined();
    // system is also by email by default
    expect((await deliveriesOf(a)).map((d) => d.channel)).toContain('email');

    const list = await call(owner, 'GET', '/notifications/announcements');
    expect(list.status).toBe(200);
    expect((list.body as { data: { announcements: Announcement[] } }).data.announcements[0]!._id).toBe(sent._id);
  });

  it('to a group: only active members ending within 7 days', async () => {
    const soon = await registerMember({ endDate: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10) });
    const later = await registerMember({ endDate: '2030-01-01' });
    const res = await call(owner, 'POST', '/notifications/announcement', { title: 'Renew now', message: '10% off this week', audience: 'expiring' });
    expect(res.status).toBe(201);
    expect((await notificationsOf(soon)).some((n) => n.category === 'announcement' && n.title === 'Renew now')).toBe(true);
    expect((await notificationsOf(later)).some((n) => n.title === 'Renew now')).toBe(false);
  });

  it('an admin reaches only their locations; another organization’s location is not found; members may not send; bad input is 400', async () => {
    const b = await registerMember({ locationId: L2 });
    const res = await call(adminL1, 'POST', '/notifications/announcement', { title: 'Hello', message: 'From L1', audience: 'organization' });
    expect(res.status).toBe(201);
    expect((await notificationsOf(b)).some((n) => n.title === 'Hello')).toBe(false);
    expect((await call(adminL1, 'POST', '/notifications/announcement', { title: 'x', message: 'y', audience: 'location', locationId: L2 })).status).toBe(404);
    expect((await call(outsider, 'POST', '/notifications/announcement', { title: 'x', message: 'y', audience: 'location', locationId: L1 })).status).toBe(404);
    expect(
      (await call(outsider, 'POST', '/notifications/announcement', { title: 'x', message: 'y', audience: 'trainer', trainerId: trainerU.id })).status,
    ).toBe(404);
    expect((await call(member(b), 'POST', '/notifications/announcement', { title: 'x', message: 'y', audience: 'organization' })).status).toBe(403);
    for (const bad of [
      {},
      { title: '', message: 'y', audience: 'organization' },
      { title: 'x', message: 'y', audience: 'location' },
      { title: 'x', message: 'y', audience: 'everyone' },
      { title: 'x'.repeat(121), message: 'y', audience: 'organization' },
    ]) {
      const r2 = await call(owner, 'POST', '/notifications/announcement', bad);
      expect(r2.status).toBe(400);
      ErrorBody.parse(r2.body);
    }
    expect((await call(member(b), 'GET', '/notifications/announcements')).status).toBe(403);
    const outsiderList = await call(outsider, 'GET', '/notifications/announcements');
    expect((outsiderList.body as { totalCount: number }).totalCount).toBe(0);
  });
});

describe('history, search and deliveries', () => {
  it('history between two days and search by text; another user’s or organization’s notification is not found', async () => {
    const m = await registerMember({ first: 'Zoravar' });
    await apply(handlerOf(MemberEvents.MembershipExpired.type), expired(m));
    const today = now.toISOString().slice(0, 10);
    const hist = await call(member(m), 'GET', `/notifications/history?startDate=${today}&endDate=${today}`);
    expect(hist.status).toBe(200);
    expect(ok(z.object({ notifications: z.array(Notification) })).parse(hist.body).data.notifications).toHaveLength(1);
    expect((await call(member(m), 'GET', `/notifications/history?startDate=2022-01-01&endDate=2022-01-02`)).body).toMatchObject({
      data: { notifications: [] },
    });
    expect((await call(member(m), 'GET', `/notifications/history?startDate=${today}&endDate=2022-01-01`)).status).toBe(400);
    expect((await call(member(m), 'GET', `/notifications/history?startDate=1990-01-01`)).status).toBe(400);

    const found = await call(owner, 'GET', `/notifications/search?q=zoravar`);
    expect(found.status).toBe(200);
    // the member's registration and their expiry both name them
    expect((found.body as { data: { totalCount: number } }).data.totalCount).toBe(2);
    expect((await call(owner, 'GET', `/notifications/search?q=%25`)).status).toBe(200);
    expect((await call(owner, 'GET', `/notifications/search?q=`)).status).toBe(400);
    expect((await call(owner, 'GET', `/notifications/search?q=zoravar&type=nope`)).status).toBe(400);
    expect(((await call(outsider, 'GET', `/notifications/search?q=zoravar`)).body as { data: { totalCount: number } }).data.totalCount).toBe(0);

    const [n] = await notificationsOf(m);
    const mine = await call(member(m), 'GET', `/notifications/${n!.id}/deliveries`);
    expect(mine.status).toBe(200);
    expect((mine.body as { data: { deliveries: { channel: string }[] } }).data.deliveries.map((d) => d.channel)).toEqual(['inApp']);
    expect((await call(owner, 'GET', `/notifications/${n!.id}/deliveries`)).status).toBe(404);
    expect((await call({ ...member(m), orgId: otherOrg }, 'GET', `/notifications/${n!.id}/deliveries`)).status).toBe(404);
    expect((await call(member(m), 'GET', `/notifications/not-an-id/deliveries`)).status).toBe(400);
  });
});

describe('delivery (email over SMTP, WhatsApp Cloud API)', () => {
  const adapters = (): ChannelAdapter[] => [
    createEmailAdapter({ host: '127.0.0.1', port: smtp.smtpPort, from: 'Akhada <no-reply@akhada.local>' }),
    createWhatsAppAdapter({
      baseUrl: `http://127.0.0.1:${wa.port}`,
      version: 'v21.0',
      phoneNumberId: WA_NUMBER,
      token: 'test-token',
      lastInbound: (p, w) => lastInbound(db(), p, w),
      clock,
    }),
  ];
  const deliverer = (o: Partial<Parameters<typeof startDeliverer>[0]> = {}) =>
    startDeliverer({
      db: db(),
      adapters: adapters(),
      logger: createLogger('deliverer-test', 'silent'),
      appUrl: 'http://127.0.0.1:8080',
      autoStart: false,
      clock,
      backoffBaseMs: 1000,
      ...o,
    });
  const drain = async (d: ReturnType<typeof deliverer>) => {
    for (let i = 0; i < 20 && (await d.runOnce()) > 0; i++);
  };

  it('sends email and WhatsApp in the recipient’s language (Hindi here), once per channel, and records them sent', async () => {
    const m = await registerMember();
    await call(member(m), 'PUT', '/notifications/consent', { granted: true });
    await setPrefs(member(m), (p) => (p.payment.channels = { inApp: true, email: true, sms: true }), 'hi');
    await apply(handlerOf(MemberEvents.MembershipExpired.type), expired(m));
    const d = deliverer();
    await drain(d);
    await drain(d);
    const mails = smtp.messages().filter((x) => x.to.includes(`${m}@example.in`));
    expect(mails.map((x) => [x.subject, x.messageId])).toHaveLength(1);
    expect(mails[0]!.subject).toBe('आपकी सदस्यता समाप्त हो गई है');
    expect(mails[0]!.text).toContain('नवीनीकरण करें: http://127.0.0.1:8080/dashboard/profile');
    const texts = wa.messages().filter((x) => x.to === `91${phoneOf(m).replace(' ', '')}`);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ phoneNumberId: '123456', version: 'v21.0' });
    expect(texts[0]!.body).toContain('आपकी सदस्यता 2026-11-30 को समाप्त हो गई');
    // Outside the 24-hour window: the approved template, in Hindi.
    expect(texts[0]!.template).toEqual({ name: 'akhada_membership_expired', language: 'hi', parameters: ['2026-11-30'] });
    expect((await deliveriesOf(m)).map((x) => [x.channel, x.status, x.attempts])).toEqual([
      ['email', 'sent', 1],
      ['sms', 'sent', 1],
    ]);
  });

  it('retries a failure with back-off, then sends; a permanent failure shows failed', async () => {
    const m = await registerMember();
    await call(member(m), 'PUT', '/notifications/consent', { granted: true });
    await setPrefs(member(m), (p) => (p.payment.channels = { inApp: true, email: false, sms: true }));
    await apply(handlerOf(MemberEvents.MembershipExpired.type), expired(m));
    await fetch(`http://127.0.0.1:${wa.port}/control/fail`, { method: 'POST', body: JSON.stringify({ count: 1, status: 503 }) });
    const d = deliverer();
    await d.runOnce();
    const [afterFail] = await deliveriesOf(m);
    expect(afterFail).toMatchObject({ status: 'pending', attempts: 1 });
    expect(afterFail!.last_error).toContain('503');
    expect(afterFail!.next_attempt_at.getTime()).toBe(now.getTime() + 1000);
    expect(await d.runOnce()).toBe(0); // not due yet
    now = new Date(now.getTime() + 1000);
    await d.runOnce();
    expect((await deliveriesOf(m)).map((x) => [x.status, x.attempts])).toEqual([['sent', 2]]);
    expect(wa.messages().filter((x) => x.reference?.startsWith(afterFail!.notification_id))).toHaveLength(1);

    const m2 = await registerMember();
    await call(member(m2), 'PUT', '/notifications/consent', { granted: true });
    await setPrefs(member(m2), (p) => (p.payment.channels = { inApp: true, email: false, sms: true }));
    await apply(handlerOf(MemberEvents.MembershipExpired.type), expired(m2));
    await fetch(`http://127.0.0.1:${wa.port}/control/fail`, { method: 'POST', body: JSON.stringify({ count: 1, status: 400 }) });
    await d.runOnce();
    expect((await deliveriesOf(m2)).map((x) => x.status)).toEqual(['failed']);
    const n = (await notificationsOf(m2))[0]!;
    const shown = await call(member(m2), 'GET', `/notifications/${n.id}/deliveries`);
    expect((shown.body as { data: { deliveries: { channel: string; status: string }[] } }).data.deliveries).toEqual([
      expect.objectContaining({ channel: 'inApp', status: 'sent' }),
      expect.objectContaining({ channel: 'sms', status: 'failed' }),
    ]);
  });

  it('WhatsApp as the platform has it: a renewal reminder goes as the approved template in the member’s language; free-form text only inside the 24-hour window; statuses recorded', async () => {
    const endDate = new Date(now.getTime() + 7 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    const m = await registerMember({ endDate });
    const number = `91${phoneOf(m).replace(' ', '')}`;
    const trainerId = newId();
    await db().updateTable('member_copies').set({ trainer_id: trainerId }).where('member_id', '=', m).execute();
    await call(member(m), 'PUT', '/notifications/consent', { granted: true });
    await setPrefs(
      member(m),
      (p) => {
        p.payment.channels = { inApp: true, email: false, sms: true };
        p.system.channels = { inApp: true, email: false, sms: true };
      },
      'hi',
    );
    const d = deliverer();
    // The built-in welcome goes too (system messages by WhatsApp here); this test is about the renewal reminder.
    const welcome = async () => new Set((await notificationsOf(m)).filter((n) => n.category === 'welcome').map((n) => n.id));
    const mine = async () => {
      const left = await welcome();
      return (await deliveriesOf(m)).filter((r) => r.channel === 'sms' && !left.has(r.notification_id));
    };
    const sent = () => wa.messages().filter((x) => x.to === number && x.template?.name !== 'akhada_member_welcome');

    // The renewal reminder of the built-in rule (7 days before the end): the Hindi template with its variables.
    await sweepAutomations(db(), now);
    await drain(d);
    expect(sent()).toHaveLength(1);
    expect(sent()[0]).toMatchObject({
      type: 'template',
      template: { name: 'akhada_membership_expiring', language: 'hi', parameters: ['7', endDate] },
    });
    expect(sent()[0]!.body).toBe(`*आपकी सदस्यता 7 दिन में समाप्त होगी*\n\nआपकी सदस्यता ${endDate} को समाप्त होगी। बिना रुके ट्रेनिंग जारी रखने के लिए नवीनीकरण करें।`);
    // Its status callbacks (the stand-in's sent and delivered, then read; a late delivered changes nothing).
    const [reminder] = await mine();
    expect(reminder).toMatchObject({ status: 'sent', provider_id: sent()[0]!.id });
    await expect.poll(async () => (await mine())[0]!.provider_status).toBe('delivered');
    expect(await wa.status(sent()[0]!.id, 'read')).toBe(200);
    expect(await wa.status(sent()[0]!.id, 'delivered')).toBe(200);
    expect((await mine())[0]!.provider_status).toBe('read');
    const shown = await call(member(m), 'GET', `/notifications/${reminder!.notification_id}/deliveries`);
    expect((shown.body as { data: { deliveries: { channel: string; providerStatus?: string }[] } }).data.deliveries[1]).toMatchObject({
      channel: 'sms',
      providerStatus: 'read',
    });

    // An announcement has no template: outside the window its free-form text is refused (131047), failed with the reason, once.
    const announce = (message: string) =>
      call(owner, 'POST', '/notifications/announcement', { title: 'Gym notice', message, audience: 'trainer', trainerId, priority: 'medium' });
    expect((await announce('Closed on Sunday')).status).toBe(201);
    await drain(d);
    const refused = (await mine()).find((r) => r.notification_id !== reminder!.notification_id)!;
    expect(refused).toMatchObject({ status: 'failed', attempts: 1 });
    expect(refused.last_error).toContain('(#131047) Re-engagement message');
    now = new Date(now.getTime() + 3_600_000);
    await drain(d);
    expect((await mine()).find((r) => r.notification_id === refused.notification_id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(sent()).toHaveLength(1);

    // The member writes to the gym: inside the window the next one goes as free-form text.
    await wa.receive({ from: number, text: 'Namaste', phoneNumberId: WA_NUMBER });
    expect(await lastInbound(db(), WA_NUMBER, number)).not.toBeNull();
    expect((await announce('Open again on Monday')).status).toBe(201);
    await drain(d);
    expect(sent()).toHaveLength(2);
    expect(sent()[0]).toMatchObject({ type: 'text', template: null });
    expect(sent()[0]!.body).toContain('Open again on Monday');
    // A failed callback ends the message as failed with the platform's reason.
    expect(await wa.status(sent()[0]!.id, 'failed', { code: 131026, title: 'Message undeliverable' })).toBe(200);
    const text = (await mine()).find((r) => r.provider_id === sent()[0]!.id)!;
    expect(text).toMatchObject({ status: 'failed', provider_status: 'failed' });
    expect(text.last_error).toContain('(#131026) Message undeliverable');
  });

  it('WhatsApp’s webhook: refused 401 without Meta’s signature; the verification answers its challenge to the verify token only', async () => {
    const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
    const post = (signature?: string) =>
      svc.app.inject({
        method: 'POST',
        url: '/notifications/whatsapp/webhook',
        headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
        payload: body,
      });
    const good = `sha256=${createHmac('sha256', WA_SECRET).update(body).digest('hex')}`;
    expect((await post(good)).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(401);
    expect((await post(`sha256=${createHmac('sha256', 'another secret').update(body).digest('hex')}`)).statusCode).toBe(401);
    expect((await post('sha256=00')).statusCode).toBe(401);
    // Signed, but naming nothing known (a message of another system, a time beyond reason): recorded as nothing, no error.
    const odd = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          changes: [
            {
              field: 'messages',
              value: { statuses: [{ id: 'wamid.unknown', status: 'read', timestamp: '99999999999999', biz_opaque_callback_data: 'x:sms' }] },
            },
          ],
        },
      ],
    });
    const oddRes = await svc.app.inject({
      method: 'POST',
      url: '/notifications/whatsapp/webhook',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${createHmac('sha256', WA_SECRET).update(odd).digest('hex')}` },
      payload: odd,
    });
    expect(oddRes.json()).toEqual({ success: true, message: '0 message(s), 0 status(es) recorded' });
    const verify = (token: string) =>
      svc.app.inject({ method: 'GET', url: `/notifications/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444` });
    expect((await verify('wa-verify')).body).toBe('1158201444');
    expect((await verify('guess')).statusCode).toBe(403);
  });

  it('a deliverer killed mid-delivery: another takes the claim over when its lease ends, and each channel is delivered once', async () => {
    const m = await registerMember();
    await call(member(m), 'PUT', '/notifications/consent', { granted: true });
    await setPrefs(member(m), (p) => (p.payment.channels = { inApp: true, email: true, sms: true }));
    await drain(deliverer()); // what earlier tests left pending, so the deliverer below claims only this member's
    await apply(handlerOf(MemberEvents.MembershipExpired.type), expired(m));
    // The first deliverer claims both and hangs in the provider call, as a process killed there would: it never comes back.
    let reached = 0;
    const hanging: ChannelAdapter[] = (['email', 'sms'] as const).map((channel) => ({
      channel,
      send: () => {
        reached += 1;
        return new Promise<never>(() => {});
      },
    }));
    const dead = deliverer({ adapters: hanging, leaseMs: 5000 });
    void dead.runOnce();
    await expect.poll(() => reached, { timeout: 5000 }).toBe(2);
    expect((await deliveriesOf(m)).map((x) => x.status)).toEqual(['sending', 'sending']);
    const next = deliverer({ leaseMs: 5000 });
    expect(await next.runOnce()).toBe(0); // the lease still holds: nobody else sends
    now = new Date(now.getTime() + 5001);
    await drain(next);
    await drain(next);
    expect(smtp.messages().filter((x) => x.to.includes(`${m}@example.in`))).toHaveLength(1);
    const nid = (await notificationsOf(m))[0]!.id;
    expect(wa.messages().filter((x) => x.reference === `${nid}:sms`)).toHaveLength(1);
    expect((await deliveriesOf(m)).map((x) => [x.status, x.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
  });
});

describe('rules for payments, feedback and chat', () => {
  const raw = (type: string, data: Record<string, unknown>, locationId = L1): EventEnvelope<Record<string, unknown>> => ({
    eventId: newId(),
    type,
    version: 1,
    occurredAt: now.toISOString(),
    orgId,
    locationId,
    aggregateId: newId(),
    correlationId: newId(),
    causationId: newId(),
    data,
  });
  const paymentHandler = (type: string) => paymentHandlers.find((h) => h.type === type)!;
  const payment = (memberId: string, o: Record<string, unknown> = {}) => ({
    paymentId: newId(),
    organizationId: orgId,
    locationId: L1,
    category: 'member',
    type: 'membership_fee',
    status: 'pending',
    memberId,
    memberName: 'Riya Singh',
    trainerId: null,
    trainerName: '',
    amountPaise: 150000,
    gstPaise: 27000,
    totalPaise: 177000,
    refundedPaise: 0,
    method: 'upi',
    description: 'Membership',
    membershipType: null,
    membershipPeriod: null,
    paymentFrequency: null,
    salaryPeriod: null,
    dueDate: null,
    source: 'staff',
    sourceId: null,
    occurredAt: now.toISOString(),
    recordedBy: null,
    ...o,
  });

  it('a payment reminder goes to the member by email and, with consent, WhatsApp, whatever their switches, with amount, due date and link', async () => {
    const m = await registerMember();
    await call(member(m), 'PUT', '/notifications/consent', { granted: true });
    await apply(
      paymentHandler('payments.payment_reminder_requested'),
      raw('payments.payment_reminder_requested', {
        reminderId: newId(),
        paymentId: newId(),
        organizationId: orgId,
        locationId: L1,
        memberId: m,
        memberName: 'Riya Singh',
        email: '',
        phone: '',
        amountPaise: 177000,
        description: 'Membership',
        dueDate: '2026-12-05',
        paymentLinkUrl: 'https://rzp.io/i/abc123',
        locale: null,
        message: null,
        requestedBy: owner.id,
        occurredAt: now.toISOString(),
      }),
    );
    const [n] = await notificationsOf(m);
    expect(n).toMatchObject({ category: 'payment_reminder', message: '₹1,770 is due on 2026-12-05. Pay here: https://rzp.io/i/abc123' });
    expect((await deliveriesOf(m)).map((d) => d.channel)).toEqual(['email', 'sms']);
  });

  it('money captured after its shop order expired and refunded automatically: the member and staff are told why, once', async () => {
    const m = await registerMember();
    const refunded = raw(
      'payments.payment_refunded',
      payment(m, {
        category: 'other',
        type: 'product_sale',
        status: 'refunded',
        amountPaise: 60_000,
        gstPaise: 3_000,
        totalPaise: 63_000,
        refundedPaise: 63_000,
        description: 'Order: Gym towel × 2',
        source: 'pos',
        sourceId: newId(),
        refundId: 'rfnd_late1',
        refundPaise: 63_000,
        fully: true,
        reason: 'Order expired before payment',
        refundedAt: now.toISOString(),
        refundedBy: null,
        afterCancel: true,
      }),
    );
    await apply(paymentHandler('payments.payment_refunded'), refunded);
    await apply(paymentHandler('payments.payment_refunded'), refunded);
    const mine = (await notificationsOf(m)).filter((n) => n.category === 'refund_processed');
    expect(mine.map((n) => [n.title, n.message])).toEqual([
      ['Your payment was refunded', 'Your payment of ₹630 for your order (Gym towel × 2) arrived after the order expired and has been refunded.'],
    ]);
    const staff = (await notificationsOf(owner.id)).filter((n) => (n.params as Record<string, string>).order === 'Gym towel × 2');
    expect(staff.map((n) => n.title)).toEqual(['Late payment refunded']);
  });

  it('an overdue payment: staff are told once per urgency step (Urgent above 3 days), the member once at 1, 3 and 7 days (preferences permitting), however often the sweep runs', async () => {
    const [m, quiet] = [await registerMember(), await registerMember()];
    await setPrefs(member(quiet), (p) => (p.payment.enabled = false));
    const due = new Date(now.getTime() - 5 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    for (const who of [m, quiet]) await apply(paymentHandler('payments.payment_recorded'), raw('payments.payment_recorded', payment(who, { dueDate: due })));
    await sweepReminders(db(), now);
    await sweepReminders(db(), now);
    await sweepAutomations(db(), now);
    const told = (await notificationsOf(owner.id)).filter((n) => n.category === 'payment_overdue' && (n.params as Record<string, string>).dueDate === due);
    expect(told.map((n) => [n.priority, n.title])).toEqual([
      ['high', 'Payment overdue: Urgent'],
      ['high', 'Payment overdue: Urgent'],
    ]);
    // 5 days overdue: the member's 3-day reminder (the 1-day one's day has passed); 3 days later the 7-day one, once.
    now = new Date(now.getTime() + 3 * 86_400_000);
    await sweepReminders(db(), now);
    await sweepAutomations(db(), now);
    await sweepAutomations(db(), now);
    const reminders = (await notificationsOf(m)).filter((n) => n.category === 'payment_overdue');
    expect(reminders.map((n) => [n.priority, n.title, n.message])).toEqual([
      ['high', 'Payment overdue', `Your payment of ₹1,770 was due on ${due} (5 day(s) ago). Please pay to keep training without a break.`],
      ['urgent', 'Payment overdue', `Your payment of ₹1,770 was due on ${due} (8 day(s) ago). Please pay to keep training without a break.`],
    ]);
    expect(reminders.map((n) => n.action_url)).toEqual(['/dashboard/me/payments', '/dashboard/me/payments']);
    expect((await notificationsOf(quiet)).filter((n) => n.category === 'payment_overdue')).toEqual([]);
  });

  it('a complaint reaches the location’s staff at its priority; other feedback tells nobody; a response reaches its author', async () => {
    const base = { locationId: L1, rating: 2, isAnonymous: false, memberId: null, memberName: 'Riya Singh', trainerId: null, submittedAt: now.toISOString() };
    const complaint = raw('feedback.feedback_submitted', {
      ...base,
      feedbackId: newId(),
      type: 'complaint',
      title: 'AC broken',
      complaintCategory: 'equipment',
      priority: 'urgent',
    });
    const general = raw('feedback.feedback_submitted', {
      ...base,
      feedbackId: newId(),
      type: 'general',
      title: 'Nice gym',
      complaintCategory: null,
      priority: null,
    });
    await apply(feedbackHandlers[0]!, complaint);
    await apply(feedbackHandlers[0]!, general);
    const mine = (await notificationsOf(adminL1.id)).filter((n) => n.type === 'feedback');
    expect(mine.map((n) => [n.category, n.priority, n.message])).toEqual([
      ['complaint_submitted', 'urgent', 'Riya Singh raised a urgent complaint: AC broken'],
    ]);
    const author = newId();
    await apply(
      feedbackHandlers[1]!,
      raw('feedback.feedback_responded', {
        feedbackId: newId(),
        locationId: L1,
        title: 'AC broken',
        message: 'Fixed',
        respondedById: owner.id,
        respondedByName: 'O',
        respondedAt: now.toISOString(),
        recipientId: author,
        isAnonymous: true,
      }),
    );
    expect((await notificationsOf(author)).map((n) => n.category)).toEqual(['feedback_response']);
  });

  it('a chat message tells each offline recipient by their system channels, once per conversation until read', async () => {
    const [u1, u2, u3, u4] = [newId(), newId(), newId(), newId()];
    // u1 is a known account (an email address) who wants system notifications by email too.
    await apply(onUserRegistered, userRegistered({ id: u1, role: 'member', locs: [L1] }));
    await setPrefs({ id: u1, role: 'member', locs: [L1] }, (p) => (p.system.channels = { inApp: true, email: true, sms: false }));
    // u3 has a fresh socket on the hub (online); u4's socket row is stale (its instance died: offline).
    await db()
      .insertInto('hub_sockets')
      .values([
        { socket_id: `s-${u3}`, instance_id: 'other-instance', org_id: orgId, user_id: u3, seen_at: new Date() },
        { socket_id: `s-${u4}`, instance_id: 'dead-instance', org_id: orgId, user_id: u4, seen_at: new Date(Date.now() - 10 * 60_000) },
      ])
      .execute();
    const conversationId = newId();
    const sent = (preview: string) =>
      db()
        .transaction()
        .execute((trx) =>
          applyRule(
            trx,
            raw('chat.message_sent', {
              conversationId,
              conversationName: null,
              recipientIds: [u1, u2, u3, u4],
              senderName: 'Coach Vikram',
              preview,
              link: `/dashboard/chat?c=${conversationId}`,
            }),
          ),
        );
    await sent('See you at 6');
    for (const u of [u1, u2, u4])
      expect((await notificationsOf(u)).map((n) => [n.title, n.action_url])).toEqual([
        ['New message from Coach Vikram', `/dashboard/chat?c=${conversationId}`],
      ]);
    expect(await notificationsOf(u3)).toEqual([]);
    expect((await deliveriesOf(u1)).map((d) => d.channel)).toEqual(['email']);
    // Coalesced: the next message adds no notification and no email while the first is unread.
    await sent('Bring a towel');
    expect(await notificationsOf(u1)).toHaveLength(1);
    expect(await deliveriesOf(u1)).toHaveLength(1);
    // Another conversation is its own notification.
    await db()
      .transaction()
      .execute((trx) =>
        applyRule(
          trx,
          raw('chat.message_sent', { conversationId: newId(), recipientIds: [u1], senderName: 'Asha', preview: 'Hi', link: '/dashboard/chat?c=other' }),
        ),
      );
    expect(await notificationsOf(u1)).toHaveLength(2);
  });
});

describe('rules for inventory', () => {
  it('low stock, an expiring batch and a service due reach the location’s staff (not its members, not another location’s)', async () => {
    const itemId = newId();
    const at = now.toISOString();
    const base = { ...meta(itemId), locationId: L1 };
    await apply(
      inventoryHandlers[0]!,
      makeEnvelope(InventoryEvents.LowStockDetected, { ...base, data: { itemId, locationId: L1, name: 'Whey 1 kg', quantity: 0, reorderLevel: 3, at } }),
    );
    await apply(
      inventoryHandlers[1]!,
      makeEnvelope(InventoryEvents.BatchExpiring, {
        ...base,
        data: { itemId, locationId: L1, name: 'Whey 1 kg', batchId: newId(), batchNo: 'W-7', expiryDate: '2026-06-01', quantity: 4, daysLeft: 5, at },
      }),
    );
    await apply(
      inventoryHandlers[2]!,
      makeEnvelope(InventoryEvents.MaintenanceDue, { ...base, data: { itemId, locationId: L1, name: 'Treadmill T1', dueDate: '2026-05-01', at } }),
    );
    const told = (await notificationsOf(adminL1.id)).filter((n) => n.type === 'inventory');
    expect(told.map((n) => [n.category, n.priority, n.title, n.message]).sort()).toEqual(
      [
        ['batch_expiring', 'high', 'Stock expiring: Whey 1 kg', '4 of Whey 1 kg (batch W-7) expire on 2026-06-01.'],
        ['low_stock', 'high', 'Low stock: Whey 1 kg', 'Only 0 left of Whey 1 kg (reorder level 3).'],
        ['maintenance_due', 'medium', 'Service due: Treadmill T1', 'Treadmill T1 is due for service since 2026-05-01.'],
      ].sort(),
    );
    expect((await notificationsOf(owner.id)).filter((n) => n.type === 'inventory')).toHaveLength(3);
    expect((await notificationsOf(trainerU.id)).filter((n) => n.type === 'inventory')).toHaveLength(0);
  });
});

describe('routes of the contract are all registered', () => {
  it('every notifications route answers (no 404 for the route itself)', async () => {
    for (const c of Object.values(r)) {
      const url = c.path.replace(':id', newId());
      const res = await svc.app.inject({ method: c.method, url });
      // A guest route (WhatsApp's webhook) reads its input first: without any, 400.
      expect(res.statusCode, `${c.method} ${c.path}`).toBe(c.auth ? 401 : 400);
    }
  });
});
