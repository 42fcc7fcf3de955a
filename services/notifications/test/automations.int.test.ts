// Automations (issue 27) against the real PostgreSQL: the routes (owners and admins, cross-organization), the built-in
// rules (renewal 7 and 1 days before, overdue 1/3/7 days, welcome, birthday) replacing the hard-coded member reminders,
// waits and send-time conditions, the run log, exactly once with the sweep killed mid-run, and the Must-show: a built-in
// rule's reminder reaching the WhatsApp stand-in as the approved template in the member's language.
import {
  AuthEvents,
  DataRightsEvents,
  EnquiriesEvents,
  AutomationRule,
  AutomationRunList,
  DEFAULT_NOTIFICATION_PREFERENCES,
  ErrorBody,
  MemberEvents,
  SchedulingEvents,
  ok,
  type AutomationBodyInput,
  type EventEnvelope,
  type NotificationPreferences,
  type Role,
} from '@akhada/contracts';
import { createLogger, makeEnvelope, newId, referralCodeOf, type EventHandler } from '@akhada/kit';
import { bootServiceForTest, type TestService } from '@akhada/kit/testing';
import { startWhatsAppSink, type WhatsAppSink } from '@akhada/infra/standins';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createWhatsAppAdapter } from '../src/adapters/whatsapp.ts';
import type { AppDeps } from '../src/app/deps.ts';
import { buildApp } from '../src/build-app.ts';
import { executeDueRuns, sweepAutomations } from '../src/consumers/automations.ts';
import { followUpCopyHandlers, formLinkCopyHandlers } from '../src/consumers/follow-up-copies.ts';
import { memberCopyHandlers } from '../src/consumers/member-copies.ts';
import { onUserRegistered } from '../src/consumers/recipients.ts';
import { schedulingHandlers } from '../src/consumers/scheduling.ts';
import { erasePerson } from '../src/db/person-erasure-repo.ts';
import { sweepReminders } from '../src/consumers/reminders.ts';
import { migrations } from '../src/db/migrations.ts';
import { saveAppUrl } from '../src/db/referral-links-repo.ts';
import type { NotificationsDb } from '../src/db/schema.ts';
import { lastInbound } from '../src/db/whatsapp-repo.ts';
import { startDeliverer } from '../src/delivery/deliverer.ts';
import { approvedWhatsAppTemplates } from '../src/domain/whatsapp-templates.ts';

const orgA = newId();
const orgB = newId();
const [L1, L2, L3] = [newId(), newId(), newId()];
type U = { id: string; role: Role; locs: string[]; org: string };
const owner: U = { id: newId(), role: 'owner', locs: [L1, L2], org: orgA };
const adminL1: U = { id: newId(), role: 'admin', locs: [L1], org: orgA };
const trainer: U = { id: newId(), role: 'trainer', locs: [L1], org: orgA };
const ownerB: U = { id: newId(), role: 'owner', locs: [L3], org: orgB };
const WA_NUMBER = '654321';

type Svc = TestService<NotificationsDb, Omit<AppDeps, 'logger' | 'verifier' | 'readiness' | 'directory'>, ReturnType<typeof buildApp>, false>;
let t: Svc;
let wa: WhatsAppSink;
let now = new Date();
const clock = () => now;
const db = () => t.db;

const apply = (h: EventHandler<NotificationsDb>, env: EventEnvelope<unknown>) =>
  db()
    .transaction()
    .execute((trx) => h.handle(trx, env));
const meta = (aggregateId: string, org = orgA) => ({ aggregateId, orgId: org, correlationId: newId(), causationId: newId(), occurredAt: now.toISOString() });
const localDay = (offsetDays: number, from = now) =>
  new Date(from.getTime() + offsetDays * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });

const call = async (
  u: U | { id: string; role: Role; locs: string[]; org: string },
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => {
  const token = await t.sign(u.org, u.role, u.locs, u.id);
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as unknown };
};
const rulesOf = async (u: U) => {
  const res = await call(u, 'GET', '/notifications/automations');
  expect(res.status).toBe(200);
  return ok(z.array(AutomationRule)).parse(res.body).data;
};
const ruleBody = (r: unknown) => ok(AutomationRule).parse(r).data;
const errorOf = (r: { body: unknown }) => ErrorBody.parse(r.body);

let phoneNo = 0;
/** A member as members' registration tells it (the copy, and the "joined" rules). */
const registerMember = async (
  o: { org?: string; locationId?: string; endDate?: string; startDate?: string; first?: string; id?: string; phone?: string } = {},
) => {
  const memberId = o.id ?? newId();
  const locationId = o.locationId ?? L1;
  phoneNo += 1;
  await apply(
    memberCopyHandlers.find((h) => h.type === MemberEvents.MemberRegistered.type)!,
    makeEnvelope(MemberEvents.MemberRegistered, {
      ...meta(memberId, o.org ?? orgA),
      locationId,
      data: {
        memberId,
        locationId,
        firstName: o.first ?? 'Riya',
        lastName: 'Singh',
        email: `${memberId}@example.in`,
        phone: o.phone ?? `98${String(phoneNo).padStart(3, '0')} ${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`,
        membershipType: 'annual',
        paymentFrequency: 'annually',
        feePaise: 1_200_000,
        startDate: o.startDate ?? localDay(0),
        endDate: o.endDate ?? localDay(365),
      },
    }),
  );
  return memberId;
};
const member = (id: string, org = orgA, locs = [L1]): U => ({ id, role: 'member', locs, org });
const notificationsOf = (recipientId: string) =>
  db().selectFrom('notifications').selectAll().where('recipient_id', '=', recipientId).orderBy('created_at').orderBy('category').execute();
const categoriesOf = async (recipientId: string) => (await notificationsOf(recipientId)).map((n) => n.category);
const runsOf = (ruleId: string) => db().selectFrom('automation_runs').selectAll().where('rule_id', '=', ruleId).orderBy('triggered_at').execute();
const builtinId = async (org: string, key: string) =>
  (
    await db()
      .selectFrom('automations')
      .select('id')
      .where('org_id', '=', org)
      .where('builtin', '=', key as never)
      .executeTakeFirstOrThrow()
  ).id;
const setPrefs = (u: U, change: (p: NotificationPreferences) => void, language?: 'en' | 'hi') => {
  const p = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  change(p);
  return call(u, 'PUT', '/settings/notifications', { notifications: p, ...(language ? { language } : {}) });
};
const owe = async (memberId: string, dueDate: string, status = 'pending') => {
  const paymentId = newId();
  await db()
    .insertInto('payment_copies')
    .values({
      payment_id: paymentId,
      org_id: orgA,
      location_id: L1,
      member_id: memberId,
      member_name: 'Riya Singh',
      total_paise: 177_000,
      due_date: dueDate,
      status,
      as_of: now,
    })
    .execute();
  return paymentId;
};

beforeAll(async () => {
  t = await bootServiceForTest({
    name: 'notifications',
    prefix: 'notif_automations',
    migrations,
    kafka: false,
    directory: {
      orgs: [{ orgId: orgA }, { orgId: orgB }],
      locations: [
        { locationId: L1, orgId: orgA, name: 'Andheri', timezone: 'Asia/Kolkata' },
        { locationId: L2, orgId: orgA, name: 'Bandra', timezone: 'Asia/Kolkata' },
        { locationId: L3, orgId: orgB, name: 'Kothrud', timezone: 'Asia/Kolkata' },
      ],
    },
    deps: (c) => ({ db: c.db, clock }),
    buildApp,
  });
  wa = await startWhatsAppSink({ port: 0, templates: approvedWhatsAppTemplates(), defaultPhoneNumberId: WA_NUMBER });
  for (const u of [owner, adminL1, trainer, ownerB])
    await apply(
      onUserRegistered,
      makeEnvelope(AuthEvents.UserRegistered, {
        ...meta(u.id, u.org),
        data: { userId: u.id, orgId: u.org, role: u.role, firstName: 'Test', lastName: u.role, email: `${u.id}@example.in`, locationIds: u.locs },
      }),
    );
});

afterAll(async () => {
  await wa?.stop();
  await t?.close();
});

beforeEach(() => {
  now = new Date();
});

describe('rules (routes)', () => {
  const noVisit: AutomationBodyInput = {
    name: 'Missed you',
    trigger: { type: 'no_visit', days: 14 },
    actions: [{ type: 'send_message', message: 'we_miss_you' }, { type: 'notify_staff' }],
  };

  it('every gym has the built-in rules, made once; another organization sees only its own', async () => {
    const first = await rulesOf(owner);
    const again = await rulesOf(owner);
    expect(first.map((r) => r.builtin)).toEqual(['renewal_7d', 'renewal_1d', 'overdue_1d', 'overdue_3d', 'overdue_7d', 'welcome', 'birthday']);
    expect(again.map((r) => r._id)).toEqual(first.map((r) => r._id));
    expect(first.every((r) => r.status === 'active' && r.locationIds.length === 0)).toBe(true);
    expect(first[0]).toMatchObject({ trigger: { type: 'membership_expiring', days: 7 }, actions: [{ type: 'send_message', message: 'renewal_reminder' }] });
    const other = await rulesOf(ownerB);
    expect(other.map((r) => r.builtin)).toHaveLength(7);
    expect(other.some((r) => first.some((f) => f._id === r._id))).toBe(false);
  });

  it('an owner makes, edits, pauses, resumes and deletes a rule; bad input is a 400 and changes nothing', async () => {
    const made = await call(owner, 'POST', '/notifications/automations', {
      ...noVisit,
      wait: { amount: 2, unit: 'hours' },
      conditions: { planIds: ['annual'] },
    });
    expect(made.status).toBe(201);
    const rule = ruleBody(made.body);
    expect(rule).toMatchObject({
      name: 'Missed you',
      builtin: null,
      status: 'active',
      wait: { amount: 2, unit: 'hours' },
      conditions: { planIds: ['annual'], stillTrue: true },
    });
    for (const bad of [
      { ...noVisit, trigger: { type: 'no_visit', days: 0 } },
      { ...noVisit, actions: [] },
      { ...noVisit, trigger: { type: 'birthday' }, actions: [{ type: 'send_message', message: 'renewal_reminder' }] },
      { ...noVisit, trigger: { type: 'lead_created' }, actions: [{ type: 'send_message', message: 'welcome' }] },
      { ...noVisit, wait: { amount: 31, unit: 'days' } },
      { ...noVisit, name: ' ' },
    ]) {
      const res = await call(owner, 'POST', '/notifications/automations', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(
      errorOf(await call(owner, 'POST', '/notifications/automations', { ...noVisit, actions: [{ type: 'send_template', templateId: newId() }] })),
    ).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await call(owner, 'POST', '/notifications/automations', { ...noVisit, locationIds: [L3] })).status).toBe(404);

    const edited = await call(owner, 'PUT', `/notifications/automations/${rule._id}`, {
      ...noVisit,
      name: 'Come back',
      trigger: { type: 'no_visit', days: 21 },
    });
    expect(ruleBody(edited.body)).toMatchObject({ name: 'Come back', trigger: { type: 'no_visit', days: 21 }, wait: null });
    expect(ruleBody((await call(owner, 'POST', `/notifications/automations/${rule._id}/pause`)).body).status).toBe('paused');
    expect(ruleBody((await call(owner, 'POST', `/notifications/automations/${rule._id}/resume`)).body).status).toBe('active');
    expect((await call(owner, 'DELETE', `/notifications/automations/${rule._id}`)).status).toBe(200);
    expect((await rulesOf(owner)).some((r) => r._id === rule._id)).toBe(false);
    expect((await call(owner, 'PUT', `/notifications/automations/${rule._id}`, noVisit)).status).toBe(404);
    // Its run log stays readable.
    expect((await call(owner, 'GET', `/notifications/automations/${rule._id}/runs`)).status).toBe(200);
  });

  it('a built-in rule is edited and paused but keeps its trigger and is never deleted', async () => {
    const id = await builtinId(orgA, 'renewal_7d');
    const body = {
      name: 'Renewal reminder, 10 days before',
      trigger: { type: 'membership_expiring', days: 10 },
      actions: [{ type: 'send_message', message: 'renewal_reminder' }],
    };
    expect(ruleBody((await call(owner, 'PUT', `/notifications/automations/${id}`, body)).body)).toMatchObject({ builtin: 'renewal_7d', trigger: { days: 10 } });
    expect(
      errorOf(await call(owner, 'PUT', `/notifications/automations/${id}`, { ...body, trigger: { type: 'birthday' }, actions: [{ type: 'notify_staff' }] })),
    ).toMatchObject({
      code: 'BUILTIN_RULE',
    });
    expect(errorOf(await call(owner, 'DELETE', `/notifications/automations/${id}`))).toMatchObject({ code: 'BUILTIN_RULE' });
    // Back as it was, for the tests below.
    await call(owner, 'PUT', `/notifications/automations/${id}`, {
      ...body,
      name: 'Renewal reminder, 7 days before',
      trigger: { type: 'membership_expiring', days: 7 },
    });
  });

  it('admins: see the gym-wide rules and their locations’, change only rules of their own locations; trainers and members are refused', async () => {
    const ofL2 = ruleBody((await call(owner, 'POST', '/notifications/automations', { ...noVisit, name: 'L2 only', locationIds: [L2] })).body);
    const mine = await call(adminL1, 'POST', '/notifications/automations', { ...noVisit, name: 'L1 only', locationIds: [L1] });
    expect(mine.status).toBe(201);
    const ofL1 = ruleBody(mine.body);
    expect((await call(adminL1, 'POST', '/notifications/automations', noVisit)).status).toBe(403);
    expect((await call(adminL1, 'POST', '/notifications/automations', { ...noVisit, locationIds: [L1, L2] })).status).toBe(403);
    const seen = (await rulesOf(adminL1)).map((r) => r.name);
    expect(seen).toContain('L1 only');
    expect(seen).toContain('Welcome message');
    expect(seen).not.toContain('L2 only');
    expect((await call(adminL1, 'GET', `/notifications/automations/${ofL2._id}/runs`)).status).toBe(404);
    expect((await call(adminL1, 'POST', `/notifications/automations/${ofL2._id}/pause`)).status).toBe(404);
    const welcome = await builtinId(orgA, 'welcome');
    expect((await call(adminL1, 'POST', `/notifications/automations/${welcome}/pause`)).status).toBe(403);
    expect((await call(adminL1, 'POST', `/notifications/automations/${ofL1._id}/pause`)).status).toBe(200);
    expect((await call(adminL1, 'DELETE', `/notifications/automations/${ofL1._id}`)).status).toBe(200);
    for (const u of [trainer, member(newId())]) {
      expect((await call(u, 'GET', '/notifications/automations')).status).toBe(403);
      expect((await call(u, 'POST', '/notifications/automations', noVisit)).status).toBe(403);
      expect((await call(u, 'GET', `/notifications/automations/${ofL2._id}/runs`)).status).toBe(403);
    }
    await call(owner, 'DELETE', `/notifications/automations/${ofL2._id}`);
  });

  it('another organization’s rule is not found, whatever the route', async () => {
    const rule = ruleBody((await call(owner, 'POST', '/notifications/automations', noVisit)).body);
    const id = rule._id;
    for (const [method, url, payload] of [
      ['PUT', `/notifications/automations/${id}`, noVisit],
      ['POST', `/notifications/automations/${id}/pause`, undefined],
      ['POST', `/notifications/automations/${id}/resume`, undefined],
      ['DELETE', `/notifications/automations/${id}`, undefined],
      ['GET', `/notifications/automations/${id}/runs`, undefined],
    ] as const) {
      const res = await call(ownerB, method, url, payload);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect((await call(owner, 'GET', `/notifications/automations/${id}/runs`)).status).toBe(200);
    expect((await call(owner, 'GET', `/notifications/automations/not-an-id/runs`)).status).toBe(400);
    await call(owner, 'DELETE', `/notifications/automations/${id}`);
  });
});

describe('built-in rules at work', () => {
  it('renewal: the member is reminded 7 days and 1 day before the end, once however often the sweep runs; staff’s alert stays the reminder sweep’s', async () => {
    const in7 = await registerMember({ endDate: localDay(7) });
    const in1 = await registerMember({ endDate: localDay(1) });
    const in5 = await registerMember({ endDate: localDay(5), startDate: localDay(-30) });
    await sweepAutomations(db(), now);
    await sweepAutomations(db(), now);
    await sweepReminders(db(), now);
    const expiring = async (m: string) =>
      (await notificationsOf(m))
        .filter((n) => n.category === 'membership_expiring')
        .map((n) => [(n.params as Record<string, string>).days, n.priority, n.title]);
    expect(await expiring(in7)).toEqual([['7', 'medium', 'Your membership expires in 7 day(s)']]);
    expect(await expiring(in1)).toEqual([['1', 'high', 'Your membership expires in 1 day(s)']]);
    // 5 days before: the 7-day reminder's catch-up window (the sweep did not see it at 7) still reminds, once.
    expect(await expiring(in5)).toEqual([['5', 'medium', 'Your membership expires in 5 day(s)']]);
    const staff = (await notificationsOf(owner.id)).filter(
      (n) => n.category === 'membership_expiring' && (n.params as Record<string, string>).memberId === in7,
    );
    expect(staff.map((n) => n.title)).toEqual(['Membership expiring']);
    const runs = await call(owner, 'GET', `/notifications/automations/${await builtinId(orgA, 'renewal_7d')}/runs?limit=100`);
    const list = AutomationRunList.parse(runs.body);
    expect(list.data.filter((r) => r.person.id === in7)).toEqual([
      expect.objectContaining({
        status: 'done',
        occurrence: localDay(7),
        person: { id: in7, kind: 'member', name: 'Riya Singh' },
        actions: [{ type: 'send_message', result: 'sent', reason: null }],
      }),
    ]);
  });

  it('overdue: the member is reminded at 1, 3 and 7 days (5 days overdue: the 3-day reminder, not the 1-day one), once each', async () => {
    const m = await registerMember();
    const due = localDay(-5);
    await owe(m, due);
    await sweepAutomations(db(), now);
    await sweepAutomations(db(), now);
    now = new Date(now.getTime() + 3 * 86_400_000);
    await sweepAutomations(db(), now);
    await sweepAutomations(db(), now);
    const reminders = (await notificationsOf(m)).filter((n) => n.category === 'payment_overdue');
    expect(reminders.map((n) => [n.priority, n.message])).toEqual([
      ['high', `Your payment of ₹1,770 was due on ${due} (5 day(s) ago). Please pay to keep training without a break.`],
      ['urgent', `Your payment of ₹1,770 was due on ${due} (8 day(s) ago). Please pay to keep training without a break.`],
    ]);
    // Paid before the next step: nothing more.
    const paid = await registerMember();
    await owe(paid, localDay(-1), 'completed');
    await sweepAutomations(db(), now);
    expect((await notificationsOf(paid)).filter((n) => n.category === 'payment_overdue')).toEqual([]);
  });

  it('a member whose gym’s owner is not known yet (topics have no order) is welcomed when the owner arrives, once', async () => {
    const orgC = newId();
    const ownerC: U = { id: newId(), role: 'owner', locs: [L1], org: orgC };
    const m = await registerMember({ org: orgC, first: 'Early' });
    expect(await categoriesOf(m)).toEqual([]);
    const ownerArrives = makeEnvelope(AuthEvents.UserRegistered, {
      ...meta(ownerC.id, orgC),
      data: { userId: ownerC.id, orgId: orgC, role: 'owner', firstName: 'Test', lastName: 'owner', email: `${ownerC.id}@example.in`, locationIds: [L1] },
    });
    await apply(onUserRegistered, ownerArrives);
    await apply(onUserRegistered, ownerArrives);
    await sweepAutomations(db(), now);
    expect((await notificationsOf(m)).map((n) => n.title)).toEqual(['Welcome to Andheri, Early!']);
    expect((await rulesOf(ownerC)).map((r) => r.builtin)).toHaveLength(7);
  });

  it('welcome on joining and the birthday greeting, once; a member who turned system messages off is skipped with the reason', async () => {
    const m = await registerMember({ first: 'Asha' });
    await db()
      .updateTable('member_copies')
      .set({ date_of_birth: `1990-${localDay(0).slice(5)}` })
      .where('member_id', '=', m)
      .execute();
    await sweepAutomations(db(), now);
    await sweepAutomations(db(), now);
    const mine = await notificationsOf(m);
    expect(
      mine
        .filter((n) => ['welcome', 'birthday'].includes(n.category))
        .map((n) => n.title)
        .sort(),
    ).toEqual(['Happy birthday, Asha!', 'Welcome to Andheri, Asha!']);
    const quiet = newId();
    await setPrefs(member(quiet), (p) => (p.system.enabled = false));
    await registerMember({ id: quiet, first: 'Quiet' });
    await sweepAutomations(db(), now);
    expect(await categoriesOf(quiet)).not.toContain('welcome');
    const [run] = (await runsOf(await builtinId(orgA, 'welcome'))).filter((r) => r.person_id === quiet);
    expect(run).toMatchObject({ status: 'done', actions: [{ type: 'send_message', result: 'skipped', reason: 'preferences_off' }] });
  });
});

describe('owner-made rules: wait, conditions at send time, staff', () => {
  it('waits, then skips a member who renewed meanwhile (no longer true) and reaches the one who did not', async () => {
    const rule = ruleBody(
      (
        await call(owner, 'POST', '/notifications/automations', {
          name: 'Call before expiry',
          trigger: { type: 'membership_expiring', days: 7 },
          wait: { amount: 2, unit: 'days' },
          locationIds: [L1],
          actions: [{ type: 'notify_staff' }],
        })
      ).body,
    );
    const [renews, stays, elsewhere] = [
      await registerMember({ endDate: localDay(7) }),
      await registerMember({ endDate: localDay(7) }),
      await registerMember({ endDate: localDay(7), locationId: L2 }),
    ];
    await sweepAutomations(db(), now);
    const ours = async () => (await runsOf(rule._id)).filter((r) => [renews, stays, elsewhere].includes(r.person_id));
    expect((await ours()).map((r) => [r.person_id, r.status]).sort()).toEqual(
      [
        [renews, 'waiting'],
        [stays, 'waiting'],
      ].sort(),
    );
    await db()
      .updateTable('member_copies')
      .set({ end_date: localDay(372) })
      .where('member_id', '=', renews)
      .execute();
    now = new Date(now.getTime() + 2 * 86_400_000 + 60_000);
    await sweepAutomations(db(), now);
    const runs = new Map((await ours()).map((r) => [r.person_id, r]));
    expect(runs.get(renews)).toMatchObject({ status: 'skipped', reason: 'no_longer_true' });
    expect(runs.get(stays)).toMatchObject({ status: 'done', actions: [{ type: 'notify_staff', result: 'sent', reason: null }] });
    expect(runs.has(elsewhere)).toBe(false);
    const told = (who: string) => notificationsOf(who).then((ns) => ns.filter((n) => n.category === 'automation').map((n) => n.message));
    expect(await told(owner.id)).toContain('The rule “Call before expiry” reached Riya Singh.');
    expect((await told(adminL1.id)).length).toBeGreaterThan(0);
    expect(await told(ownerB.id)).toEqual([]);
  });

  it('an admin reads the runs (and counts) of their locations’ people only; the owner everyone’s', async () => {
    const [atL1, atL2] = [await registerMember({ endDate: localDay(7) }), await registerMember({ endDate: localDay(7), locationId: L2 })];
    await sweepAutomations(db(), now);
    const renewal = await builtinId(orgA, 'renewal_7d');
    const people = async (u: U) =>
      AutomationRunList.parse((await call(u, 'GET', `/notifications/automations/${renewal}/runs?limit=100`)).body).data.map((r) => r.person.id);
    const [byOwner, byAdmin] = [await people(owner), await people(adminL1)];
    expect(byOwner).toEqual(expect.arrayContaining([atL1, atL2]));
    expect(byAdmin).toContain(atL1);
    expect(byAdmin).not.toContain(atL2);
    const counts = async (u: U) => (await rulesOf(u)).find((r) => r._id === renewal)!.stats.done;
    expect(await counts(adminL1)).toBeLessThan(await counts(owner));
    expect(await counts(adminL1)).toBe(byAdmin.length);
  });

  it('a rule paused while its runs wait: they are skipped (rule_paused) when due', async () => {
    const rule = ruleBody(
      (
        await call(owner, 'POST', '/notifications/automations', {
          name: 'Later',
          trigger: { type: 'membership_expiring', days: 30 },
          wait: { amount: 1, unit: 'hours' },
          actions: [{ type: 'notify_staff' }],
        })
      ).body,
    );
    const m = await registerMember({ endDate: localDay(30) });
    await sweepAutomations(db(), now);
    await call(owner, 'POST', `/notifications/automations/${rule._id}/pause`);
    now = new Date(now.getTime() + 2 * 3_600_000);
    await sweepAutomations(db(), now);
    expect((await runsOf(rule._id)).filter((r) => r.person_id === m)).toEqual([expect.objectContaining({ status: 'skipped', reason: 'rule_paused' })]);
    await call(owner, 'DELETE', `/notifications/automations/${rule._id}`);
  });

  it('a new lead tells the staff of its location and asks enquiries for a follow-up for its owner, once (lead_created → notify_staff, create_follow_up)', async () => {
    const actions = [{ type: 'notify_staff' }, { type: 'create_follow_up', kind: 'call', dueInHours: 2, note: 'Call today' }];
    expect((await call(owner, 'POST', '/notifications/automations', { name: 'No', trigger: { type: 'birthday' }, actions })).status).toBe(400);
    const rule = ruleBody((await call(owner, 'POST', '/notifications/automations', { name: 'New lead', trigger: { type: 'lead_created' }, actions })).body);
    const leadId = newId();
    now = new Date(now.getTime() + 1000);
    await db()
      .insertInto('lead_copies')
      .values({
        lead_id: leadId,
        org_id: orgA,
        location_id: L2,
        name: 'Vikram Rao',
        phone: '9812345678',
        email: null,
        stage: 'new',
        source: 'walk_in',
        owner_id: null,
        member_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await sweepAutomations(db(), now);
    await sweepAutomations(db(), now);
    expect((await runsOf(rule._id)).map((r) => [r.person_id, r.person_kind, r.status])).toEqual([[leadId, 'lead', 'done']]);
    const told = (who: string) => notificationsOf(who).then((ns) => ns.filter((n) => n.message.includes('Vikram Rao')).map((n) => n.action_url));
    expect(await told(owner.id)).toEqual([`/dashboard/enquiries/leads/${leadId}`]);
    // L2's lead: the admin of L1 is not told.
    expect(await told(adminL1.id)).toEqual([]);
    // The follow-up goes to enquiries as notifications.follow_up_requested (its consumer adds it to the lead), once.
    const asked = (await db().selectFrom('outbox').select(['key', 'payload']).execute())
      .map((o) => ({ key: o.key, env: o.payload as EventEnvelope<Record<string, unknown>> }))
      .filter((o) => o.env.type === 'notifications.follow_up_requested');
    expect(asked).toEqual([
      {
        key: leadId,
        env: expect.objectContaining({
          orgId: orgA,
          data: expect.objectContaining({
            leadId,
            kind: 'call',
            note: 'New lead: Call today',
            ruleId: rule._id,
            dueAt: new Date(now.getTime() + 2 * 3_600_000).toISOString(),
          }),
        }),
      },
    ]);
    expect((await runsOf(rule._id))[0]!.actions).toEqual([
      { type: 'notify_staff', result: 'sent', reason: null },
      { type: 'create_follow_up', result: 'sent', reason: null },
    ]);
    await call(owner, 'DELETE', `/notifications/automations/${rule._id}`);
  });
});

describe('event triggers and erasure', () => {
  it('a class closed with no-shows: each member who did not come gets the missed-class message, once', async () => {
    const rule = ruleBody(
      (
        await call(owner, 'POST', '/notifications/automations', {
          name: 'Missed class',
          trigger: { type: 'class_no_show' },
          actions: [{ type: 'send_message', message: 'class_missed' }],
        })
      ).body,
    );
    const [absent, came] = [await registerMember({ first: 'Tara' }), await registerMember({ first: 'Om' })];
    const classId = newId();
    const startsAt = new Date(now.getTime() - 2 * 3_600_000);
    await db()
      .insertInto('class_copies')
      .values({ class_id: classId, org_id: orgA, location_id: L1, class_name: 'Evening Zumba', starts_at: startsAt })
      .execute();
    const closed = makeEnvelope(SchedulingEvents.ClassClosed, {
      ...meta(classId),
      locationId: L1,
      data: { classId, attendedMemberIds: [came], noShowMemberIds: [absent] },
    });
    const handler = schedulingHandlers.find((h) => h.type === SchedulingEvents.ClassClosed.type)!;
    await apply(handler, closed);
    await apply(handler, closed);
    await sweepAutomations(db(), now);
    await sweepAutomations(db(), now);
    const missed = (await notificationsOf(absent)).filter((n) => n.category === 'class_no_show');
    expect(missed.map((n) => n.title)).toEqual(['We missed you at Evening Zumba']);
    expect(missed[0]!.message).toContain(`on ${localDay(0, startsAt)} at`);
    expect(await categoriesOf(came)).not.toContain('class_no_show');
    expect((await runsOf(rule._id)).map((r) => [r.person_id, r.occurrence, r.status])).toEqual([[absent, classId, 'done']]);
    await call(owner, 'DELETE', `/notifications/automations/${rule._id}`);
  });

  it('a person erased (DPDP) while a run waits: the run is skipped and the log loses their name', async () => {
    const rule = ruleBody(
      (
        await call(owner, 'POST', '/notifications/automations', {
          name: 'Much later',
          trigger: { type: 'membership_expiring', days: 40 },
          wait: { amount: 5, unit: 'days' },
          actions: [{ type: 'notify_staff' }],
        })
      ).body,
    );
    const m = await registerMember({ endDate: localDay(40), first: 'Zoya' });
    await sweepAutomations(db(), now);
    await db()
      .transaction()
      .execute((trx) => erasePerson(trx, orgA, m, now));
    now = new Date(now.getTime() + 6 * 86_400_000);
    await sweepAutomations(db(), now);
    expect((await runsOf(rule._id)).filter((r) => r.person_id === m)).toEqual([
      expect.objectContaining({ status: 'skipped', reason: 'person_gone', person_name: DataRightsEvents.ERASED_NAME }),
    ]);
    expect((await notificationsOf(owner.id)).filter((n) => n.category === 'automation' && n.message.includes('Zoya'))).toEqual([]);
    await call(owner, 'DELETE', `/notifications/automations/${rule._id}`);
  });
});

describe('send a template (the organization’s, through the outbound pipeline)', () => {
  const template = async (name: string, category: 'utility' | 'marketing', archived = false) => {
    const id = newId();
    await db()
      .insertInto('message_templates')
      .values({
        id,
        org_id: orgA,
        channel: 'whatsapp',
        name,
        category,
        bodies: { en: 'Hi {{1}}, see you at {{2}}', hi: 'नमस्ते {{1}}, {{2}} में मिलते हैं' },
        variables: ['firstName', 'locationName'],
        email_subject: null,
        email_html: null,
        dlt_template_id: null,
        sender_header: null,
        whatsapp_status: { en: 'approved', hi: 'approved' },
        created_by: owner.id,
        created_at: now,
        updated_at: now,
        archived_at: archived ? now : null,
      } as never)
      .execute();
    return id;
  };

  it('queues it once per run in the member’s language; a marketing template only with marketing consent; an archived one is not found', async () => {
    const [utility, promo, gone] = [
      await template('renewal_nudge', 'utility'),
      await template('summer_offer', 'marketing'),
      await template('old_offer', 'marketing', true),
    ];
    expect(
      (
        await call(owner, 'POST', '/notifications/automations', {
          name: 'x',
          trigger: { type: 'birthday' },
          actions: [{ type: 'send_template', templateId: gone }],
        })
      ).status,
    ).toBe(404);
    const rules = [];
    for (const [name, templateId] of [
      ['Nudge', utility],
      ['Offer', promo],
    ] as const)
      rules.push(
        ruleBody(
          (
            await call(owner, 'POST', '/notifications/automations', {
              name,
              trigger: { type: 'membership_expiring', days: 20 },
              actions: [{ type: 'send_template', templateId }],
            })
          ).body,
        ),
      );
    const [hindi, consenting] = [
      await registerMember({ endDate: localDay(20), first: 'Meera' }),
      await registerMember({ endDate: localDay(20), first: 'Kabir' }),
    ];
    await setPrefs(member(hindi), () => undefined, 'hi');
    await db()
      .insertInto('marketing_consent')
      .values({ org_id: orgA, person_id: consenting, channel: 'whatsapp', granted: true, method: 'staff_recorded', changed_at: now } as never)
      .execute();
    await sweepAutomations(db(), now);
    await sweepAutomations(db(), now);
    const queued = await db()
      .selectFrom('outbound_messages')
      .select(['person_id', 'purpose', 'marketing', 'language', 'content', 'automation_run_id', 'template_id'])
      .where('person_id', 'in', [hindi, consenting])
      .execute();
    const of = (who: string, templateId: string) => queued.filter((q) => q.person_id === who && q.template_id === templateId);
    expect(of(hindi, utility)).toEqual([
      expect.objectContaining({
        purpose: 'automation',
        marketing: false,
        language: 'hi',
        content: expect.objectContaining({ text: 'नमस्ते Meera, Andheri में मिलते हैं' }),
      }),
    ]);
    expect((of(hindi, utility)[0]!.content as { whatsapp?: { params: string[] } }).whatsapp?.params).toEqual(['Meera', 'Andheri']);
    expect(of(hindi, promo)).toEqual([]);
    expect(of(consenting, promo)).toEqual([expect.objectContaining({ marketing: true, language: 'en' })]);
    const [offerRuns] = [await runsOf(rules[1]!._id)];
    expect(new Map(offerRuns.map((r) => [r.person_id, r.actions]))).toEqual(
      new Map([
        [hindi, [{ type: 'send_template', result: 'skipped', reason: 'no_contact' }]],
        [consenting, [{ type: 'send_template', result: 'queued', reason: null }]],
      ]),
    );
    expect(of(consenting, promo)[0]!.automation_run_id).toBe(offerRuns.find((r) => r.person_id === consenting)!.id);
    for (const r of rules) await call(owner, 'DELETE', `/notifications/automations/${r._id}`);
  });

  it('two template actions on the same channel queue a message each, once however often the sweep runs', async () => {
    const [first, second] = [await template('welcome_part_one', 'utility'), await template('welcome_part_two', 'utility')];
    const rule = ruleBody(
      (
        await call(owner, 'POST', '/notifications/automations', {
          name: 'Two messages',
          trigger: { type: 'membership_expiring', days: 25 },
          actions: [
            { type: 'send_template', templateId: first },
            { type: 'send_template', templateId: second },
          ],
        })
      ).body,
    );
    const m = await registerMember({ endDate: localDay(25), first: 'Tara' });
    await sweepAutomations(db(), now);
    await sweepAutomations(db(), now);
    const queued = await db()
      .selectFrom('outbound_messages')
      .select(['template_id', 'channel', 'action_step', 'automation_run_id'])
      .where('person_id', '=', m)
      .orderBy('action_step')
      .execute();
    const [run] = (await runsOf(rule._id)).filter((r) => r.person_id === m);
    expect(queued).toEqual([
      { template_id: first, channel: 'whatsapp', action_step: 0, automation_run_id: run!.id },
      { template_id: second, channel: 'whatsapp', action_step: 1, automation_run_id: run!.id },
    ]);
    expect(run!.actions).toEqual([
      { type: 'send_template', result: 'queued', reason: null },
      { type: 'send_template', result: 'queued', reason: null },
    ]);
    await call(owner, 'DELETE', `/notifications/automations/${rule._id}`);
  });
});

describe('referral links in templates', () => {
  it('fills referralLink with the member’s own link (their location’s enquiry form with their code) in automations and previews; empty until the form code is known', async () => {
    const id = newId();
    await db()
      .insertInto('message_templates')
      .values({
        id,
        org_id: orgA,
        channel: 'whatsapp',
        name: 'refer_a_friend',
        category: 'utility',
        bodies: { en: 'Hi {{1}}, bring a friend: {{2}}' },
        variables: ['firstName', 'referralLink'],
        email_subject: null,
        email_html: null,
        dlt_template_id: null,
        sender_header: null,
        whatsapp_status: { en: 'approved' },
        created_by: owner.id,
        created_at: now,
        updated_at: now,
        archived_at: null,
      } as never)
      .execute();
    await saveAppUrl(db(), 'https://app.akhada.test/');
    const m = await registerMember({ endDate: localDay(27), first: 'Ishaan' });
    const formLink = (locationId: string, code: string, org = orgA) =>
      apply(formLinkCopyHandlers[0]!, makeEnvelope(EnquiriesEvents.FormLinkMade, { ...meta(locationId, org), locationId, data: { locationId, code } }));
    const preview = async () =>
      (
        (await call(owner, 'POST', `/notifications/message-templates/${id}/preview`, { language: 'en', memberId: m })).body as {
          data: { text: string; missing: string[] };
        }
      ).data;
    // Before enquiries announced L1's form: no link, listed as missing.
    expect(await preview()).toMatchObject({ text: 'Hi Ishaan, bring a friend: ', missing: ['referralLink'] });
    // Another organization cannot take over our location's code.
    await formLink(L1, 'theirs123', orgB);
    expect((await preview()).missing).toEqual(['referralLink']);
    await formLink(L1, 'k4m2p7q9x1');
    const link = `https://app.akhada.test/enquire/k4m2p7q9x1?ref=${referralCodeOf(m)}`;
    expect(referralCodeOf(m)).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(await preview()).toMatchObject({ text: `Hi Ishaan, bring a friend: ${link}`, missing: [] });

    const rule = ruleBody(
      (
        await call(owner, 'POST', '/notifications/automations', {
          name: 'Refer',
          trigger: { type: 'membership_expiring', days: 27 },
          actions: [{ type: 'send_template', templateId: id }],
        })
      ).body,
    );
    await sweepAutomations(db(), now);
    const [queued] = await db().selectFrom('outbound_messages').select('content').where('person_id', '=', m).where('template_id', '=', id).execute();
    expect((queued!.content as { text: string; whatsapp?: { params: string[] } }).text).toBe(`Hi Ishaan, bring a friend: ${link}`);
    expect((queued!.content as { whatsapp?: { params: string[] } }).whatsapp?.params).toEqual(['Ishaan', link]);
    await call(owner, 'DELETE', `/notifications/automations/${rule._id}`);
  });
});

describe('exactly once', () => {
  it('the sweep killed mid-run (its transaction aborted after the actions) and run again: each member reached once', async () => {
    const members = [
      await registerMember({ endDate: localDay(1) }),
      await registerMember({ endDate: localDay(1) }),
      await registerMember({ endDate: localDay(1) }),
    ];
    const renewal = await builtinId(orgA, 'renewal_1d');
    let seen = 0;
    await expect(
      sweepAutomations(db(), now, {
        beforeCommit: (run) => {
          if (run.rule_id !== renewal) return;
          seen += 1;
          if (seen === 2) throw new Error('killed mid-run');
        },
      }),
    ).rejects.toThrow('killed mid-run');
    const reminded = async () => Promise.all(members.map(async (m) => (await notificationsOf(m)).filter((n) => n.category === 'membership_expiring').length));
    // One run committed before the crash, the second rolled back with everything it wrote, the third never started.
    expect((await reminded()).reduce((a, b) => a + b, 0)).toBe(1);
    // Two sweeps at once afterwards (two instances): SKIP LOCKED keeps them apart.
    await Promise.all([executeDueRuns(db(), now), executeDueRuns(db(), now)]);
    await sweepAutomations(db(), now);
    expect(await reminded()).toEqual([1, 1, 1]);
    const runs = (await runsOf(renewal)).filter((r) => members.includes(r.person_id));
    expect(runs.map((r) => r.status)).toEqual(['done', 'done', 'done']);
    const deliveries = await db().selectFrom('deliveries').select('recipient_id').where('recipient_id', 'in', members).execute();
    expect(deliveries.length).toBeLessThanOrEqual(3);
  });
});

describe('a run that fails', () => {
  it('is set aside (left waiting for the next sweep) while the runs batched with it are done', async () => {
    const good = ruleBody(
      (
        await call(owner, 'POST', '/notifications/automations', {
          name: 'Good',
          trigger: { type: 'membership_expiring', days: 60 },
          actions: [{ type: 'notify_staff' }],
        })
      ).body,
    );
    const bad = ruleBody(
      (
        await call(owner, 'POST', '/notifications/automations', {
          name: 'Bad',
          trigger: { type: 'membership_expiring', days: 60 },
          actions: [{ type: 'notify_staff' }],
        })
      ).body,
    );
    // A rule whose stored action no code knows (a bad write, a rolled-back deploy): doing it throws.
    await db()
      .updateTable('automations')
      .set({ actions: JSON.stringify([{ type: 'send_message', message: 'no_such_text' }]) as never })
      .where('id', '=', bad._id)
      .execute();
    const people = [await registerMember({ endDate: localDay(60) }), await registerMember({ endDate: localDay(60) })];
    await sweepAutomations(db(), now, { batch: 25 });
    const statuses = async (ruleId: string) => (await runsOf(ruleId)).filter((r) => people.includes(r.person_id)).map((r) => r.status);
    expect(await statuses(good._id)).toEqual(['done', 'done']);
    expect(await statuses(bad._id)).toEqual(['waiting', 'waiting']);
    for (const r of [good, bad]) await call(owner, 'DELETE', `/notifications/automations/${r._id}`);
    // Deleted meanwhile: the next sweep skips them with the reason.
    await sweepAutomations(db(), now);
    expect(await statuses(bad._id)).toEqual(['skipped', 'skipped']);
  });
});

describe('Must show: a built-in rule’s reminder at the WhatsApp stand-in', () => {
  it('as the approved template in the member’s language: Hindi for a Hindi member, English for another', async () => {
    const endDate = localDay(7);
    // Each member's language, channels and WhatsApp consent as they set them in the app when they joined (the welcome
    // goes with their registration).
    const [hindi, english] = [newId(), newId()];
    const phones = new Map([
      [hindi, '9812300001'],
      [english, '9812300002'],
    ]);
    const numberOf = async (m: string) => `91${phones.get(m)!}`;
    for (const [m, lang] of [
      [hindi, 'hi'],
      [english, 'en'],
    ] as const) {
      expect((await call(member(m), 'PUT', '/notifications/consent', { granted: true, phone: phones.get(m) })).status).toBe(200);
      const res = await setPrefs(
        member(m),
        (p) => {
          p.payment.channels = { inApp: true, email: false, sms: true };
          p.system.channels = { inApp: true, email: false, sms: true };
        },
        lang,
      );
      expect(res.status).toBe(200);
      await registerMember({ id: m, endDate, phone: phones.get(m) });
    }
    await sweepAutomations(db(), now);
    const d = startDeliverer({
      db: db(),
      adapters: [
        createWhatsAppAdapter({
          baseUrl: `http://127.0.0.1:${wa.port}`,
          version: 'v21.0',
          phoneNumberId: WA_NUMBER,
          token: 'test-token',
          lastInbound: (p, w) => lastInbound(db(), p, w),
          clock,
        }),
      ],
      logger: createLogger('deliverer-test', 'silent'),
      appUrl: 'http://127.0.0.1:8080',
      autoStart: false,
      clock,
    });
    for (let i = 0; i < 20 && (await d.runOnce()) > 0; i++);
    const [toHindi, toEnglish] = [await numberOf(hindi), await numberOf(english)];
    const sent = (to: string, name: string) => wa.messages().filter((x) => x.to === to && x.template?.name === name);
    expect(
      wa.messages().filter((x) => x.to === toHindi),
      JSON.stringify(await db().selectFrom('deliveries').selectAll().where('recipient_id', '=', hindi).execute()),
    ).toHaveLength(2);
    expect(sent(toHindi, 'akhada_membership_expiring')).toEqual([
      expect.objectContaining({ type: 'template', template: { name: 'akhada_membership_expiring', language: 'hi', parameters: ['7', endDate] } }),
    ]);
    expect(sent(toHindi, 'akhada_membership_expiring')[0]!.body).toBe(
      `*आपकी सदस्यता 7 दिन में समाप्त होगी*\n\nआपकी सदस्यता ${endDate} को समाप्त होगी। बिना रुके ट्रेनिंग जारी रखने के लिए नवीनीकरण करें।`,
    );
    // The built-in welcome too, in Hindi.
    expect(sent(toHindi, 'akhada_member_welcome')).toEqual([
      expect.objectContaining({ type: 'template', template: { name: 'akhada_member_welcome', language: 'hi', parameters: ['Andheri', 'Riya'] } }),
    ]);
    expect(sent(toEnglish, 'akhada_membership_expiring')).toEqual([
      expect.objectContaining({ type: 'template', template: { name: 'akhada_membership_expiring', language: 'en', parameters: ['7', endDate] } }),
    ]);
    await d.stop();
  });
});

describe('the birthday greeting is a marketing message', () => {
  it('goes by WhatsApp only to a member with WhatsApp marketing consent (asked again before it goes); in-app it reaches everyone', async () => {
    // Three members who allow system messages by WhatsApp (messaging consent given): one agreed to marketing on
    // WhatsApp, one never did, one agreed and withdrew before the message went.
    const [agreed, never, withdrew] = [newId(), newId(), newId()];
    const phones = new Map([
      [agreed, '9812400001'],
      [never, '9812400002'],
      [withdrew, '9812400003'],
    ]);
    for (const m of [agreed, never, withdrew]) {
      expect((await call(member(m), 'PUT', '/notifications/consent', { granted: true, phone: phones.get(m) })).status).toBe(200);
      expect((await setPrefs(member(m), (p) => (p.system.channels = { inApp: true, email: true, sms: true }))).status).toBe(200);
      await registerMember({ id: m, first: 'Bday', phone: phones.get(m) });
      await db()
        .updateTable('member_copies')
        .set({ date_of_birth: `1992-${localDay(0).slice(5)}` })
        .where('member_id', '=', m)
        .execute();
    }
    for (const m of [agreed, withdrew])
      await db()
        .insertInto('marketing_consent')
        .values({ org_id: orgA, person_id: m, channel: 'whatsapp', granted: true, method: 'front_desk', changed_at: now })
        .execute();
    await sweepAutomations(db(), now);
    const birthdayOf = async (m: string) => (await notificationsOf(m)).filter((n) => n.category === 'birthday');
    for (const m of [agreed, never, withdrew]) expect((await birthdayOf(m)).map((n) => n.title)).toEqual(['Happy birthday, Bday!']);
    const channelsOf = async (m: string) =>
      (
        await db()
          .selectFrom('deliveries')
          .select('channel')
          .where('notification_id', '=', (await birthdayOf(m))[0]!.id)
          .orderBy('channel')
          .execute()
      ).map((d) => d.channel);
    // No marketing consent on any channel: neither WhatsApp nor email is even scheduled; the welcome (utility) still is.
    expect(await channelsOf(never)).toEqual([]);
    expect(await channelsOf(agreed)).toEqual(['sms']);
    expect(await channelsOf(withdrew)).toEqual(['sms']);
    const welcome = (await notificationsOf(never)).find((n) => n.category === 'welcome')!;
    expect((await db().selectFrom('deliveries').select('channel').where('notification_id', '=', welcome.id).execute()).length).toBeGreaterThan(0);

    await db().updateTable('marketing_consent').set({ granted: false, method: 'whatsapp_stop', changed_at: now }).where('person_id', '=', withdrew).execute();
    const d = startDeliverer({
      db: db(),
      adapters: [
        createWhatsAppAdapter({
          baseUrl: `http://127.0.0.1:${wa.port}`,
          version: 'v21.0',
          phoneNumberId: WA_NUMBER,
          token: 'test-token',
          lastInbound: (p, w) => lastInbound(db(), p, w),
          clock,
        }),
      ],
      logger: createLogger('deliverer-test', 'silent'),
      appUrl: 'http://127.0.0.1:8080',
      autoStart: false,
      clock,
    });
    for (let i = 0; i < 20 && (await d.runOnce()) > 0; i++);
    await d.stop();
    const greetings = (m: string) => wa.messages().filter((x) => x.to === `91${phones.get(m)!}` && x.template?.name === 'akhada_birthday_greeting');
    expect(greetings(agreed)).toHaveLength(1);
    expect(greetings(never)).toEqual([]);
    expect(greetings(withdrew)).toEqual([]);
    expect(
      await db()
        .selectFrom('deliveries')
        .select(['status', 'last_error'])
        .where('notification_id', '=', (await birthdayOf(withdrew))[0]!.id)
        .execute(),
    ).toEqual([{ status: 'skipped', last_error: 'no marketing consent' }]);
  });
});

describe('a member who signs up with the gym code', () => {
  it('is welcomed by the "member joined" rules like one the desk registered, once however often the event comes', async () => {
    const memberId = newId();
    const signedUp = () =>
      apply(
        memberCopyHandlers.find((h) => h.type === MemberEvents.MemberSignedUp.type)!,
        makeEnvelope(MemberEvents.MemberSignedUp, {
          ...meta(memberId),
          locationId: L1,
          data: { memberId, locationId: L1, firstName: 'Kabir', lastName: 'Rao', email: `${memberId}@example.in`, phone: '9812500001' },
        }),
      );
    await signedUp();
    // A second event about the same sign-up (another id: not the inbox's redelivery) welcomes nobody twice.
    await signedUp();
    const welcomes = (await notificationsOf(memberId)).filter((n) => n.category === 'welcome');
    expect(welcomes.map((n) => n.title)).toEqual(['Welcome to Andheri, Kabir!']);
    const runs = (await runsOf(await builtinId(orgA, 'welcome'))).filter((r) => r.person_id === memberId);
    expect(runs).toEqual([expect.objectContaining({ status: 'done', actions: [{ type: 'send_message', result: 'sent', reason: null }] })]);
    // Staff are still told that someone awaits a plan.
    expect((await notificationsOf(owner.id)).some((n) => n.category === 'member_signed_up' && n.message.includes('Kabir Rao'))).toBe(true);
  });
});

describe('follow-up copies (for "follow-up overdue")', () => {
  it('keeps each lead follow-up enquiries announces: added with its due time, done once completed and never reopened; another organization’s id left alone', async () => {
    const [leadId, followUpId] = [newId(), newId()];
    const dueAt = new Date(now.getTime() + 3_600_000).toISOString();
    const changed = (followUp: Record<string, unknown> | undefined, change: string, org = orgA) =>
      apply(
        followUpCopyHandlers[0]!,
        makeEnvelope(EnquiriesEvents.LeadChanged, {
          ...meta(leadId, org),
          locationId: L1,
          data: { leadId, locationId: L1, ownerId: owner.id, change: change as never, ...(followUp ? { followUp: followUp as never } : {}) },
        }),
      );
    const added = { id: followUpId, done: false, kind: 'call', dueAt, assigneeId: owner.id };
    await changed(undefined, 'note_added');
    expect(await db().selectFrom('follow_up_copies').selectAll().where('lead_id', '=', leadId).execute()).toEqual([]);
    await changed(added, 'follow_up_added');
    const copy = () => db().selectFrom('follow_up_copies').selectAll().where('follow_up_id', '=', followUpId).executeTakeFirstOrThrow();
    expect(await copy()).toMatchObject({
      org_id: orgA,
      lead_id: leadId,
      location_id: L1,
      kind: 'call',
      due_at: new Date(dueAt),
      assignee_id: owner.id,
      done: false,
    });
    await changed({ id: followUpId, done: true }, 'follow_up_completed');
    expect(await copy()).toMatchObject({ kind: 'call', due_at: new Date(dueAt), done: true });
    await changed(added, 'follow_up_added');
    expect((await copy()).done).toBe(true);
    await changed({ ...added, kind: 'visit', done: false }, 'follow_up_added', orgB);
    expect(await copy()).toMatchObject({ org_id: orgA, kind: 'call', done: true });
  });
});

describe('follow-up overdue', () => {
  it('a lead’s follow-up still not done the rule’s hours after its due time tells staff once; one done in time, or another organization’s, reaches nobody', async () => {
    const trigger = (hours: number) => ({ name: 'Follow-up late', trigger: { type: 'follow_up_overdue', hours }, actions: [{ type: 'notify_staff' }] });
    for (const hours of [0, 169, 1.5]) expect((await call(owner, 'POST', '/notifications/automations', trigger(hours))).status).toBe(400);
    const rule = ruleBody((await call(owner, 'POST', '/notifications/automations', trigger(2))).body);
    expect(rule.trigger).toEqual({ type: 'follow_up_overdue', hours: 2 });
    const lead = async (name: string, org = orgA) => {
      const leadId = newId();
      await db()
        .insertInto('lead_copies')
        .values({
          lead_id: leadId,
          org_id: org,
          location_id: org === orgA ? L1 : L3,
          name,
          phone: '9812345678',
          email: null,
          stage: 'contacted',
          source: 'walk_in',
          owner_id: null,
          member_id: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return leadId;
    };
    const changed = (leadId: string, followUp: Record<string, unknown>, change: string, org = orgA) =>
      apply(
        followUpCopyHandlers[0]!,
        makeEnvelope(EnquiriesEvents.LeadChanged, {
          ...meta(leadId, org),
          locationId: org === orgA ? L1 : L3,
          data: { leadId, locationId: org === orgA ? L1 : L3, ownerId: owner.id, change: change as never, followUp: followUp as never },
        }),
      );
    const [late, inTime, other] = [await lead('Late Lalit'), await lead('Prompt Priya'), await lead('Other Omar', orgB)];
    const [fLate, fInTime, fOther] = [newId(), newId(), newId()];
    const dueAt = new Date(now.getTime() + 3_600_000).toISOString();
    await changed(late, { id: fLate, done: false, kind: 'call', dueAt, assigneeId: owner.id }, 'follow_up_added');
    await changed(inTime, { id: fInTime, done: false, kind: 'call', dueAt, assigneeId: owner.id }, 'follow_up_added');
    await changed(other, { id: fOther, done: false, kind: 'call', dueAt, assigneeId: ownerB.id }, 'follow_up_added', orgB);
    const told = (who: string, name: string) => notificationsOf(who).then((ns) => ns.filter((n) => n.message.includes(name)).map((n) => n.action_url));

    // Due in an hour: 2 hours after that (minus a second) it is not yet overdue by the rule's hours.
    now = new Date(now.getTime() + 3 * 3_600_000 - 1000);
    await sweepAutomations(db(), now);
    expect(await runsOf(rule._id)).toEqual([]);
    await changed(inTime, { id: fInTime, done: true }, 'follow_up_completed');

    now = new Date(now.getTime() + 2000);
    await sweepAutomations(db(), now);
    await sweepAutomations(db(), now);
    expect((await runsOf(rule._id)).map((r) => [r.person_id, r.person_kind, r.occurrence, r.status])).toEqual([[late, 'lead', fLate, 'done']]);
    expect(await told(owner.id, 'Late Lalit')).toEqual([`/dashboard/enquiries/leads/${late}`]);
    expect(await told(adminL1.id, 'Late Lalit')).toEqual([`/dashboard/enquiries/leads/${late}`]);
    for (const who of [owner.id, adminL1.id]) expect(await told(who, 'Prompt Priya')).toEqual([]);
    for (const who of [owner.id, ownerB.id]) expect(await told(who, 'Other Omar')).toEqual([]);

    // Completed late, or swept again an hour on: still told once.
    await changed(late, { id: fLate, done: true }, 'follow_up_completed');
    now = new Date(now.getTime() + 3_600_000);
    await sweepAutomations(db(), now);
    expect(await runsOf(rule._id)).toHaveLength(1);
    expect(await told(owner.id, 'Late Lalit')).toHaveLength(1);
    await call(owner, 'DELETE', `/notifications/automations/${rule._id}`);
  });
});
