import { Campaign, CampaignList, CampaignRecipientList, ErrorBody, ok, SegmentCount, type Role } from '@akhada/contracts';
import { newId } from '@akhada/kit';
import { instantAt } from '@akhada/kit/domain';
import { bootServiceForTest } from '@akhada/kit/testing';
import { startSmsSink, startWhatsAppSink, type SmsSink, type WhatsAppSink } from '@akhada/infra/standins';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutgoingMessage } from '../src/adapters/channels.ts';
import { createSmsAdapter } from '../src/adapters/sms.ts';
import { createUnsubscribeLinks } from '../src/adapters/unsubscribe-links.ts';
import { createWhatsAppAdapter } from '../src/adapters/whatsapp.ts';
import { startDueCampaigns } from '../src/app/campaigns.ts';
import { buildApp } from '../src/build-app.ts';
import { migrations } from '../src/db/migrations.ts';
import { enqueueMessages } from '../src/db/outbound-messages-repo.ts';
import type { NotificationsDb } from '../src/db/schema.ts';
import { startOutboundSender } from '../src/delivery/outbound-sender.ts';
import { whatsAppTemplateName } from '../src/domain/message-templates.ts';

const WA_SECRET = 'campaigns-test-secret';
const ORG_A = newId();
const ORG_B = newId();
const L1 = newId();
const L2 = newId();
const LB = newId();
const OWNER = newId();
const ADMIN1 = newId();
const OWNER_B = newId();

type Boot = Awaited<ReturnType<typeof boot>>;
let t: Boot;
let wa: WhatsAppSink;
const mails: OutgoingMessage[] = [];
const unsubscribe = createUnsubscribeLinks({ secret: 'campaigns-test', appUrl: 'https://app.example' });
let sms: SmsSink;
let waUrl = '';

interface Deps {
  db: Kysely<NotificationsDb>;
  clock: () => Date;
  whatsapp: { appSecret: string; verifyToken: string };
}
const boot = () =>
  bootServiceForTest<NotificationsDb, Deps, ReturnType<typeof buildApp>, false>({
    name: 'notifications',
    prefix: 'notif_campaigns',
    migrations,
    kafka: false,
    now: '2026-06-10T06:30:00Z', // a Wednesday, 12:00 in Kolkata
    directory: {
      orgs: [{ orgId: ORG_A }, { orgId: ORG_B }],
      locations: [
        { locationId: L1, orgId: ORG_A, name: 'Andheri', timezone: 'Asia/Kolkata' },
        { locationId: L2, orgId: ORG_A, name: 'Bandra', timezone: 'Asia/Kolkata' },
        { locationId: LB, orgId: ORG_B, name: 'Other gym', timezone: 'Asia/Kolkata' },
      ],
    },
    deps: (c) => ({ db: c.db, clock: c.clock, whatsapp: { appSecret: WA_SECRET, verifyToken: 'v' } }),
    buildApp: (deps) => buildApp(deps),
  });

const sender = (batch = 200, autoStart = false) =>
  startOutboundSender({
    db: t.db,
    channels: {
      forOrg: async (_org, channel) =>
        channel === 'sms'
          ? { adapter: createWhatsAppAdapter({ baseUrl: waUrl, version: 'v21.0', phoneNumberId: '100000000000001', token: 't' }), via: 'platform' }
          : { adapter: { channel: 'email', send: async (m) => (mails.push(m), { providerId: `<${m.key}@mail>` }) }, via: 'platform' },
    },
    unsubscribeLink: (p) => unsubscribe.link(p),
    unsubscribeOneClick: (p) => unsubscribe.oneClick(p),
    sms: createSmsAdapter({ baseUrl: `http://127.0.0.1:${sms.port}`, apiKey: 'k' }),
    logger: t.deps.logger,
    clock: t.clock,
    batch,
    autoStart,
    intervalMs: 50,
  });

const call = async (who: { id: string; org: string; role: Role; locs: string[] }, method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const token = await t.sign(who.org, who.role, who.locs, who.id, `Test ${who.role}`);
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as unknown };
};
const owner = { id: OWNER, org: ORG_A, role: 'owner' as Role, locs: [L1, L2] };
const admin1 = { id: ADMIN1, org: ORG_A, role: 'admin' as Role, locs: [L1] };
const ownerB = { id: OWNER_B, org: ORG_B, role: 'owner' as Role, locs: [LB] };
const trainer = { id: newId(), org: ORG_A, role: 'trainer' as Role, locs: [L1] };
const memberU = { id: newId(), org: ORG_A, role: 'member' as Role, locs: [L1] };

interface MemberSeed {
  id?: string;
  org?: string;
  loc?: string | null;
  first?: string;
  phone?: string | null;
  email?: string | null;
  status?: string;
  plan?: string | null;
  end?: string | null;
  dob?: string | null;
  gender?: string | null;
  lastVisit?: string | null;
  consent?: ('whatsapp' | 'sms' | 'email')[];
}
let phoneSeq = 9000000000;
const addMember = async (m: MemberSeed = {}): Promise<string> => {
  const id = m.id ?? newId();
  const org = m.org ?? ORG_A;
  await t.db
    .insertInto('member_copies')
    .values({
      member_id: id,
      org_id: org,
      location_id: m.loc === undefined ? L1 : m.loc,
      first_name: m.first ?? 'Asha',
      last_name: 'Rao',
      email: m.email === undefined ? `${id.slice(0, 8)}@example.com` : m.email,
      phone: m.phone === undefined ? String(phoneSeq++) : m.phone,
      status: m.status ?? 'active',
      end_date: m.end ?? '2026-07-31',
      trainer_id: null,
      plan_id: m.plan === undefined ? 'premium' : m.plan,
      plan_name: m.plan === null ? null : 'Premium',
      date_of_birth: m.dob ?? null,
      gender: m.gender ?? null,
      last_visit_at: m.lastVisit ? new Date(m.lastVisit) : null,
    })
    .execute();
  for (const channel of m.consent ?? []) await setConsent(org, id, channel, true);
  return id;
};
const setConsent = (org: string, personId: string, channel: 'whatsapp' | 'sms' | 'email', granted: boolean) =>
  t.db
    .insertInto('marketing_consent')
    .values({ org_id: org, person_id: personId, channel, granted, method: granted ? 'staff' : 'whatsapp_stop', changed_at: t.clock() })
    .onConflict((oc) => oc.columns(['org_id', 'person_id', 'channel']).doUpdateSet({ granted, changed_at: t.clock() }))
    .execute();
const addTemplate = async (o: { org?: string; channel?: 'whatsapp' | 'sms' | 'email'; category?: 'marketing' | 'utility'; approved?: boolean } = {}) => {
  const id = newId();
  const name = `offer_${id.slice(-8)}`;
  await t.db
    .insertInto('message_templates')
    .values({
      id,
      org_id: o.org ?? ORG_A,
      channel: o.channel ?? 'whatsapp',
      name,
      category: o.category ?? 'marketing',
      bodies: { en: 'Hi {{1}}, 20% off {{2}} this week!' },
      variables: ['firstName', 'planName'],
      email_subject: o.channel === 'email' ? { en: 'An offer for {{1}}' } : null,
      email_html: null,
      dlt_template_id: o.channel === 'sms' ? '1107160000000000001' : null,
      sender_header: o.channel === 'sms' ? 'AKHADA' : null,
      whatsapp_status: o.approved === false ? { en: 'pending' } : { en: 'approved' },
      created_by: OWNER,
      created_at: t.clock(),
      updated_at: t.clock(),
      archived_at: null,
    })
    .execute();
  if ((o.channel ?? 'whatsapp') === 'whatsapp' && o.approved !== false)
    wa.setTemplates([
      ...(await fetch(`${waUrl}/templates`).then((r) => r.json() as Promise<{ templates: Parameters<WhatsAppSink['setTemplates']>[0] }>)).templates,
      { name: whatsAppTemplateName(o.org ?? ORG_A, name), language: 'en', category: 'marketing', body: 'Hi {{1}}, 20% off {{2}} this week!' },
    ]);
  return { id, name };
};
const countOf = async (who: typeof owner, segment: unknown, channel = 'whatsapp', purpose?: string) => {
  const res = await call(who, 'POST', '/notifications/campaigns/segments/count', { segment, channel, ...(purpose ? { purpose } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ok(SegmentCount).parse(res.body).data;
};
const campaignOf = (body: unknown) => ok(Campaign).parse(body).data;

beforeAll(async () => {
  t = await boot();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as { port: number }).port;
  wa = await startWhatsAppSink({ port: 0, templates: [], webhook: { url: `http://127.0.0.1:${port}/notifications/whatsapp/webhook`, appSecret: WA_SECRET } });
  waUrl = `http://127.0.0.1:${wa.port}`;
  sms = await startSmsSink({ port: 0 });
});
afterAll(async () => {
  await wa?.stop();
  await sms?.stop();
  await t?.close();
});
beforeEach(async () => {
  // Each test sees only its own people: start from none.
  await t.db.deleteFrom('member_copies').execute();
  await t.db.deleteFrom('lead_copies').execute();
  await t.db.deleteFrom('marketing_consent').execute();
  await t.db.deleteFrom('outbound_messages').execute();
  await t.db.deleteFrom('outbound_rates').execute();
  await t.db.deleteFrom('campaigns').execute();
  wa.clear();
  sms.clear();
  mails.length = 0;
  t.time.now = Date.parse('2026-06-10T06:30:00Z');
});

const ALL = { audience: 'members' };

describe('POST /notifications/campaigns/segments/count', () => {
  it('counts members by each criterion in the caller’s scope, with who WhatsApp can reach', async () => {
    await addMember({ consent: ['whatsapp'], gender: 'female', dob: '1990-06-12' }); // birthday on Friday; 36
    await addMember({ consent: ['whatsapp'], status: 'expired', end: '2026-06-05', gender: 'male', dob: '2010-01-01', lastVisit: '2026-06-09T10:00:00Z' });
    await addMember({ consent: ['email'], loc: L2, end: '2026-06-15', plan: 'basic', lastVisit: '2026-04-01T10:00:00Z' });
    await addMember({ phone: null, consent: ['whatsapp'], end: '2026-06-10' });
    await addMember({ status: 'archived', consent: ['whatsapp'] });
    await addMember({ org: ORG_B, loc: LB, consent: ['whatsapp'] });

    expect(await countOf(owner, ALL)).toEqual({ total: 4, reachable: 2, noConsent: 1, noAddress: 1 });
    expect(await countOf(owner, ALL, 'email')).toEqual({ total: 4, reachable: 1, noConsent: 3, noAddress: 0 });
    expect(await countOf(owner, ALL, 'email', 'utility')).toEqual({ total: 4, reachable: 4, noConsent: 0, noAddress: 0 });
    expect(await countOf(admin1, ALL)).toEqual({ total: 3, reachable: 2, noConsent: 0, noAddress: 1 });
    expect(await countOf(ownerB, ALL)).toEqual({ total: 1, reachable: 1, noConsent: 0, noAddress: 0 });
    expect((await countOf(owner, { ...ALL, locationIds: [L2] })).total).toBe(1);
    expect((await countOf(owner, { ...ALL, statuses: ['expired'] })).total).toBe(1);
    expect((await countOf(owner, { ...ALL, planIds: ['basic'] })).total).toBe(1);
    expect((await countOf(owner, { ...ALL, expiringWithinDays: 5 })).total).toBe(2); // ends 10 Jun (today) and 15 Jun
    expect((await countOf(owner, { ...ALL, expiringWithinDays: 0 })).total).toBe(1);
    expect((await countOf(owner, { ...ALL, expiredWithinDays: 7 })).total).toBe(1);
    expect((await countOf(owner, { ...ALL, expiredWithinDays: 4 })).total).toBe(0);
    expect((await countOf(owner, { ...ALL, noVisitInDays: 30 })).total).toBe(3); // never, never, 1 April
    expect((await countOf(owner, { ...ALL, birthdayThisWeek: true })).total).toBe(1);
    expect((await countOf(owner, { ...ALL, genders: ['female', 'male'] })).total).toBe(2);
    expect((await countOf(owner, { ...ALL, ageBands: ['35_44'] })).total).toBe(1);
    expect((await countOf(owner, { ...ALL, ageBands: ['under_18', '35_44'] })).total).toBe(2);
    expect((await countOf(owner, { ...ALL, statuses: ['active'], genders: ['female'] })).total).toBe(1);
  });

  it('counts leads by stage and source; consent is the lead’s own', async () => {
    const lead = (stage: string, source: string, loc = L1) => {
      const id = newId();
      return t.db
        .insertInto('lead_copies')
        .values({
          lead_id: id,
          org_id: ORG_A,
          location_id: loc,
          name: 'Ravi Kumar',
          phone: String(phoneSeq++),
          email: null,
          stage,
          source,
          owner_id: null,
          member_id: null,
          created_at: t.clock(),
          updated_at: t.clock(),
        })
        .execute()
        .then(() => id);
    };
    const a = await lead('new', 'instagram');
    await lead('contacted', 'walk_in');
    await lead('lost', 'instagram', L2);
    await setConsent(ORG_A, a, 'whatsapp', true);
    expect(await countOf(owner, { audience: 'leads' })).toEqual({ total: 3, reachable: 1, noConsent: 2, noAddress: 0 });
    expect((await countOf(owner, { audience: 'leads', sources: ['instagram'] })).total).toBe(2);
    expect((await countOf(owner, { audience: 'leads', stages: ['new', 'contacted'] })).total).toBe(2);
    expect((await countOf(admin1, { audience: 'leads', sources: ['instagram'] })).total).toBe(1);
    expect((await countOf(owner, { audience: 'leads' }, 'email', 'utility')).noAddress).toBe(3);
  });

  it('refuses another organization’s or another admin’s location (404), other roles (403) and bad segments (400)', async () => {
    const nf = await call(admin1, 'POST', '/notifications/campaigns/segments/count', { segment: { ...ALL, locationIds: [L2] }, channel: 'whatsapp' });
    expect(nf.status).toBe(404);
    expect((await call(owner, 'POST', '/notifications/campaigns/segments/count', { segment: { ...ALL, locationIds: [LB] }, channel: 'whatsapp' })).status).toBe(
      404,
    );
    for (const who of [trainer, memberU])
      expect((await call(who, 'POST', '/notifications/campaigns/segments/count', { segment: ALL, channel: 'whatsapp' })).status).toBe(403);
    for (const bad of [
      { segment: ALL, channel: 'fax' },
      { segment: { audience: 'everyone' }, channel: 'sms' },
      { segment: { ...ALL, expiringWithinDays: -1 }, channel: 'sms' },
      { segment: { ...ALL, ageBands: ['old'] }, channel: 'sms' },
      { segment: { audience: 'leads', statuses: ['active'] }, channel: 'sms' },
    ]) {
      const res = await call(owner, 'POST', '/notifications/campaigns/segments/count', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      ErrorBody.parse(res.body);
    }
  });
});

describe('campaigns: create, send, statuses, report', () => {
  it('sends a marketing WhatsApp template only to members with consent, at once; callbacks move each one to delivered, read or failed', async () => {
    const yes1 = await addMember({ first: 'Asha', consent: ['whatsapp'] });
    const yes2 = await addMember({ first: 'Bela', consent: ['whatsapp'] });
    const no = await addMember({ first: 'Chirag', consent: ['email'] });
    await addMember({ first: 'Dev', phone: null, consent: ['whatsapp'] });
    const { id: templateId, name } = await addTemplate();

    const res = await call(owner, 'POST', '/notifications/campaigns', { name: 'June offer', segment: ALL, channel: 'whatsapp', templateId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const c = campaignOf(res.body);
    expect(c).toMatchObject({ status: 'sending', purpose: 'marketing', templateName: name, sendAt: null });
    expect(c.counts).toMatchObject({ recipients: 2, queued: 2, sent: 0, skippedNoConsent: 1, skippedNoAddress: 1 });

    expect(await sender().runOnce()).toBe(2);
    const sent = wa.messages();
    expect(sent.map((m) => m.body).sort()).toEqual(['Hi Asha, 20% off Premium this week!', 'Hi Bela, 20% off Premium this week!']);
    expect(sent.every((m) => m.type === 'template' && m.template?.name === whatsAppTemplateName(ORG_A, name))).toBe(true);
    const rows = await t.db.selectFrom('outbound_messages').selectAll().execute();
    expect(rows.map((r) => r.person_id).sort()).toEqual([yes1, yes2].sort());
    expect(rows.some((r) => r.person_id === no)).toBe(false);

    // The stand-in posts sent and delivered by itself; then one is read and the other fails.
    await expect
      .poll(async () => (await t.db.selectFrom('outbound_messages').select('status').execute()).map((r) => r.status))
      .toEqual(['delivered', 'delivered']);
    const [first, second] = sent;
    await wa.status(first!.id, 'read');
    await wa.status(second!.id, 'failed', { code: 131026, title: 'Message undeliverable' });
    await wa.status(first!.id, 'delivered'); // late and repeated: changes nothing
    const report = campaignOf((await call(owner, 'GET', `/notifications/campaigns/${c._id}`)).body);
    expect(report.status).toBe('completed');
    expect(report.counts).toMatchObject({ recipients: 2, queued: 0, sent: 0, delivered: 0, read: 1, failed: 1, skippedNoConsent: 1, skippedNoAddress: 1 });

    const failed = CampaignRecipientList.parse((await call(owner, 'GET', `/notifications/campaigns/${c._id}/recipients`)).body);
    expect(failed.totalCount).toBe(1);
    expect(failed.data.recipients[0]).toMatchObject({ status: 'failed', audience: 'members', address: second!.to.slice(-10) });
    expect(failed.data.recipients[0]!.reason).toContain('131026');
    const read = CampaignRecipientList.parse((await call(owner, 'GET', `/notifications/campaigns/${c._id}/recipients?status=read`)).body);
    expect(read.data.recipients.map((r) => r.address)).toEqual([first!.to.slice(-10)]);
  });

  it('sends nothing to someone who opted out (STOP) after it was queued, and nothing to anyone without consent', async () => {
    const stays = await addMember({ first: 'Esha', consent: ['whatsapp'] });
    const stops = await addMember({ first: 'Farid', phone: '98111 11111', consent: ['whatsapp'] });
    await addMember({ first: 'Gita' });
    const { id: templateId } = await addTemplate();
    const c = campaignOf((await call(owner, 'POST', '/notifications/campaigns', { name: 'Offer', segment: ALL, channel: 'whatsapp', templateId })).body);
    expect(c.counts.recipients).toBe(2);
    // Farid replies STOP on WhatsApp: the signed webhook withdraws his WhatsApp marketing consent at once.
    await wa.receive({ from: '919811111111', text: 'STOP' });
    expect(
      await t.db.selectFrom('marketing_consent').select('granted').where('person_id', '=', stops).where('channel', '=', 'whatsapp').executeTakeFirst(),
    ).toEqual({
      granted: false,
    });
    await sender().runOnce();
    expect(wa.messages().map((m) => m.body)).toEqual(['Hi Esha, 20% off Premium this week!']);
    const rows = await t.db.selectFrom('outbound_messages').select(['person_id', 'status', 'reason']).orderBy('person_id').execute();
    expect(['sent', 'delivered']).toContain(rows.find((r) => r.person_id === stays)?.status);
    expect(rows.find((r) => r.person_id === stops)).toMatchObject({ status: 'cancelled', reason: expect.stringContaining('opted out') });
    // A new campaign after the opt-out does not even queue them.
    const again = campaignOf((await call(owner, 'POST', '/notifications/campaigns', { name: 'Again', segment: ALL, channel: 'whatsapp', templateId })).body);
    expect(again.counts).toMatchObject({ recipients: 1, skippedNoConsent: 2 });
  });

  it('sends SMS with the template’s DLT id and sender header; a text the gateway’s DLT register does not know fails with its reason', async () => {
    await addMember({ first: 'Isha', phone: '9812345678', consent: ['sms'] });
    await addMember({ first: 'Jai', consent: ['whatsapp'] });
    const { id: templateId } = await addTemplate({ channel: 'sms' });
    sms.setTemplates([{ dltTemplateId: '1107160000000000001', senderHeader: 'AKHADA', body: 'Hi {#var#}, 20% off {#var#} this week!' }]);
    const c = campaignOf((await call(owner, 'POST', '/notifications/campaigns', { name: 'SMS offer', segment: ALL, channel: 'sms', templateId })).body);
    expect(c.counts).toMatchObject({ recipients: 1, skippedNoConsent: 1 });
    await sender().runOnce();
    expect(sms.messages()).toEqual([
      expect.objectContaining({ to: '919812345678', sender: 'AKHADA', dltTemplateId: '1107160000000000001', text: 'Hi Isha, 20% off Premium this week!' }),
    ]);
    expect(campaignOf((await call(owner, 'GET', `/notifications/campaigns/${c._id}`)).body).counts).toMatchObject({ sent: 1, failed: 0 });

    sms.setTemplates([{ dltTemplateId: '1107160000000000001', senderHeader: 'AKHADA', body: 'Hello {#var#}, a different text' }]);
    const again = campaignOf((await call(owner, 'POST', '/notifications/campaigns', { name: 'SMS again', segment: ALL, channel: 'sms', templateId })).body);
    await sender().runOnce();
    const failed = CampaignRecipientList.parse((await call(owner, 'GET', `/notifications/campaigns/${again._id}/recipients?status=failed`)).body);
    expect(failed.data.recipients.map((r) => r.reason)).toEqual([expect.stringContaining('DLT_CONTENT_MISMATCH')]);
  });

  it('emails a marketing template in the gym’s branding with the person’s unsubscribe link (foot and one-click header); a utility one without', async () => {
    await t.db
      .insertInto('org_brands')
      .values({ org_id: ORG_A, name: 'Iron Temple', brand_color: '#112233', updated_at: t.clock() })
      .onConflict((oc) => oc.column('org_id').doNothing())
      .execute();
    const asha = await addMember({ first: 'Asha', email: 'asha@example.com', consent: ['email'] });
    const { id: templateId } = await addTemplate({ channel: 'email' });
    await call(owner, 'POST', '/notifications/campaigns', { name: 'Mail offer', segment: ALL, channel: 'email', templateId });
    await sender().runOnce();
    expect(mails).toHaveLength(1);
    const m = mails[0]!;
    const link = unsubscribe.link({ orgId: ORG_A, personId: asha });
    expect(m.to).toBe('asha@example.com');
    expect(m.mail).toMatchObject({
      subject: 'An offer for Asha',
      text: expect.stringContaining(`Hi Asha, 20% off Premium this week!`),
      headers: { 'List-Unsubscribe': `<${unsubscribe.oneClick({ orgId: ORG_A, personId: asha })}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    expect(m.mail!.text).toContain(link);
    expect(m.mail!.html).toContain('Iron Temple');
    expect(m.mail!.html).toContain('#112233');
    expect(m.mail!.html).toContain(link.replace(/&/g, '&amp;'));
    expect(unsubscribe.verify(link.split('token=')[1]!)).toEqual({ orgId: ORG_A, personId: asha });

    mails.length = 0;
    const { id: utility } = await addTemplate({ channel: 'email', category: 'utility' });
    await call(owner, 'POST', '/notifications/campaigns', { name: 'Hours', segment: ALL, channel: 'email', templateId: utility });
    await sender().runOnce();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.mail!.headers).toBeUndefined();
    expect(mails[0]!.mail!.text).not.toContain('unsubscribe');
  });

  it('a utility template goes to members without marketing consent', async () => {
    await addMember({ first: 'Hari' });
    const { id: templateId } = await addTemplate({ category: 'utility' });
    const c = campaignOf((await call(owner, 'POST', '/notifications/campaigns', { name: 'Hours', segment: ALL, channel: 'whatsapp', templateId })).body);
    expect(c).toMatchObject({ purpose: 'utility', counts: { recipients: 1, skippedNoConsent: 0 } });
  });

  it('schedules at a local time in the location’s zone, starts then, and cancels a scheduled one', async () => {
    await addMember({ consent: ['whatsapp'] });
    const { id: templateId } = await addTemplate();
    const sendAt = { date: '2026-06-11', time: '09:30' };
    const res = await call(owner, 'POST', '/notifications/campaigns', {
      name: 'Tomorrow',
      segment: { ...ALL, locationIds: [L1] },
      channel: 'whatsapp',
      templateId,
      sendAt,
      ratePerMinute: 120,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const c = campaignOf(res.body);
    expect(c).toMatchObject({ status: 'scheduled', sendAt: { ...sendAt, timeZone: 'Asia/Kolkata' }, ratePerMinute: 120, counts: { recipients: 0 } });
    expect(c.scheduledAt).toBe(instantAt('2026-06-11', '09:30', 'Asia/Kolkata').toISOString());
    expect(c.scheduledAt).toBe('2026-06-11T04:00:00.000Z');

    expect(await startDueCampaigns({ db: t.db }, new Date('2026-06-11T03:59:00Z'))).toBe(0);
    expect(await startDueCampaigns({ db: t.db }, new Date('2026-06-11T04:00:00Z'))).toBe(1);
    expect(campaignOf((await call(owner, 'GET', `/notifications/campaigns/${c._id}`)).body)).toMatchObject({
      status: 'sending',
      counts: { recipients: 1, queued: 1 },
    });

    const later = campaignOf(
      (await call(owner, 'POST', '/notifications/campaigns', { name: 'Later', segment: ALL, channel: 'whatsapp', templateId, sendAt })).body,
    );
    const cancelled = await call(owner, 'POST', `/notifications/campaigns/${later._id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(campaignOf(cancelled.body)).toMatchObject({ status: 'cancelled' });
    expect(await startDueCampaigns({ db: t.db }, new Date('2026-06-12T00:00:00Z'))).toBe(0);
    expect((await call(owner, 'POST', `/notifications/campaigns/${later._id}/cancel`)).status).toBe(409);

    // Stopping a sending one: what is still queued is cancelled, never sent.
    const stopped = campaignOf((await call(owner, 'POST', `/notifications/campaigns/${c._id}/cancel`)).body);
    expect(stopped.counts).toMatchObject({ queued: 0, cancelled: 1 });
    expect(await t.db.selectFrom('outbound_rates').select('rate_key').where('rate_key', '=', `campaign:${c._id}`).execute()).toEqual([]);
    expect(await sender().runOnce()).toBe(0);
    expect(wa.messages()).toEqual([]);

    const list = CampaignList.parse((await call(owner, 'GET', '/notifications/campaigns?status=cancelled')).body);
    expect(list.data.campaigns.map((x) => x.name).sort()).toEqual(['Later', 'Tomorrow']);
  });

  it('refuses a past time, a template of another organization, channel or not approved, and bad bodies, creating nothing', async () => {
    const { id: templateId } = await addTemplate();
    const { id: otherOrg } = await addTemplate({ org: ORG_B });
    const { id: emailT } = await addTemplate({ channel: 'email' });
    const { id: pending } = await addTemplate({ approved: false });
    const base = { name: 'X', segment: ALL, channel: 'whatsapp', templateId };
    const cases: [unknown, number][] = [
      [{ ...base, sendAt: { date: '2026-06-10', time: '11:00' } }, 400],
      [{ ...base, sendAt: { date: '2026-06-10', time: '25:00' } }, 400],
      [{ ...base, templateId: otherOrg }, 404],
      [{ ...base, templateId: emailT }, 404],
      [{ ...base, templateId: pending }, 400],
      [{ ...base, ratePerMinute: 0 }, 400],
      [{ ...base, name: '' }, 400],
      [{ ...base, segment: { ...ALL, locationIds: [LB] } }, 404],
    ];
    for (const [body, status] of cases) expect((await call(owner, 'POST', '/notifications/campaigns', body)).status, JSON.stringify(body)).toBe(status);
    for (const who of [trainer, memberU]) expect((await call(who, 'POST', '/notifications/campaigns', base)).status).toBe(403);
    expect(await t.db.selectFrom('campaigns').selectAll().execute()).toEqual([]);
  });

  it('keeps campaigns to their organization and an admin to their locations (404 for the rest)', async () => {
    await addMember({ consent: ['whatsapp'] });
    const { id: templateId } = await addTemplate();
    const sendAt = { date: '2026-06-12', time: '10:00' };
    const whole = campaignOf(
      (await call(owner, 'POST', '/notifications/campaigns', { name: 'All', segment: ALL, channel: 'whatsapp', templateId, sendAt })).body,
    );
    const mine = campaignOf(
      (await call(admin1, 'POST', '/notifications/campaigns', { name: 'L1', segment: ALL, channel: 'whatsapp', templateId, sendAt })).body,
    );
    for (const [who, id] of [
      [ownerB, whole._id],
      [ownerB, mine._id],
      [admin1, whole._id],
    ] as const) {
      expect((await call(who, 'GET', `/notifications/campaigns/${id}`)).status).toBe(404);
      expect((await call(who, 'GET', `/notifications/campaigns/${id}/recipients`)).status).toBe(404);
      expect((await call(who, 'POST', `/notifications/campaigns/${id}/cancel`)).status).toBe(404);
    }
    expect((await call(owner, 'GET', `/notifications/campaigns/${mine._id}`)).status).toBe(200);
    expect(CampaignList.parse((await call(admin1, 'GET', '/notifications/campaigns')).body).data.campaigns.map((c) => c.name)).toEqual(['L1']);
    expect(CampaignList.parse((await call(ownerB, 'GET', '/notifications/campaigns')).body).totalCount).toBe(0);
    expect((await call(owner, 'GET', '/notifications/campaigns/not-an-id')).status).toBe(400);
    expect((await call(trainer, 'GET', '/notifications/campaigns')).status).toBe(403);
    expect(campaignOf((await call(owner, 'GET', `/notifications/campaigns/${whole._id}`)).body).status).toBe('scheduled');
  });
});

describe('the outbound sender', () => {
  const queue = async (n: number, ratePerMinute: number) => {
    const campaignId = newId();
    await enqueueMessages(
      t.db,
      Array.from({ length: n }, (_, i) => ({
        orgId: ORG_A,
        locationId: L1,
        personId: newId(),
        personKind: 'member' as const,
        personName: `P${i}`,
        channel: 'whatsapp' as const,
        address: String(8000000000 + i),
        language: 'en' as const,
        purpose: 'automation' as const,
        marketing: false,
        campaignId,
        templateId: null,
        content: { text: 'x', whatsapp: { name: 'x', language: 'en', params: [] } },
        ratePerMinute,
      })),
      t.clock(),
    );
    return campaignId;
  };

  it('sends each row exactly once with two senders at work, and at its lane’s rate', async () => {
    wa.setTemplates([{ name: 'x', language: 'en', category: 'utility', body: 'x' }]);
    await Promise.all([queue(50, 1_000_000), queue(50, 1_000_000), queue(50, 1_000_000)]);
    const [a, b] = [sender(20), sender(20)];
    const [na, nb] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(na + nb).toBe(150);
    const refs = wa.messages().map((m) => m.reference);
    expect(refs).toHaveLength(150);
    expect(new Set(refs).size).toBe(150);
    expect(await t.db.selectFrom('outbound_messages').select('id').where('status', 'in', ['queued', 'sending']).execute()).toEqual([]);

    wa.clear();
    await queue(10, 60); // one a second: a burst of two, then one per second of the clock
    expect(await sender().runOnce()).toBe(2);
    expect(await sender().runOnce()).toBe(0);
    t.time.now += 1_000;
    expect(await sender().runOnce()).toBe(1);
    t.time.now += 60_000;
    expect(await sender().runOnce()).toBe(2);
    expect(wa.messages()).toHaveLength(5);
  });

  it('a sender stopped mid-campaign leaves nothing half-sent: the next one sends the rest, each row once', async () => {
    wa.setTemplates([{ name: 'x', language: 'en', category: 'utility', body: 'x' }]);
    // 6,000 a minute: a burst of 200 now, then nothing more until the (test's) clock moves.
    await queue(400, 6_000);
    const first = sender(20, true);
    await expect.poll(() => wa.messages().length).toBe(200);
    await first.stop();
    // Stopped: nothing is left claimed (sending); what it took was sent and recorded.
    expect(await t.db.selectFrom('outbound_messages').select('id').where('status', '=', 'sending').execute()).toEqual([]);
    expect(await t.db.selectFrom('outbound_messages').select('id').where('status', '=', 'queued').execute()).toHaveLength(200);
    t.time.now += 10_000;
    expect(await sender().runOnce()).toBe(200);
    const refs = wa.messages().map((m) => m.reference);
    expect(refs).toHaveLength(400);
    expect(new Set(refs).size).toBe(400);
  });

  it('retries a transient refusal and fails a permanent one with the provider’s reason', async () => {
    wa.setTemplates([{ name: 'x', language: 'en', category: 'utility', body: 'x' }]);
    await fetch(`${waUrl}/control/fail`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count: 1, status: 503 }) });
    await queue(1, 600);
    expect(await sender().runOnce()).toBe(1);
    const row = await t.db.selectFrom('outbound_messages').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    t.time.now += 31_000;
    expect(await sender().runOnce()).toBe(1);
    expect((await t.db.selectFrom('outbound_messages').select('status').executeTakeFirstOrThrow()).status).not.toBe('queued');

    wa.setTemplates([]);
    await queue(1, 600);
    await sender().runOnce();
    const failed = await t.db.selectFrom('outbound_messages').selectAll().where('status', '=', 'failed').executeTakeFirstOrThrow();
    expect(failed.reason).toContain('132001');
  });
});
