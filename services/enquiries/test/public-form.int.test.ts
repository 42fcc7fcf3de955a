import { ENQUIRY_CONSENT_TEXT, marketingConsentText } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceFormCodes } from '../src/db/public-form-repo.ts';
import { bootEnquiries } from './setup.ts';

let s: Awaited<ReturnType<typeof bootEnquiries>>;
const orgA = randomUUID();
const locA = randomUUID();
const orgB = randomUUID();
const locB = randomUUID();
let owner: string;
let code: string;
const form = (o: Record<string, unknown> = {}) => ({ name: 'Meera Iyer', phone: '9123456780', interest: 'class', consent: true, language: 'hi', ...o });

beforeAll(async () => {
  s = await bootEnquiries('enquiries_public');
  await s.org(orgA, [locA]);
  await s.org(orgB, [locB]);
  owner = await s.sign(orgA, 'owner', [locA]);
  const links = await s.call(owner, 'POST', '/enquiries/form-links');
  expect(links.status).toBe(200);
  code = (links.body.data as { locationId: string; code: string }[]).find((l) => l.locationId === locA)!.code;
});
afterAll(() => s?.close());

const leadsOf = async (token: string) =>
  (await s.call(token, 'GET', '/enquiries/leads?limit=200')).body.data as {
    id: string;
    consentText: string | null;
    marketingConsentText: string | null;
    ownerId: string | null;
    source: string;
    phone: string;
  }[];

describe('the public enquiry form', () => {
  it('keeps one code per location; staff only; shows the location and the consent text', async () => {
    const again = await s.call(owner, 'POST', '/enquiries/form-links');
    expect((again.body.data as { code: string }[])[0]!.code).toBe(code);
    const member = await s.sign(orgA, 'member', [locA]);
    expect((await s.call(member, 'POST', '/enquiries/form-links')).status).toBe(403);
    // A member gets their own location's form (for their referral link); staff may not call it.
    expect((await s.call(member, 'POST', '/enquiries/form-links/mine')).body.data).toEqual([{ locationId: locA, locationName: expect.any(String), code }]);
    expect((await s.call(owner, 'POST', '/enquiries/form-links/mine')).status).toBe(403);
    const shown = await s.call(null, 'GET', `/enquiries/public/${code}`);
    expect(shown.status).toBe(200);
    const place = (shown.body.data as { locationName: string }).locationName;
    expect(shown.body.data).toMatchObject({
      consentText: ENQUIRY_CONSENT_TEXT,
      marketingConsentText: { en: marketingConsentText('en', place), hi: marketingConsentText('hi', place) },
    });
    expect(marketingConsentText('en', place)).toBe(`Send me offers and news from ${place} on WhatsApp, SMS and email (reply STOP or unsubscribe any time)`);
    expect((await s.call(null, 'GET', '/enquiries/public/nosuchcode')).status).toBe(404);
  });

  it('announces a new form code once (enquiries.form_link_made, for members’ referral links); an older code unannounced goes out at the sweep', async () => {
    const announced = async (locationId: string) =>
      (await s.db.selectFrom('outbox').select('payload').where('key', '=', locationId).execute())
        .map((r) => r.payload as { type: string; orgId: string; data: { locationId: string; code: string } })
        .filter((p) => p.type === 'enquiries.form_link_made');
    expect(await announced(locA)).toEqual([expect.objectContaining({ orgId: orgA, data: { locationId: locA, code } })]);
    await s.call(owner, 'POST', '/enquiries/form-links'); // the same code: not again
    expect(await announced(locA)).toHaveLength(1);
    // A code made before codes were announced (or by an instance that stopped first): the start's sweep sends it once.
    await s.db.insertInto('form_codes').values({ location_id: locB, org_id: orgB, code: 'oldcode2345', created_at: new Date() }).execute();
    expect(await announceFormCodes(s.db, new Date())).toBe(1);
    expect(await announceFormCodes(s.db, new Date())).toBe(0);
    expect(await announced(locB)).toEqual([expect.objectContaining({ orgId: orgB, data: { locationId: locB, code: 'oldcode2345' } })]);
  });

  it('stores an enquiry without sign-in: source website, unassigned, the consent it showed recorded', async () => {
    const res = await s.call(null, 'POST', `/enquiries/public/${code}`, form(), '10.1.0.1');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const lead = (await leadsOf(owner)).find((l) => l.source === 'website');
    expect(lead).toMatchObject({ ownerId: null, consentText: ENQUIRY_CONSENT_TEXT.hi, marketingConsentText: null, marketingConsentAt: null });
    // The consent to be contacted about the enquiry is no marketing consent: the event carries none.
    const event = (await s.db.selectFrom('outbox').select('payload').where('key', '=', lead!.id).execute())
      .map((r) => r.payload as { type: string; data: Record<string, unknown> })
      .find((p) => p.type === 'enquiries.lead_captured')!;
    expect(event.data).toMatchObject({ viaPublicForm: true, consentText: ENQUIRY_CONSENT_TEXT.hi, marketingConsent: null });
    const ownerB = await s.sign(orgB, 'owner', [locB]);
    expect(await leadsOf(ownerB)).toEqual([]);
  });

  it('the ticked offers-and-news box records its text (in the language shown) and announces marketing consent by the person', async () => {
    const res = await s.call(null, 'POST', `/enquiries/public/${code}`, form({ phone: '9123400001', marketingConsent: true }), '10.1.0.9');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const place = ((await s.call(null, 'GET', `/enquiries/public/${code}`)).body.data as { locationName: string }).locationName;
    const lead = (await leadsOf(owner)).find((l) => l.phone === '9123400001')!;
    expect(lead).toMatchObject({ consentText: ENQUIRY_CONSENT_TEXT.hi, marketingConsentText: marketingConsentText('hi', place) });
    const event = (await s.db.selectFrom('outbox').select('payload').where('key', '=', lead.id).execute())
      .map((r) => r.payload as { type: string; data: Record<string, unknown> })
      .find((p) => p.type === 'enquiries.lead_captured')!;
    expect(event.data.marketingConsent).toEqual({ text: marketingConsentText('hi', place), at: expect.any(String), recordedBy: null });
    expect((await s.call(null, 'POST', `/enquiries/public/${code}`, form({ phone: '9123400002', marketingConsent: 'on' }), '10.1.0.9')).status).toBe(400);
  });

  it('a referral link’s ?ref= makes the lead a referral; a ref that is no code is ignored and the enquiry still taken', async () => {
    expect((await s.call(null, 'POST', `/enquiries/public/${code}`, form({ phone: '9444000001', ref: 'abcd2345' }), '10.4.0.1')).status).toBe(201);
    expect((await s.call(null, 'POST', `/enquiries/public/${code}`, form({ phone: '9444000002', ref: 'not a code!' }), '10.4.0.1')).status).toBe(201);
    const leads = (await s.call(owner, 'GET', '/enquiries/leads?limit=200')).body.data as { phone: string; source: string }[];
    expect(leads.find((l) => l.phone === '9444000001')?.source).toBe('referral');
    expect(leads.find((l) => l.phone === '9444000002')?.source).toBe('website');
  });

  it('refuses bad input naming the field, and an enquiry without consent', async () => {
    const bad = await s.call(null, 'POST', `/enquiries/public/${code}`, form({ phone: 'abc', consent: false }), '10.1.0.2');
    expect(bad.status).toBe(400);
    expect(bad.body.details?.map((d) => d.path)).toEqual(expect.arrayContaining(['phone', 'consent']));
  });

  it('a filled honeypot is answered 201 and stored nowhere', async () => {
    const before = (await leadsOf(owner)).length;
    const res = await s.call(null, 'POST', `/enquiries/public/${code}`, form({ phone: '9000000001', website: 'http://spam.example' }), '10.1.0.3');
    expect(res.status).toBe(201);
    expect((await leadsOf(owner)).length).toBe(before);
  });

  it('5 an hour per address, the 6th is a 429 (even when they arrive at once); another address is not affected', async () => {
    const ip = '10.2.0.9';
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) => s.call(null, 'POST', `/enquiries/public/${code}`, form({ phone: `93000000${String(10 + i)}` }), ip)),
    );
    expect(results.filter((r) => r.status === 201).length).toBe(5);
    expect(results.filter((r) => r.status === 429).map((r) => r.body.code)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
    expect((await s.call(null, 'POST', `/enquiries/public/${code}`, form({ phone: '9300000099' }), '10.2.0.10')).status).toBe(201);
    s.time.now += 3_600_001;
    expect((await s.call(null, 'POST', `/enquiries/public/${code}`, form({ phone: '9300000098' }), ip)).status).toBe(201);
  });

  it('a public enquiry from a known number joins its lead', async () => {
    const staffToken = await s.sign(orgA, 'admin', [locA]);
    const created = await s.call(staffToken, 'POST', '/enquiries/leads', {
      locationId: locA,
      name: 'Dev',
      phone: '9988776655',
      interest: 'membership',
      source: 'phone',
    });
    const id = (created.body.data as { lead: { id: string } }).lead.id;
    expect((await s.call(null, 'POST', `/enquiries/public/${code}`, form({ phone: '+91 99887 76655' }), '10.3.0.1')).status).toBe(201);
    const lead = await s.call(staffToken, 'GET', `/enquiries/leads/${id}`);
    expect(lead.body.data).toMatchObject({ enquiries: 2, consentText: ENQUIRY_CONSENT_TEXT.hi });
  });
});
