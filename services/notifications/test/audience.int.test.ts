// Marketing consent (the member's own, staff at the desk, STOP on WhatsApp, the email unsubscribe link; every change in
// the history) and the organization's message templates (CRUD, WhatsApp review through the stand-in, preview with a
// member), each route with its cross-organization and role cases, against the real PostgreSQL and the WhatsApp stand-in.
import { MemberEvents, type ChannelConsent, type MarketingConsentView, type MessageTemplate, type TemplatePreview } from '@akhada/contracts';
import { makeEnvelope, newId } from '@akhada/kit';
import { startSmsSink, startWhatsAppSink, type SmsSink, type WhatsAppSink } from '@akhada/infra/standins';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUnsubscribeLinks } from '../src/adapters/unsubscribe-links.ts';
import { createWhatsAppTemplatePlatform } from '../src/adapters/whatsapp-template-platform.ts';
import { bootAudience } from './audience-setup.ts';

const APP_SECRET = 'audience-test-app-secret';
const links = createUnsubscribeLinks({ secret: 'audience-test-secret', appUrl: 'http://app.test' });
let wa: WhatsAppSink;
let sms: SmsSink;
const SMS_SECRET = 'audience-test-sms-secret';
let t: Awaited<ReturnType<typeof bootAudience>>;

const orgId = newId();
const L1 = newId();
const L2 = newId();
const otherOrg = newId();
const OL = newId();
const ownerId = newId();
const adminId = newId();
const memberId = newId();
const member2 = newId();
const otherMember = newId();
const tokens = {} as Record<'owner' | 'admin' | 'adminL2' | 'trainer' | 'member' | 'outsider' | 'otherMember', string>;
const PHONE = '+91 98765 43210';

const meta = (at: string, aggregateId: string, org = orgId) => ({ orgId: org, correlationId: newId(), causationId: 'test', aggregateId, occurredAt: at });
const register = (id: string, o: { org?: string; location?: string; first: string; phone: string; email: string }) =>
  t.feed(
    makeEnvelope(MemberEvents.MemberRegistered, {
      ...meta('2030-03-01T05:00:00.000Z', id, o.org),
      data: {
        memberId: id,
        locationId: o.location ?? L1,
        firstName: o.first,
        lastName: 'Verma',
        email: o.email,
        phone: o.phone,
        membershipType: 'premium',
        paymentFrequency: 'monthly',
        feePaise: 150000,
        startDate: '2030-03-01',
        endDate: '2030-03-31',
      },
    }),
  );

/** A signed WhatsApp webhook, as Meta posts it. */
const webhook = async (value: Record<string, unknown>, field = 'messages') => {
  const payload = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field, value }] }] });
  const res = await t.app.inject({
    method: 'POST',
    url: '/notifications/whatsapp/webhook',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(payload).digest('hex')}` },
    payload,
  });
  return { status: res.statusCode, body: res.json() as { message?: string } };
};
const inbound = (from: string, text: string, phoneNumberId = '100000000000001') =>
  webhook({
    metadata: { phone_number_id: phoneNumberId },
    messages: [{ from, id: `wamid.${newId()}`, timestamp: '1900000000', type: 'text', text: { body: text } }],
  });

const consentOf = async (personId: string, org = orgId) =>
  Object.fromEntries(
    (await t.db.selectFrom('marketing_consent').select(['channel', 'granted']).where('org_id', '=', org).where('person_id', '=', personId).execute()).map(
      (r) => [r.channel, r.granted],
    ),
  );
const historyOf = (personId: string) =>
  t.db.selectFrom('marketing_consent_history').select(['channel', 'granted', 'method', 'actor_id']).where('person_id', '=', personId).orderBy('id').execute();

beforeAll(async () => {
  wa = await startWhatsAppSink({ port: 0, autoStatuses: false });
  t = await bootAudience('notif_audience', () => ({
    whatsapp: { appSecret: APP_SECRET, verifyToken: 'v' },
    audience: {
      unsubscribe: links,
      platform: createWhatsAppTemplatePlatform({ baseUrl: `http://127.0.0.1:${wa.port}`, version: 'v21.0', wabaId: '100000000000900', token: 'test' }),
      smsInboundSecret: SMS_SECRET,
    },
  }));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const appPort = (t.app.server.address() as AddressInfo).port;
  wa.setWebhook({ url: `http://127.0.0.1:${appPort}/notifications/whatsapp/webhook`, appSecret: APP_SECRET });
  sms = await startSmsSink({ port: 0, inboundWebhook: { url: `http://127.0.0.1:${appPort}/notifications/sms/inbound`, secret: SMS_SECRET } });
  await t.org(orgId, [L1, L2]);
  await t.org(otherOrg, [OL]);
  tokens.owner = await t.sign(orgId, 'owner', [L1, L2], ownerId);
  tokens.admin = await t.sign(orgId, 'admin', [L1], adminId);
  tokens.adminL2 = await t.sign(orgId, 'admin', [L2]);
  tokens.trainer = await t.sign(orgId, 'trainer', [L1]);
  tokens.member = await t.sign(orgId, 'member', [L1], memberId, 'Asha Verma');
  tokens.outsider = await t.sign(otherOrg, 'owner', [OL]);
  tokens.otherMember = await t.sign(otherOrg, 'member', [OL], otherMember);
  await register(memberId, { first: 'Asha', phone: PHONE, email: 'asha@example.in' });
  await register(member2, { first: 'Bela', phone: '9811122233', email: 'bela@example.in', location: L2 });
  await register(otherMember, { org: otherOrg, location: OL, first: 'Chetan', phone: '919876543210', email: 'c@example.in' });
});
afterAll(async () => {
  await t?.close();
  await wa?.stop();
  await sms?.stop();
});

describe('a member’s own marketing consent', () => {
  it('starts with nothing granted, is given and withdrawn per channel, and every change is in the history', async () => {
    const first = await t.call(tokens.member, 'GET', '/notifications/marketing-consent/me');
    expect(first.status).toBe(200);
    const view = first.body.data as MarketingConsentView;
    expect(view.channels.map((c: ChannelConsent) => [c.channel, c.granted])).toEqual([
      ['whatsapp', false],
      ['sms', false],
      ['email', false],
    ]);

    const put = await t.call(tokens.member, 'PUT', '/notifications/marketing-consent/me', { whatsapp: true, email: true });
    expect(put.status).toBe(200);
    expect((put.body.data as MarketingConsentView).channels.filter((c) => c.granted).map((c) => [c.channel, c.method])).toEqual([
      ['whatsapp', 'member_settings'],
      ['email', 'member_settings'],
    ]);
    await t.call(tokens.member, 'PUT', '/notifications/marketing-consent/me', { email: false });
    expect(await consentOf(memberId)).toEqual({ whatsapp: true, email: false });
    expect(await historyOf(memberId)).toEqual([
      { channel: 'whatsapp', granted: true, method: 'member_settings', actor_id: memberId },
      { channel: 'email', granted: true, method: 'member_settings', actor_id: memberId },
      { channel: 'email', granted: false, method: 'member_settings', actor_id: memberId },
    ]);
    // The same choice again records nothing.
    await t.call(tokens.member, 'PUT', '/notifications/marketing-consent/me', { whatsapp: true });
    expect(await historyOf(memberId)).toHaveLength(3);
  });

  it('refuses an empty change (400, nothing written) and staff (403)', async () => {
    const before = await historyOf(memberId);
    expect((await t.call(tokens.member, 'PUT', '/notifications/marketing-consent/me', {})).status).toBe(400);
    expect((await t.call(tokens.member, 'PUT', '/notifications/marketing-consent/me', { sms: 'yes' })).status).toBe(400);
    expect(await historyOf(memberId)).toEqual(before);
    expect((await t.call(tokens.owner, 'GET', '/notifications/marketing-consent/me')).status).toBe(403);
    expect((await t.call(tokens.trainer, 'PUT', '/notifications/marketing-consent/me', { sms: true })).status).toBe(403);
    expect((await t.call(null, 'GET', '/notifications/marketing-consent/me')).status).toBe(401);
  });
});

describe('staff recording consent at the desk', () => {
  it('an owner records a member’s choice (front_desk, by the owner); the member sees it as recorded by staff', async () => {
    const res = await t.call(tokens.owner, 'PUT', `/notifications/marketing-consent/${member2}`, { sms: true, email: true });
    expect(res.status).toBe(200);
    const v = res.body.data as MarketingConsentView;
    expect(v).toMatchObject({ personId: member2, kind: 'member', name: 'Bela Verma' });
    expect(v.history[0]).toMatchObject({ method: 'front_desk', actorId: ownerId, byStaff: true });
    expect(await consentOf(member2)).toEqual({ sms: true, email: true });
  });

  it('an admin reaches people of their locations only; another organization’s person is 404; trainers and members 403', async () => {
    expect((await t.call(tokens.admin, 'GET', `/notifications/marketing-consent/${memberId}`)).status).toBe(200);
    expect((await t.call(tokens.admin, 'GET', `/notifications/marketing-consent/${member2}`)).status).toBe(404);
    expect((await t.call(tokens.admin, 'PUT', `/notifications/marketing-consent/${member2}`, { sms: false })).status).toBe(404);
    expect((await t.call(tokens.adminL2, 'PUT', `/notifications/marketing-consent/${member2}`, { whatsapp: true })).status).toBe(200);
    expect((await t.call(tokens.outsider, 'GET', `/notifications/marketing-consent/${memberId}`)).status).toBe(404);
    expect((await t.call(tokens.outsider, 'PUT', `/notifications/marketing-consent/${memberId}`, { sms: true })).status).toBe(404);
    expect((await t.call(tokens.owner, 'GET', `/notifications/marketing-consent/${newId()}`)).status).toBe(404);
    expect((await t.call(tokens.owner, 'GET', '/notifications/marketing-consent/not-an-id')).status).toBe(400);
    expect((await t.call(tokens.trainer, 'GET', `/notifications/marketing-consent/${memberId}`)).status).toBe(403);
    expect((await t.call(tokens.member, 'PUT', `/notifications/marketing-consent/${member2}`, { sms: true })).status).toBe(403);
    expect(await consentOf(memberId, otherOrg)).toEqual({});
    expect((await consentOf(member2)).sms).toBe(true);
  });
});

describe('opting out', () => {
  it('a WhatsApp "STOP" withdraws WhatsApp marketing consent at once of every person of the organizations of that number, with history', async () => {
    // The other organization has its own WhatsApp number; its member with the same phone gave consent too.
    await t.db
      .insertInto('org_sms_settings')
      .values({
        org_id: otherOrg,
        provider: 'whatsapp_cloud',
        sender: '200000000000002',
        api_key_sealed: 'x',
        api_key_last4: 'xxxx',
        updated_at: new Date(),
        updated_by: newId(),
      })
      .execute();
    await t.call(tokens.otherMember, 'PUT', '/notifications/marketing-consent/me', { whatsapp: true });
    expect((await consentOf(memberId)).whatsapp).toBe(true);

    // Not a STOP: nothing changes.
    expect((await inbound('919876543210', 'Hi, what are the timings?')).status).toBe(200);
    expect((await consentOf(memberId)).whatsapp).toBe(true);

    // STOP to the platform's shared number: this organization's person withdrawn; the one with its own number not.
    const res = await inbound('919876543210', '  Stop ');
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('1 marketing consent(s) withdrawn');
    expect((await consentOf(memberId)).whatsapp).toBe(false);
    expect((await consentOf(otherMember, otherOrg)).whatsapp).toBe(true);
    expect((await historyOf(memberId)).at(-1)).toEqual({ channel: 'whatsapp', granted: false, method: 'whatsapp_stop', actor_id: null });

    // "रोकें" to the other organization's own number.
    await inbound('919876543210', 'रोकें', '200000000000002');
    expect((await consentOf(otherMember, otherOrg)).whatsapp).toBe(false);
    // The member's other channels are untouched.
    expect(await consentOf(memberId)).toMatchObject({ email: false });
  });

  it('an SMS "STOP" through the gateway’s inbound webhook withdraws SMS marketing consent everywhere at once; an unsigned reply is 401', async () => {
    await t.call(tokens.member, 'PUT', '/notifications/marketing-consent/me', { sms: true });
    await t.call(tokens.otherMember, 'PUT', '/notifications/marketing-consent/me', { sms: true });
    expect(await sms.receive({ from: '919876543210', text: 'Hello' })).toBe(200);
    expect((await consentOf(memberId)).sms).toBe(true);

    const unsigned = await t.app.inject({ method: 'POST', url: '/notifications/sms/inbound', payload: { from: '919876543210', text: 'STOP' } });
    expect(unsigned.statusCode).toBe(401);
    const forged = JSON.stringify({ from: '919876543210', text: 'STOP' });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/notifications/sms/inbound',
      headers: { 'content-type': 'application/json', 'x-sms-signature': `sha256=${createHmac('sha256', 'not-the-secret').update(forged).digest('hex')}` },
      payload: forged,
    });
    expect(wrong.statusCode).toBe(401);
    expect((await consentOf(memberId)).sms).toBe(true);

    expect(await sms.receive({ from: '+91 98765 43210', text: 'STOP' })).toBe(200);
    expect((await consentOf(memberId)).sms).toBe(false);
    expect((await consentOf(otherMember, otherOrg)).sms).toBe(false);
    expect((await historyOf(memberId)).at(-1)).toEqual({ channel: 'sms', granted: false, method: 'sms_stop', actor_id: null });
  });

  it('an unsubscribe link shows the gym and the masked address without changing anything, and its button withdraws email consent', async () => {
    await t.call(tokens.owner, 'PUT', `/notifications/marketing-consent/${memberId}`, { email: true });
    const token = links.token({ orgId, personId: memberId });
    const info = await t.call(null, 'GET', `/notifications/unsubscribe?token=${token}`);
    expect(info.status).toBe(200);
    expect(info.body.data).toEqual({ gymName: 'your gym', channel: 'email', address: 'a•••@example.in', subscribed: true });
    expect((await consentOf(memberId)).email).toBe(true);

    const res = await t.call(null, 'POST', `/notifications/unsubscribe?token=${token}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ subscribed: false });
    expect((await consentOf(memberId)).email).toBe(false);
    expect((await historyOf(memberId)).at(-1)).toEqual({ channel: 'email', granted: false, method: 'email_unsubscribe', actor_id: null });
    // A mail client's one-click (RFC 8058): a form-encoded POST to the same address.
    await t.call(tokens.owner, 'PUT', `/notifications/marketing-consent/${memberId}`, { email: true });
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/notifications/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await consentOf(memberId)).email).toBe(false);
    const form = await t.app.inject({
      method: 'PUT',
      url: '/notifications/marketing-consent/me',
      headers: { authorization: `Bearer ${tokens.member}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=true',
    });
    expect(form.statusCode).toBe(415);
    // Again: nothing more recorded.
    const n = (await historyOf(memberId)).length;
    expect((await t.call(null, 'POST', `/notifications/unsubscribe?token=${token}`)).status).toBe(200);
    expect(await historyOf(memberId)).toHaveLength(n);
  });

  it('a token not signed by the service (tampered, another secret, garbage) is 400 and changes nothing', async () => {
    await t.call(tokens.owner, 'PUT', `/notifications/marketing-consent/${member2}`, { email: true });
    const good = links.token({ orgId, personId: member2 });
    const forged = createUnsubscribeLinks({ secret: 'another', appUrl: '' }).token({ orgId, personId: member2 });
    const swapped = `${Buffer.from(`${orgId}.${memberId}`).toString('base64url')}.${good.split('.')[1]}`;
    for (const bad of [forged, swapped, 'x'.repeat(20), `${good}x`]) {
      expect((await t.call(null, 'POST', `/notifications/unsubscribe?token=${encodeURIComponent(bad)}`)).status).toBe(400);
      expect((await t.call(null, 'GET', `/notifications/unsubscribe?token=${encodeURIComponent(bad)}`)).status).toBe(400);
    }
    expect((await t.call(null, 'POST', '/notifications/unsubscribe')).status).toBe(400);
    expect((await consentOf(member2)).email).toBe(true);
  });
});

describe('message templates', () => {
  const wa1 = {
    channel: 'whatsapp',
    name: 'renewal_offer',
    category: 'marketing',
    bodies: {
      en: 'Hi {{1}}, renew your {{2}} plan before {{3}} and get 10% off. Reply STOP to unsubscribe',
      hi: 'नमस्ते {{1}}, {{3}} से पहले अपना {{2}} प्लान रिन्यू करें। सदस्यता छोड़ने के लिए रोकें लिखकर भेजें',
    },
    variables: ['firstName', 'planName', 'endDate'],
  };
  let created: MessageTemplate;
  const get = async (id: string) => (await t.call(tokens.owner, 'GET', `/notifications/message-templates/${id}`)).body.data as MessageTemplate;

  it('a WhatsApp template is submitted in each language, approved by the platform’s webhook, and then the platform sends it', async () => {
    const res = await t.call(tokens.owner, 'POST', '/notifications/message-templates', wa1);
    expect(res.status).toBe(201);
    created = res.body.data as MessageTemplate;
    expect(created).toMatchObject({ channel: 'whatsapp', name: 'renewal_offer', whatsappName: `renewal_offer_${orgId.replace(/-/g, '').slice(0, 8)}` });
    expect(
      wa
        .submitted()
        .map((s) => [s.name, s.language, s.category])
        .sort(),
    ).toEqual([
      [created.whatsappName, 'en', 'MARKETING'],
      [created.whatsappName, 'hi', 'MARKETING'],
    ]);
    await expect.poll(async () => (await get(created.id)).whatsappStatus).toEqual({ en: 'approved', hi: 'approved' });

    const send = await fetch(`http://127.0.0.1:${wa.port}/v21.0/100000000000001/messages`, {
      method: 'POST',
      headers: { authorization: 'Bearer x', 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        to: '919876543210',
        type: 'template',
        template: {
          name: created.whatsappName,
          language: { code: 'hi' },
          components: [{ type: 'body', parameters: ['आशा', 'Premium', '31 मार्च 2030'].map((text) => ({ type: 'text', text })) }],
        },
      }),
    });
    expect(send.status).toBe(200);
    expect(wa.messages()[0]!.body).toBe('नमस्ते आशा, 31 मार्च 2030 से पहले अपना Premium प्लान रिन्यू करें। सदस्यता छोड़ने के लिए रोकें लिखकर भेजें');
  });

  it('the platform rejects a marketing template without a variable; the reason is kept and it cannot be sent', async () => {
    const res = await t.call(tokens.admin, 'POST', '/notifications/message-templates', {
      channel: 'whatsapp',
      name: 'bare_broadcast',
      category: 'marketing',
      bodies: { en: 'Big sale this week at the gym! Reply STOP to unsubscribe' },
    });
    expect(res.status).toBe(201);
    const id = (res.body.data as MessageTemplate).id;
    await expect.poll(async () => (await get(id)).whatsappStatus).toEqual({ en: 'rejected' });
    expect((await get(id)).whatsappRejection).toBe('INVALID_FORMAT');
    const send = await fetch(`http://127.0.0.1:${wa.port}/v21.0/100000000000001/messages`, {
      method: 'POST',
      headers: { authorization: 'Bearer x', 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        to: '919876543210',
        type: 'template',
        template: { name: (res.body.data as MessageTemplate).whatsappName, language: { code: 'en' } },
      }),
    });
    expect(send.status).toBe(400);
    expect(((await send.json()) as { error: { code: number } }).error.code).toBe(132001);
  });

  it('a marketing WhatsApp or SMS template must tell how to opt out, in each language it has (400 with the field); utility and email need not', async () => {
    const before = (await t.call(tokens.owner, 'GET', '/notifications/message-templates?archived=true')).body.data as MessageTemplate[];
    const submittedBefore = wa.submitted().length;
    const noWayOut = await t.call(tokens.owner, 'POST', '/notifications/message-templates', {
      channel: 'whatsapp',
      name: 'no_way_out',
      category: 'marketing',
      bodies: { en: 'Hi {{1}}, 20% off this week! Reply STOP to unsubscribe', hi: 'नमस्ते {{1}}, इस हफ़्ते 20% छूट!' },
      variables: ['firstName'],
    });
    expect(noWayOut.status).toBe(400);
    expect(noWayOut.body).toMatchObject({
      details: [{ path: 'bodies.hi', message: 'A marketing message in Hindi must tell how to opt out: add “सदस्यता छोड़ने के लिए रोकें लिखकर भेजें”' }],
    });
    const sms = await t.call(tokens.owner, 'POST', '/notifications/message-templates', {
      channel: 'sms',
      name: 'Offer SMS',
      category: 'marketing',
      bodies: { en: 'Hi {{1}}, 20% off this week at the gym. -AKHADA' },
      variables: ['firstName'],
      dltTemplateId: '1107161234567890999',
      senderHeader: '123456',
    });
    expect(sms.status).toBe(400);
    expect(sms.body).toMatchObject({
      details: [{ path: 'bodies.en', message: 'A marketing message must tell how to opt out: add “Reply STOP to unsubscribe”' }],
    });
    // A lower-case "stop" in the text is not the reply keyword.
    expect(
      (
        await t.call(tokens.owner, 'POST', '/notifications/message-templates', {
          channel: 'whatsapp',
          name: 'dont_stop',
          category: 'marketing',
          bodies: { en: 'Don’t stop now, {{1}}!' },
          variables: ['firstName'],
        })
      ).status,
    ).toBe(400);
    // Nothing was stored or submitted.
    expect(((await t.call(tokens.owner, 'GET', '/notifications/message-templates?archived=true')).body.data as MessageTemplate[]).length).toBe(before.length);
    expect(wa.submitted().length).toBe(submittedBefore);
    // With the line (the Hindi one may say STOP too) it saves; a utility template and an email need none.
    const withLines = await t.call(tokens.owner, 'POST', '/notifications/message-templates', {
      channel: 'sms',
      name: 'Offer SMS',
      category: 'marketing',
      bodies: { en: 'Hi {{1}}, 20% off this week at the gym. Reply STOP to unsubscribe -AKHADA', hi: '{{1}} जी, इस हफ़्ते 20% छूट। STOP भेजें -AKHADA' },
      variables: ['firstName'],
      dltTemplateId: '1107161234567890999',
      senderHeader: '123456',
    });
    expect(withLines.status).toBe(201);
    const utility = await t.call(tokens.owner, 'POST', '/notifications/message-templates', {
      channel: 'whatsapp',
      name: 'class_moved',
      category: 'utility',
      bodies: { en: 'Hi {{1}}, your class moved to 7 pm.' },
      variables: ['firstName'],
    });
    expect(utility.status).toBe(201);
    // An edit that drops the line is refused too, and the stored text stays.
    const id = (withLines.body.data as MessageTemplate).id;
    const dropped = await t.call(tokens.owner, 'PUT', `/notifications/message-templates/${id}`, {
      channel: 'sms',
      name: 'Offer SMS',
      category: 'marketing',
      bodies: { en: 'Hi {{1}}, 20% off this week at the gym. -AKHADA' },
      variables: ['firstName'],
      dltTemplateId: '1107161234567890999',
      senderHeader: '123456',
    });
    expect(dropped.status).toBe(400);
    expect((await get(id)).bodies.en).toBe('Hi {{1}}, 20% off this week at the gym. Reply STOP to unsubscribe -AKHADA');
    // Archived again, so the listings the other tests count are as they were.
    for (const made of [withLines, utility])
      expect((await t.call(tokens.owner, 'DELETE', `/notifications/message-templates/${(made.body.data as MessageTemplate).id}`)).status).toBe(200);
  });

  it('an edit of the text submits it again (pending, then approved); the name and channel cannot change; a duplicate name is 409', async () => {
    const edited = { ...wa1, bodies: { en: 'Hello {{1}}, your {{2}} plan ends {{3}}. Renew today! Reply STOP to unsubscribe' } };
    const res = await t.call(tokens.owner, 'PUT', `/notifications/message-templates/${created.id}`, edited);
    expect(res.status).toBe(200);
    expect((res.body.data as MessageTemplate).bodies).toEqual({ en: 'Hello {{1}}, your {{2}} plan ends {{3}}. Renew today! Reply STOP to unsubscribe' });
    await expect.poll(async () => (await get(created.id)).whatsappStatus).toEqual({ en: 'approved' });
    expect(wa.submitted().find((s) => s.language === 'en' && s.name === created.whatsappName)!.body).toBe(edited.bodies.en);

    expect((await t.call(tokens.owner, 'PUT', `/notifications/message-templates/${created.id}`, { ...edited, name: 'other_name' })).status).toBe(400);
    expect(
      (
        await t.call(tokens.owner, 'PUT', `/notifications/message-templates/${created.id}`, {
          ...edited,
          channel: 'sms',
          dltTemplateId: '1107161234567890123',
          senderHeader: 'AKHADA',
        })
      ).status,
    ).toBe(400);
    expect((await t.call(tokens.owner, 'POST', '/notifications/message-templates', wa1)).status).toBe(409);
    // Bad input: 400 and nothing stored.
    const before = (await t.call(tokens.owner, 'GET', '/notifications/message-templates')).body.data as MessageTemplate[];
    expect((await t.call(tokens.owner, 'POST', '/notifications/message-templates', { ...wa1, name: 'Bad Name' })).status).toBe(400);
    expect((await t.call(tokens.owner, 'POST', '/notifications/message-templates', { ...wa1, name: 'x2', variables: ['firstName'] })).status).toBe(400);
    expect(((await t.call(tokens.owner, 'GET', '/notifications/message-templates')).body.data as MessageTemplate[]).length).toBe(before.length);
  });

  it('SMS and email templates; the list by channel; archiving hides one unless asked', async () => {
    const sms = await t.call(tokens.owner, 'POST', '/notifications/message-templates', {
      channel: 'sms',
      name: 'Renewal SMS',
      category: 'utility',
      bodies: { en: 'Dear {{1}}, your membership ends on {{2}}. -AKHADA' },
      variables: ['firstName', 'endDate'],
      dltTemplateId: '1107161234567890123',
      senderHeader: 'akhada',
    });
    expect(sms.status).toBe(201);
    expect(sms.body.data).toMatchObject({ dltTemplateId: '1107161234567890123', senderHeader: 'AKHADA', whatsappStatus: {}, whatsappName: null });
    expect(
      (
        await t.call(tokens.owner, 'POST', '/notifications/message-templates', {
          channel: 'sms',
          name: 'No DLT',
          category: 'utility',
          bodies: { en: 'Hi' },
          dltTemplateId: 'abc',
          senderHeader: 'AKHADAS',
        })
      ).status,
    ).toBe(400);
    const email = await t.call(tokens.owner, 'POST', '/notifications/message-templates', {
      channel: 'email',
      name: 'Welcome',
      category: 'utility',
      subject: { en: 'Welcome, {{1}}' },
      bodies: { en: 'Welcome to the gym, {{1}}.' },
      html: { en: '<p>Welcome to the gym, <b>{{1}}</b>.</p>' },
      variables: ['firstName'],
    });
    expect(email.status).toBe(201);
    const smsList = (await t.call(tokens.admin, 'GET', '/notifications/message-templates?channel=sms')).body.data as MessageTemplate[];
    expect(smsList.map((x) => x.name)).toEqual(['Renewal SMS']);

    const id = (sms.body.data as MessageTemplate).id;
    expect((await t.call(tokens.owner, 'DELETE', `/notifications/message-templates/${id}`)).status).toBe(200);
    expect(((await t.call(tokens.owner, 'GET', '/notifications/message-templates?channel=sms')).body.data as MessageTemplate[]).length).toBe(0);
    const all = (await t.call(tokens.owner, 'GET', '/notifications/message-templates?channel=sms&archived=true')).body.data as MessageTemplate[];
    expect(all[0]!.archivedAt).not.toBeNull();
    expect((await t.call(tokens.owner, 'PUT', `/notifications/message-templates/${id}`, { ...(sms.body.data as object), channel: 'sms' })).status).toBe(404);
    expect((await t.call(tokens.owner, 'DELETE', `/notifications/message-templates/${id}`)).status).toBe(404);
  });

  it('preview: with the member asked for or the first by name, in en or hi; a language it lacks 400; a draft too', async () => {
    const en = await t.call(tokens.owner, 'POST', `/notifications/message-templates/${created.id}/preview`, { language: 'en' });
    expect(en.status).toBe(200);
    expect(en.body.data).toEqual({
      language: 'en',
      text: 'Hello Asha, your Premium plan ends 31 Mar 2030. Renew today! Reply STOP to unsubscribe',
      subject: null,
      html: null,
      parameters: ['Asha', 'Premium', '31 Mar 2030'],
      missing: [],
      member: { id: memberId, name: 'Asha Verma' },
    } satisfies TemplatePreview);
    const bela = await t.call(tokens.owner, 'POST', `/notifications/message-templates/${created.id}/preview`, { language: 'en', memberId: member2 });
    expect((bela.body.data as TemplatePreview).member?.name).toBe('Bela Verma');
    expect((await t.call(tokens.owner, 'POST', `/notifications/message-templates/${created.id}/preview`, { language: 'hi' })).status).toBe(400);
    const draft = await t.call(tokens.admin, 'POST', '/notifications/message-templates/preview', {
      language: 'hi',
      template: {
        channel: 'whatsapp',
        name: 'draft',
        category: 'utility',
        bodies: { hi: '{{1}} जी, आपका प्लान {{2}} को समाप्त होगा' },
        variables: ['firstName', 'endDate'],
      },
    });
    expect(draft.status).toBe(200);
    expect((draft.body.data as TemplatePreview).text).toBe('Asha जी, आपका प्लान 31 मार्च 2030 को समाप्त होगा');
    // An admin previews only with members of their locations.
    expect((await t.call(tokens.admin, 'POST', `/notifications/message-templates/${created.id}/preview`, { language: 'en', memberId: member2 })).status).toBe(
      404,
    );
    expect(
      (await t.call(tokens.owner, 'POST', `/notifications/message-templates/${created.id}/preview`, { language: 'en', memberId: otherMember })).status,
    ).toBe(404);
  });

  it('refresh asks the platform; another organization’s template is 404 everywhere; trainers and members 403', async () => {
    const refreshed = await t.call(tokens.owner, 'POST', `/notifications/message-templates/${created.id}/whatsapp-status`);
    expect(refreshed.status).toBe(200);
    expect((refreshed.body.data as MessageTemplate).whatsappStatus).toEqual({ en: 'approved' });
    const id = created.id;
    for (const [method, url, body] of [
      ['GET', `/notifications/message-templates/${id}`, undefined],
      ['PUT', `/notifications/message-templates/${id}`, wa1],
      ['DELETE', `/notifications/message-templates/${id}`, undefined],
      ['POST', `/notifications/message-templates/${id}/preview`, { language: 'en' }],
      ['POST', `/notifications/message-templates/${id}/whatsapp-status`, undefined],
    ] as const) {
      expect((await t.call(tokens.outsider, method, url, body)).status).toBe(404);
      expect((await t.call(tokens.trainer, method, url, body)).status).toBe(403);
      expect((await t.call(tokens.member, method, url, body)).status).toBe(403);
    }
    expect(((await t.call(tokens.outsider, 'GET', '/notifications/message-templates')).body.data as MessageTemplate[]).length).toBe(0);
    expect((await t.call(tokens.trainer, 'POST', '/notifications/message-templates', wa1)).status).toBe(403);
    expect((await get(id)).archivedAt).toBeNull();
  });
});
