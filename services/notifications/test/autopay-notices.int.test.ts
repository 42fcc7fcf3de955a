// Autopay (issue 28) as the member hears of it: the pre-debit notice before each charge (payments.autopay_charge_due)
// and, when a charge fails, the "Pay now" reminder payments requests — in the bell, by email (the SMTP sink) and by
// WhatsApp (the Cloud API stand-in, as the approved utility template), in the member's language. Handlers are applied
// in transactions as the inbox consumer does, against the real PostgreSQL.
import { AuthEvents, MemberEvents, PaymentEvents, type EventEnvelope, type Role } from '@akhada/contracts';
import { createLogger, makeEnvelope, newId, type EventHandler } from '@akhada/kit';
import { startSmtpSink, startWhatsAppSink, type SmtpSink, type WhatsAppSink } from '@akhada/infra/standins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmailAdapter } from '../src/adapters/email.ts';
import { createWhatsAppAdapter } from '../src/adapters/whatsapp.ts';
import { memberCopyHandlers } from '../src/consumers/member-copies.ts';
import { paymentHandlers } from '../src/consumers/other-services.ts';
import { onUserRegistered } from '../src/consumers/recipients.ts';
import type { NotificationsDb } from '../src/db/schema.ts';
import { lastInbound } from '../src/db/whatsapp-repo.ts';
import { startDeliverer } from '../src/delivery/deliverer.ts';
import { approvedWhatsAppTemplates } from '../src/domain/whatsapp-templates.ts';
import { bootNotifications } from './setup.ts';

const orgId = newId();
const otherOrg = newId();
const L1 = newId();
const OTHER_LOC = newId();
const WA_NUMBER = '223344';
type U = { id: string; role: Role; locs: string[]; orgId?: string };
const owner: U = { id: newId(), role: 'owner', locs: [L1] };
const otherOwner: U = { id: newId(), role: 'owner', locs: [OTHER_LOC], orgId: otherOrg };

let svc: Awaited<ReturnType<typeof bootNotifications>>;
let smtp: SmtpSink;
let wa: WhatsAppSink;
const now = new Date('2026-11-29T06:00:00.000Z');
const db = () => svc.db;

const meta = (aggregateId: string, org = orgId) => ({ aggregateId, orgId: org, correlationId: newId(), causationId: newId(), occurredAt: now.toISOString() });
const apply = (h: EventHandler<NotificationsDb>, env: EventEnvelope<unknown>) =>
  db()
    .transaction()
    .execute((trx) => h.handle(trx, env));
const memberHandler = (type: string) => memberCopyHandlers.find((h) => h.type === type)!;
const paymentHandler = (type: string) => paymentHandlers.find((h) => h.type === type)!;

const userRegistered = (u: U) =>
  makeEnvelope(AuthEvents.UserRegistered, {
    ...meta(u.id, u.orgId ?? orgId),
    data: { userId: u.id, orgId: u.orgId ?? orgId, role: u.role, firstName: 'Test', lastName: u.role, email: `${u.id}@example.in`, locationIds: u.locs },
  });

let phoneSeq = 0;
const registerMember = async (o: { org?: string; locationId?: string } = {}) => {
  const memberId = newId();
  phoneSeq += 1;
  const phone = `98${String(phoneSeq).padStart(3, '0')}${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
  const locationId = o.locationId ?? L1;
  await apply(
    memberHandler(MemberEvents.MemberRegistered.type),
    makeEnvelope(MemberEvents.MemberRegistered, {
      ...meta(memberId, o.org ?? orgId),
      locationId,
      data: {
        memberId,
        locationId,
        firstName: 'Asha',
        lastName: 'Verma',
        email: `${memberId}@example.in`,
        phone,
        membershipType: 'basic',
        paymentFrequency: 'monthly',
        feePaise: 200_000,
        startDate: '2026-11-01',
        endDate: '2026-11-30',
      },
    }),
  );
  return { id: memberId, phone };
};

const call = async (u: U, method: 'GET' | 'PUT', url: string, payload?: unknown) => {
  const token = await svc.keys.sign({ userId: u.id, orgId: u.orgId ?? orgId, role: u.role, locationIds: u.locs, name: 'Test User' });
  const res = await svc.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as unknown };
};
const asMember = (id: string, org = orgId, loc = L1): U => ({ id, role: 'member', locs: [loc], orgId: org });

const chargeDue = (memberId: string, o: { org?: string; locationId?: string; locale?: 'en' | 'hi' | null; amountPaise?: number; dueDate?: string } = {}) =>
  makeEnvelope(PaymentEvents.AutopayChargeDue, {
    ...meta(newId(), o.org ?? orgId),
    locationId: o.locationId ?? L1,
    data: {
      autopayId: newId(),
      organizationId: o.org ?? orgId,
      locationId: o.locationId ?? L1,
      memberId,
      memberName: 'Asha Verma',
      planId: newId(),
      planName: 'Monthly Gold',
      membershipType: 'basic',
      periodMonths: 1,
      amountPaise: o.amountPaise ?? 236_000,
      status: 'active',
      razorpaySubscriptionId: 'sub_test123',
      charges: 1,
      paidThrough: '2026-12-01',
      occurredAt: now.toISOString(),
      chargeNo: 2,
      dueDate: o.dueDate ?? '2026-12-01',
      email: '',
      phone: '',
      locale: o.locale ?? null,
    },
  });

const notificationsOf = (recipientId: string) => db().selectFrom('notifications').selectAll().where('recipient_id', '=', recipientId).execute();
const deliveriesOf = (recipientId: string) => db().selectFrom('deliveries').selectAll().where('recipient_id', '=', recipientId).orderBy('channel').execute();

const deliverer = () =>
  startDeliverer({
    db: db(),
    adapters: [
      createEmailAdapter({ host: '127.0.0.1', port: smtp.smtpPort, from: 'Akhada <no-reply@akhada.local>' }),
      createWhatsAppAdapter({
        baseUrl: `http://127.0.0.1:${wa.port}`,
        version: 'v21.0',
        phoneNumberId: WA_NUMBER,
        token: 'test-token',
        lastInbound: (p, w) => lastInbound(db(), p, w),
        clock: () => now,
      }),
    ],
    logger: createLogger('autopay-notices-test', 'silent'),
    appUrl: 'http://127.0.0.1:8080',
    autoStart: false,
    clock: () => now,
  });
const drain = async () => {
  const d = deliverer();
  for (let i = 0; i < 20 && (await d.runOnce()) > 0; i++);
  await d.stop();
};
const mailsTo = (memberId: string) => smtp.messages().filter((m) => m.to.includes(`${memberId}@example.in`));
const whatsAppsTo = (phone: string) => wa.messages().filter((m) => m.to === `91${phone}`);

beforeAll(async () => {
  svc = await bootNotifications('notif_autopay', { clock: () => now });
  [smtp, wa] = await Promise.all([
    startSmtpSink({ smtpPort: 0, httpPort: 0 }),
    startWhatsAppSink({ port: 0, templates: approvedWhatsAppTemplates(), defaultPhoneNumberId: WA_NUMBER }),
  ]);
  svc.onClose(() => smtp.stop());
  svc.onClose(() => wa.stop());
  await svc.seed({
    locations: [
      { locationId: L1, orgId, name: 'Koramangala', city: 'Bengaluru', timezone: 'Asia/Kolkata' },
      { locationId: OTHER_LOC, orgId: otherOrg, name: 'Elsewhere', city: 'Pune', timezone: 'Asia/Kolkata' },
    ],
  });
  for (const u of [owner, otherOwner]) await apply(onUserRegistered, userRegistered(u));
  // The built-in welcome (an automation) is paused: these tests count the autopay notices only.
  await db().updateTable('automations').set({ status: 'paused' }).where('builtin', '=', 'welcome').execute();
});

afterAll(async () => svc?.close());

describe('pre-debit notice (payments.autopay_charge_due)', () => {
  it('tells a Hindi member in the bell, by email and by WhatsApp as the approved utility template: amount in rupees, the date, how to cancel; once per event', async () => {
    const m = await registerMember();
    // Hindi saved, WhatsApp consent given and the payment switches on (email, WhatsApp).
    expect((await call(asMember(m.id), 'PUT', '/notifications/consent', { granted: true })).status).toBe(200);
    await db()
      .insertInto('notification_preferences')
      .values({
        user_id: m.id,
        org_id: orgId,
        prefs: JSON.stringify({ payment: { enabled: true, channels: { inApp: true, email: true, sms: true } } }) as never,
        language: 'hi',
        updated_at: now,
      })
      .execute();
    const env = chargeDue(m.id, { locale: 'hi' });
    await apply(paymentHandler(PaymentEvents.AutopayChargeDue.type), env);
    await apply(paymentHandler(PaymentEvents.AutopayChargeDue.type), env); // redelivered: nothing new

    const ns = await notificationsOf(m.id);
    expect(ns).toHaveLength(1);
    expect(ns[0]).toMatchObject({
      org_id: orgId,
      status: 'unread',
      category: 'autopay_charge_due',
      action_url: '/dashboard/me/payments',
      title: 'Autopay will charge ₹2,360 on 2026-12-01',
    });
    expect(ns[0]!.message).toContain('My payments → Autopay → Cancel autopay');
    expect((await deliveriesOf(m.id)).map((d) => [d.channel, d.language])).toEqual([
      ['email', 'hi'],
      ['sms', 'hi'],
    ]);

    await drain();
    await drain();
    const mails = mailsTo(m.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('ऑटोपे 2026-12-01 को ₹2,360 काटेगा');
    expect(mails[0]!.text).toContain('मेरे भुगतान → ऑटोपे → ऑटोपे रद्द करें');
    expect(mails[0]!.text).toContain('http://127.0.0.1:8080/dashboard/me/payments');
    const texts = whatsAppsTo(m.phone);
    expect(texts).toHaveLength(1);
    // Outside the 24-hour window: the approved utility template, in Hindi, its parameters filled.
    expect(texts[0]!.template).toEqual({ name: 'akhada_autopay_charge_due', language: 'hi', parameters: ['2,360', '2026-12-01', 'Monthly Gold'] });
    expect(approvedWhatsAppTemplates().find((t) => t.name === 'akhada_autopay_charge_due' && t.language === 'hi')).toMatchObject({ category: 'utility' });
    expect((await deliveriesOf(m.id)).map((d) => d.status)).toEqual(['sent', 'sent']);
  });

  it('mails the address payments knows when this service has none, in the language the member saved (English here)', async () => {
    const m = await registerMember();
    await db().updateTable('member_copies').set({ email: null }).where('member_id', '=', m.id).execute();
    await db()
      .insertInto('notification_preferences')
      .values({
        user_id: m.id,
        org_id: orgId,
        prefs: JSON.stringify({ payment: { enabled: true, channels: { inApp: true, email: true, sms: false } } }) as never,
        language: 'en',
        updated_at: now,
      })
      .execute();
    const env = chargeDue(m.id, { locale: 'hi', amountPaise: 99_950 });
    await apply(paymentHandler(PaymentEvents.AutopayChargeDue.type), { ...env, data: { ...env.data, email: `${m.id}@example.in` } });
    expect((await deliveriesOf(m.id)).map((d) => [d.channel, d.language, d.address])).toEqual([['email', 'en', `${m.id}@example.in`]]);
    const [n] = await notificationsOf(m.id);
    expect(n).toMatchObject({ title: 'Autopay will charge ₹999.5 on 2026-12-01', params: { amount: '999.5', date: '2026-12-01', plan: 'Monthly Gold' } });
    await drain();
    const mails = mailsTo(m.id);
    expect(mails.map((x) => x.subject)).toEqual(['Autopay will charge ₹999.5 on 2026-12-01']);
    expect(mails[0]!.text).toContain('My payments → Autopay → Cancel autopay');

    // With the defaults (payment messages in-app only) the member is told in the bell alone.
    const quiet = await registerMember();
    await apply(paymentHandler(PaymentEvents.AutopayChargeDue.type), chargeDue(quiet.id));
    expect(await notificationsOf(quiet.id)).toEqual([expect.objectContaining({ category: 'autopay_charge_due', status: 'unread' })]);
    expect(await deliveriesOf(quiet.id)).toEqual([]);
  });

  it('reaches the bell even when the member turned payment messages off (a notice the rules require), with no email or WhatsApp then', async () => {
    const m = await registerMember();
    await call(asMember(m.id), 'PUT', '/notifications/consent', { granted: true });
    await db()
      .insertInto('notification_preferences')
      .values({
        user_id: m.id,
        org_id: orgId,
        prefs: JSON.stringify({ payment: { enabled: false, channels: { inApp: false, email: true, sms: true } } }) as never,
        language: 'en',
        updated_at: now,
      })
      .execute();
    await apply(paymentHandler(PaymentEvents.AutopayChargeDue.type), chargeDue(m.id));
    expect(await notificationsOf(m.id)).toEqual([expect.objectContaining({ category: 'autopay_charge_due', status: 'unread' })]);
    expect(await deliveriesOf(m.id)).toEqual([]);
    const list = await call(asMember(m.id), 'GET', '/notifications');
    expect(JSON.stringify(list.body)).toContain('autopay_charge_due');
  });

  it('tells nobody of another organization, and an event of another organization reaches nothing of ours', async () => {
    const ours = await registerMember();
    const theirs = await registerMember({ org: otherOrg, locationId: OTHER_LOC });
    await apply(paymentHandler(PaymentEvents.AutopayChargeDue.type), chargeDue(theirs.id, { org: otherOrg, locationId: OTHER_LOC }));
    expect(await notificationsOf(theirs.id)).toEqual([expect.objectContaining({ org_id: otherOrg })]);
    // Staff are not told (the notice is the member's), in either organization; our member hears nothing.
    const notices = async (id: string) => (await notificationsOf(id)).filter((n) => n.category === 'autopay_charge_due');
    expect(await notices(otherOwner.id)).toEqual([]);
    expect(await notices(owner.id)).toEqual([]);
    expect(await notificationsOf(ours.id)).toEqual([]);
    // Our member's list shows none of it.
    const list = await call(asMember(ours.id), 'GET', '/notifications');
    expect(JSON.stringify(list.body)).not.toContain('autopay_charge_due');
  });
});

describe('dunning (a failed autopay charge)', () => {
  const failed = (memberId: string, halted: boolean, org = orgId) =>
    makeEnvelope(PaymentEvents.AutopayChargeFailed, {
      ...meta(newId(), org),
      locationId: L1,
      data: {
        autopayId: newId(),
        organizationId: org,
        locationId: L1,
        memberId,
        memberName: 'Asha Verma',
        planId: newId(),
        planName: 'Monthly Gold',
        membershipType: 'basic',
        periodMonths: 1,
        amountPaise: 236_000,
        status: halted ? 'halted' : 'pending',
        razorpaySubscriptionId: 'sub_test123',
        charges: 1,
        paidThrough: '2026-12-01',
        occurredAt: now.toISOString(),
        razorpayPaymentId: 'pay_failed1',
        halted,
      },
    });
  /** What payments requests after a failed charge made its "Pay now" payment and link (autopay-dunning.ts). */
  const payNowReminder = (memberId: string, paymentLinkUrl: string) =>
    makeEnvelope(PaymentEvents.PaymentReminderRequested, {
      ...meta(newId()),
      locationId: L1,
      data: {
        reminderId: newId(),
        paymentId: newId(),
        organizationId: orgId,
        locationId: L1,
        memberId,
        memberName: 'Asha Verma',
        email: '',
        phone: '',
        amountPaise: 236_000,
        description: 'Monthly Gold (autopay)',
        dueDate: '2026-12-01',
        paymentLinkUrl,
        locale: null,
        message: null,
        requestedBy: null,
        occurredAt: now.toISOString(),
      },
    });

  it('the member gets the "Pay now" reminder at once: in the bell (leading to their own payments), by email and WhatsApp whatever their switches', async () => {
    const m = await registerMember();
    await call(asMember(m.id), 'PUT', '/notifications/consent', { granted: true });
    // A first failure (Razorpay will retry): payments' reminder does the telling; the failure itself adds nothing.
    await apply(paymentHandler(PaymentEvents.AutopayChargeFailed.type), failed(m.id, false));
    expect(await notificationsOf(m.id)).toEqual([]);
    await apply(paymentHandler(PaymentEvents.PaymentReminderRequested.type), payNowReminder(m.id, 'https://rzp.io/i/paynow1'));
    const [n] = await notificationsOf(m.id);
    expect(n).toMatchObject({
      category: 'payment_reminder',
      status: 'unread',
      priority: 'high',
      action_url: '/dashboard/me/payments',
      action_key: 'notifications.action.pay',
      message: '₹2,360 is due on 2026-12-01. Pay here: https://rzp.io/i/paynow1',
    });
    await drain();
    expect(mailsTo(m.id).map((x) => x.text)).toEqual([expect.stringContaining('https://rzp.io/i/paynow1')]);
    expect(whatsAppsTo(m.phone).map((x) => x.template)).toEqual([
      { name: 'akhada_payment_reminder', language: 'en', parameters: ['2,360', '2026-12-01', 'https://rzp.io/i/paynow1'] },
    ]);
  });

  it('once Razorpay gives up (halted), the member is told the autopay stopped renewing, once, by email too; nobody else is', async () => {
    const m = await registerMember();
    const env = failed(m.id, true);
    await apply(paymentHandler(PaymentEvents.AutopayChargeFailed.type), env);
    await apply(paymentHandler(PaymentEvents.AutopayChargeFailed.type), env);
    expect(await notificationsOf(m.id)).toEqual([
      expect.objectContaining({
        category: 'autopay_halted',
        priority: 'urgent',
        action_url: '/dashboard/me/payments',
        title: 'Autopay stopped: payment needed',
      }),
    ]);
    expect((await deliveriesOf(m.id)).map((d) => d.channel)).toEqual(['email']);
    expect((await notificationsOf(owner.id)).filter((x) => x.category === 'autopay_halted')).toEqual([]);
    // Another organization's halted autopay tells its own member only.
    const theirs = await registerMember({ org: otherOrg, locationId: OTHER_LOC });
    await apply(paymentHandler(PaymentEvents.AutopayChargeFailed.type), failed(theirs.id, true, otherOrg));
    expect((await notificationsOf(theirs.id)).map((x) => x.org_id)).toEqual([otherOrg]);
    expect((await notificationsOf(m.id)).length).toBe(1);
  });
});
