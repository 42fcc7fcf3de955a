import { STAFF_MARKETING_CONSENT_TEXT } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootEnquiries } from './setup.ts';

type Lead = {
  id: string;
  stage: string;
  ownerId: string | null;
  enquiries: number;
  locationId: string;
  lostReason: string | null;
  timeline: { type: string; stage: string | null }[];
  followUps: { id: string; doneAt: string | null; outcome: string | null; assigneeId: string | null }[];
};

let s: Awaited<ReturnType<typeof bootEnquiries>>;
const orgA = randomUUID();
const orgB = randomUUID();
const locA1 = randomUUID();
const locA2 = randomUUID();
const locB = randomUUID();
const ownerA = randomUUID();
const adminA2 = randomUUID();
const trainerA = randomUUID();
const trainerA2 = randomUUID();
const ownerB = randomUUID();
const tokens: Record<string, string> = {};
let phoneSeq = 0;
const phone = () => `98${String(76_500_000 + ++phoneSeq).padStart(8, '0')}`;
const body = (o: Record<string, unknown> = {}) => ({ locationId: locA1, name: 'Kiran Shah', phone: phone(), interest: 'membership', source: 'walk_in', ...o });

beforeAll(async () => {
  s = await bootEnquiries('enquiries_leads');
  await s.org(orgA, [locA1, locA2]);
  await s.org(orgB, [locB]);
  tokens.owner = await s.sign(orgA, 'owner', [locA1, locA2], ownerA);
  tokens.admin2 = await s.sign(orgA, 'admin', [locA2], adminA2);
  tokens.trainer = await s.sign(orgA, 'trainer', [locA1], trainerA);
  tokens.trainer2 = await s.sign(orgA, 'trainer', [locA1], trainerA2);
  tokens.member = await s.sign(orgA, 'member', [locA1], randomUUID());
  tokens.ownerB = await s.sign(orgB, 'owner', [locB], ownerB);
  // The staff names auth announced (the consumer's table): whom leads may be given to.
  await s.db
    .insertInto('staff')
    .values([
      { id: ownerA, org_id: orgA, first_name: 'Vikram', last_name: 'Singh' },
      { id: adminA2, org_id: orgA, first_name: 'Meera', last_name: 'Iyer' },
      { id: trainerA, org_id: orgA, first_name: 'Arjun', last_name: 'Nair' },
      { id: trainerA2, org_id: orgA, first_name: 'Kabir', last_name: 'Das' },
      { id: ownerB, org_id: orgB, first_name: 'Other', last_name: 'Owner' },
    ])
    .execute();
});
afterAll(() => s?.close());

const create = async (token: string, o: Record<string, unknown> = {}) => {
  const res = await s.call(token, 'POST', '/enquiries/leads', body(o));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { lead: Lead | null; duplicate: boolean };
};

describe('POST /enquiries/leads', () => {
  it('captures a walk-in: stage new, owned by who captured it, a timeline entry', async () => {
    const { lead, duplicate } = await create(tokens.owner!);
    expect(duplicate).toBe(false);
    expect(lead).toMatchObject({ stage: 'new', ownerId: ownerA, enquiries: 1, locationId: locA1 });
    expect(lead!.timeline.map((t) => t.type)).toEqual(['captured']);
  });

  it('"the person agreed to offers and news": recorded with the lead and announced as marketing consent by the staff member; unticked: none', async () => {
    const agreed = (await create(tokens.owner!, { marketingConsent: true })).lead as Lead & { marketingConsentText: string | null; marketingConsentAt: string };
    expect(agreed).toMatchObject({ marketingConsentText: STAFF_MARKETING_CONSENT_TEXT, consentText: null });
    const plain = (await create(tokens.owner!, { marketingConsent: false })).lead as Lead & { marketingConsentText: string | null };
    expect(plain.marketingConsentText).toBeNull();
    const captured = async (id: string) =>
      (await s.db.selectFrom('outbox').select('payload').where('key', '=', id).execute())
        .map((r) => r.payload as { type: string; data: Record<string, unknown> })
        .find((p) => p.type === 'enquiries.lead_captured')!.data;
    expect((await captured(agreed.id)).marketingConsent).toEqual({ text: STAFF_MARKETING_CONSENT_TEXT, at: agreed.marketingConsentAt, recordedBy: ownerA });
    expect((await captured(plain.id)).marketingConsent).toBeNull();
    expect((await s.call(tokens.owner!, 'POST', '/enquiries/leads', body({ marketingConsent: 'yes' }))).status).toBe(400);
  });

  it('a second enquiry with the same number (written differently) joins the first lead', async () => {
    const p = phone();
    const first = await create(tokens.owner!, { phone: p });
    const again = await create(tokens.owner!, { phone: `+91 ${p.slice(0, 5)} ${p.slice(5)}`, source: 'phone', locationId: locA2 });
    expect(again.duplicate).toBe(true);
    expect(again.lead!.id).toBe(first.lead!.id);
    expect(again.lead!.enquiries).toBe(2);
    expect(again.lead!.timeline.map((t) => t.type)).toEqual(['enquired_again', 'captured']);
  });

  it('two enquiries at once with one number are one lead', async () => {
    const p = phone();
    const results = await Promise.all([create(tokens.owner!, { phone: p }), create(tokens.owner!, { phone: p, name: 'Kiran S' })]);
    expect(new Set(results.map((r) => r.lead!.id)).size).toBe(1);
    expect(results.map((r) => r.duplicate).sort()).toEqual([false, true]);
    const list = await s.call(tokens.owner!, 'GET', `/enquiries/leads?search=${p}`);
    expect(list.body.totalCount).toBe(1);
  });

  it('the same number in another organization is another lead', async () => {
    const p = phone();
    const a = await create(tokens.owner!, { phone: p });
    const b = await create(tokens.ownerB!, { phone: p, locationId: locB });
    expect(b.duplicate).toBe(false);
    expect(b.lead!.id).not.toBe(a.lead!.id);
  });

  it('bad input is a 400 naming the field', async () => {
    for (const [field, value] of [
      ['phone', '12345'],
      ['source', 'billboard'],
      ['interest', 'yoga'],
      ['name', ''],
      ['email', 'not-an-email'],
    ] as const) {
      const res = await s.call(tokens.owner!, 'POST', '/enquiries/leads', body({ [field]: value }));
      expect(res.status, field).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.details?.map((d) => d.path)).toContain(field);
    }
  });

  it('members get 403; a location of another organization is 404; one not theirs 403', async () => {
    expect((await s.call(tokens.member!, 'POST', '/enquiries/leads', body())).status).toBe(403);
    expect((await s.call(tokens.owner!, 'POST', '/enquiries/leads', body({ locationId: locB }))).status).toBe(404);
    expect((await s.call(tokens.admin2!, 'POST', '/enquiries/leads', body({ locationId: locA1 }))).status).toBe(403);
  });

  it("a trainer's lead is their own; naming another owner is refused", async () => {
    const { lead } = await create(tokens.trainer!);
    expect(lead!.ownerId).toBe(trainerA);
    expect((await s.call(tokens.trainer!, 'POST', '/enquiries/leads', body({ ownerId: ownerA }))).status).toBe(403);
  });

  it("a trainer whose enquiry joins someone else's lead learns only that it did", async () => {
    const p = phone();
    await create(tokens.owner!, { phone: p });
    const again = await create(tokens.trainer!, { phone: p });
    expect(again).toEqual({ lead: null, duplicate: true });
  });
});

describe('GET /enquiries/leads and /enquiries/leads/:id', () => {
  it('owner and admin see their locations; a trainer only leads assigned to them; members 403', async () => {
    const inA2 = (await create(tokens.owner!, { locationId: locA2 })).lead!;
    const inA1 = (await create(tokens.owner!, { locationId: locA1 })).lead!;
    const trainers = (await create(tokens.trainer!)).lead!;

    const admin = await s.call(tokens.admin2!, 'GET', '/enquiries/leads?limit=200');
    const adminIds = (admin.body.data as Lead[]).map((l) => l.id);
    expect(adminIds).toContain(inA2.id);
    expect(adminIds).not.toContain(inA1.id);
    expect((await s.call(tokens.admin2!, 'GET', `/enquiries/leads/${inA1.id}`)).status).toBe(404);

    const trainer = await s.call(tokens.trainer!, 'GET', '/enquiries/leads?limit=200');
    expect((trainer.body.data as Lead[]).every((l) => l.ownerId === trainerA)).toBe(true);
    expect((trainer.body.data as Lead[]).map((l) => l.id)).toContain(trainers.id);
    expect((await s.call(tokens.trainer!, 'GET', `/enquiries/leads/${inA1.id}`)).status).toBe(404);
    expect((await s.call(tokens.trainer2!, 'GET', `/enquiries/leads/${trainers.id}`)).status).toBe(404);
    expect((await s.call(tokens.trainer!, 'GET', `/enquiries/leads/${trainers.id}`)).status).toBe(200);

    expect((await s.call(tokens.member!, 'GET', '/enquiries/leads')).status).toBe(403);
    expect((await s.call(tokens.member!, 'GET', `/enquiries/leads/${inA1.id}`)).status).toBe(403);
  });

  it("gym B's lead id is 404 for gym A, on every id route", async () => {
    const b = (await create(tokens.ownerB!, { locationId: locB })).lead!;
    const base = `/enquiries/leads/${b.id}`;
    const attempts: [string, string, unknown?][] = [
      ['GET', base],
      ['PATCH', base, { name: 'X' }],
      ['POST', `${base}/stage`, { stage: 'contacted' }],
      ['POST', `${base}/lose`, { reason: 'price' }],
      ['POST', `${base}/reopen`],
      ['POST', `${base}/owner`, { ownerId: ownerA }],
      ['POST', `${base}/notes`, { text: 'hi' }],
      ['POST', `${base}/follow-ups`, { kind: 'call', dueAt: '2030-03-11T10:00:00.000Z' }],
      ['POST', `${base}/follow-ups/${randomUUID()}/done`, { outcome: 'done' }],
      ['POST', `${base}/trial-pass`, { days: 3 }],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await s.call(tokens.owner!, method as 'GET', url, payload);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
  });

  it('filters by stage, source, owner and search, with pagination', async () => {
    const p = phone();
    const mine = (await create(tokens.owner!, { phone: p, name: 'Zubin Mehta', source: 'instagram' })).lead!;
    const bySearch = await s.call(tokens.owner!, 'GET', '/enquiries/leads?search=zubin');
    expect((bySearch.body.data as Lead[]).map((l) => l.id)).toEqual([mine.id]);
    const bySource = await s.call(tokens.owner!, 'GET', '/enquiries/leads?source=instagram');
    expect((bySource.body.data as Lead[]).map((l) => l.id)).toContain(mine.id);
    const byOwner = await s.call(tokens.owner!, 'GET', `/enquiries/leads?ownerId=${trainerA}&limit=200`);
    expect((byOwner.body.data as Lead[]).every((l) => l.ownerId === trainerA)).toBe(true);
    const page = await s.call(tokens.owner!, 'GET', '/enquiries/leads?limit=2&page=1');
    expect((page.body.data as Lead[]).length).toBe(2);
    expect(page.body.pagination).toMatchObject({ page: 1, limit: 2 });
    expect((await s.call(tokens.owner!, 'GET', '/enquiries/leads?stage=sold')).status).toBe(400);
    expect((await s.call(tokens.owner!, 'GET', '/enquiries/leads/not-a-uuid')).status).toBe(400);
  });
});

describe('the pipeline, owner, notes and follow-ups', () => {
  it('moves, loses with a reason, reopens, and refuses what the rules refuse', async () => {
    const { lead } = await create(tokens.owner!);
    const url = `/enquiries/leads/${lead!.id}`;
    const moved = await s.call(tokens.owner!, 'POST', `${url}/stage`, { stage: 'contacted' });
    expect(moved.status).toBe(200);
    expect((moved.body.data as Lead).stage).toBe('contacted');
    expect((await s.call(tokens.owner!, 'POST', `${url}/stage`, { stage: 'contacted' })).status).toBe(409);
    const badStage = await s.call(tokens.owner!, 'POST', `${url}/stage`, { stage: 'lost' });
    expect(badStage.status).toBe(400);
    expect(badStage.body.details?.map((d) => d.path)).toContain('stage');
    const lost = await s.call(tokens.owner!, 'POST', `${url}/lose`, { reason: 'price', note: 'Too costly' });
    expect((lost.body.data as Lead).stage).toBe('lost');
    expect((lost.body.data as Lead).lostReason).toBe('price');
    expect((await s.call(tokens.owner!, 'POST', `${url}/stage`, { stage: 'trial_booked' })).status).toBe(409);
    const reopened = await s.call(tokens.owner!, 'POST', `${url}/reopen`);
    expect((reopened.body.data as Lead).stage).toBe('contacted');
    expect((reopened.body.data as Lead).timeline.map((t) => t.type)).toEqual(['reopened', 'lost', 'stage_changed', 'captured']);
    expect((await s.call(tokens.owner!, 'POST', `${url}/reopen`)).status).toBe(409);
    expect((await s.call(tokens.owner!, 'POST', `${url}/lose`, { reason: 'cheaper' })).status).toBe(400);
  });

  it('edits details; a number another lead has is a 409', async () => {
    const a = (await create(tokens.owner!)).lead!;
    const pB = phone();
    await create(tokens.owner!, { phone: pB });
    const edited = await s.call(tokens.owner!, 'PATCH', `/enquiries/leads/${a.id}`, { name: 'Kiran R Shah', preferredTime: 'Evenings' });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Kiran R Shah', preferredTime: 'Evenings' });
    expect((await s.call(tokens.owner!, 'PATCH', `/enquiries/leads/${a.id}`, { phone: pB })).status).toBe(409);
    expect((await s.call(tokens.owner!, 'PATCH', `/enquiries/leads/${a.id}`, {})).status).toBe(400);
  });

  it('owners assign; a trainer cannot (403) and then sees the lead given to them', async () => {
    const a = (await create(tokens.owner!)).lead!;
    expect((await s.call(tokens.trainer!, 'POST', `/enquiries/leads/${a.id}/owner`, { ownerId: trainerA })).status).toBe(403);
    expect((await s.call(tokens.trainer!, 'GET', `/enquiries/leads/${a.id}`)).status).toBe(404);
    const assigned = await s.call(tokens.owner!, 'POST', `/enquiries/leads/${a.id}/owner`, { ownerId: trainerA });
    expect((assigned.body.data as Lead).ownerId).toBe(trainerA);
    expect((await s.call(tokens.trainer!, 'GET', `/enquiries/leads/${a.id}`)).status).toBe(200);
    expect((await s.call(tokens.owner!, 'POST', `/enquiries/leads/${a.id}/owner`, { ownerId: 'me' })).status).toBe(400);
  });

  it('a lead goes only to staff of the organization: gym B’s owner or an unknown id is 404 and changes nothing; the staff list is the organization’s, by name', async () => {
    const a = (await create(tokens.owner!)).lead!;
    for (const ownerId of [ownerB, randomUUID()]) {
      const res = await s.call(tokens.owner!, 'POST', `/enquiries/leads/${a.id}/owner`, { ownerId });
      expect(res.status, ownerId).toBe(404);
      expect(res.body.message).toBe('Staff member not found');
      expect((await s.call(tokens.owner!, 'POST', '/enquiries/leads', body({ ownerId }))).status).toBe(404);
    }
    expect(((await s.call(tokens.owner!, 'GET', `/enquiries/leads/${a.id}`)).body.data as Lead).ownerId).toBe(ownerA);
    const given = await s.call(tokens.owner!, 'POST', `/enquiries/leads/${a.id}/owner`, { ownerId: trainerA2 });
    expect(given.body.data).toMatchObject({ ownerId: trainerA2, ownerName: 'Kabir Das' });

    const staff = await s.call(tokens.owner!, 'GET', '/enquiries/staff');
    expect(staff.body.data).toEqual([
      { id: trainerA, name: 'Arjun Nair' },
      { id: trainerA2, name: 'Kabir Das' },
      { id: adminA2, name: 'Meera Iyer' },
      { id: ownerA, name: 'Vikram Singh' },
    ]);
    expect((await s.call(tokens.admin2!, 'GET', '/enquiries/staff')).status).toBe(200);
    expect((await s.call(tokens.ownerB!, 'GET', '/enquiries/staff')).body.data).toEqual([{ id: ownerB, name: 'Other Owner' }]);
    for (const who of ['trainer', 'member'] as const) expect((await s.call(tokens[who]!, 'GET', '/enquiries/staff')).status).toBe(403);
  });

  it("adds notes and follow-ups; today's follow-ups are the caller's, overdue first; done with an outcome", async () => {
    const a = (await create(tokens.trainer!)).lead!;
    const url = `/enquiries/leads/${a.id}`;
    expect((await s.call(tokens.trainer!, 'POST', `${url}/notes`, { text: 'Wants mornings' })).status).toBe(200);
    expect((await s.call(tokens.trainer!, 'POST', `${url}/notes`, { text: '' })).status).toBe(400);
    const now = s.clock().getTime();
    const overdue = await s.call(tokens.trainer!, 'POST', `${url}/follow-ups`, { kind: 'call', dueAt: new Date(now - 3_600_000).toISOString() });
    expect(overdue.status).toBe(200);
    await s.call(tokens.trainer!, 'POST', `${url}/follow-ups`, { kind: 'whatsapp', dueAt: new Date(now + 3_600_000).toISOString(), note: 'Send fees' });
    await s.call(tokens.trainer!, 'POST', `${url}/follow-ups`, { kind: 'visit', dueAt: new Date(now + 3 * 86_400_000).toISOString() });
    const bad = await s.call(tokens.trainer!, 'POST', `${url}/follow-ups`, { kind: 'email', dueAt: 'tomorrow' });
    expect(bad.status).toBe(400);
    expect(bad.body.details?.map((d) => d.path)).toEqual(expect.arrayContaining(['kind', 'dueAt']));

    const today = await s.call(tokens.trainer!, 'GET', '/enquiries/follow-ups/today');
    const items = today.body.data as { leadId: string; kind: string; overdue: boolean; id: string }[];
    expect(items.map((f) => [f.kind, f.overdue])).toEqual([
      ['call', true],
      ['whatsapp', false],
    ]);
    expect((await s.call(tokens.trainer2!, 'GET', '/enquiries/follow-ups/today')).body.data).toEqual([]);
    expect((await s.call(tokens.member!, 'GET', '/enquiries/follow-ups/today')).status).toBe(403);

    const done = await s.call(tokens.trainer!, 'POST', `${url}/follow-ups/${items[0]!.id}/done`, { outcome: 'Coming Thursday' });
    expect(done.status).toBe(200);
    expect((done.body.data as Lead).followUps.find((f) => f.id === items[0]!.id)).toMatchObject({ outcome: 'Coming Thursday' });
    expect((await s.call(tokens.trainer!, 'POST', `${url}/follow-ups/${items[0]!.id}/done`, { outcome: 'again' })).status).toBe(409);
    expect((await s.call(tokens.trainer!, 'POST', `${url}/follow-ups/${randomUUID()}/done`, { outcome: 'x' })).status).toBe(404);
    const after = await s.call(tokens.trainer!, 'GET', '/enquiries/follow-ups/today');
    expect((after.body.data as unknown[]).length).toBe(1);
  });

  it('announces enquiries.lead_changed for every change (the hub pings screens with it), with the lead’s location and owner, and an id of its own', async () => {
    const a = (await create(tokens.owner!)).lead!;
    const url = `/enquiries/leads/${a.id}`;
    await s.call(tokens.owner!, 'POST', `${url}/owner`, { ownerId: trainerA });
    await s.call(tokens.trainer!, 'POST', `${url}/notes`, { text: 'Wants evenings' });
    const fu = await s.call(tokens.trainer!, 'POST', `${url}/follow-ups`, { kind: 'call', dueAt: new Date(s.clock().getTime() + 3_600_000).toISOString() });
    const followUpId = (fu.body.data as Lead).followUps[0]!.id;
    await s.call(tokens.trainer!, 'POST', `${url}/follow-ups/${followUpId}/done`, { outcome: 'Called back' });
    await s.call(tokens.trainer!, 'POST', `${url}/stage`, { stage: 'contacted' });
    const outbox = (await s.db.selectFrom('outbox').select('payload').where('key', '=', a.id).orderBy('id').execute()).map(
      (r) => r.payload as { type: string; eventId: string; data: Record<string, unknown> },
    );
    const changed = outbox.filter((p) => p.type === 'enquiries.lead_changed');
    expect(changed.map((p) => p.data.change)).toEqual(['captured', 'assigned', 'note_added', 'follow_up_added', 'follow_up_completed', 'stage_changed']);
    expect(changed[0]!.data).toEqual({ leadId: a.id, locationId: locA1, ownerId: ownerA, change: 'captured' });
    expect(changed.slice(1).every((p) => p.data.ownerId === trainerA && p.data.locationId === locA1)).toBe(true);
    expect(changed[1]!.data).toMatchObject({ change: 'assigned', ownerId: trainerA, previousOwnerId: ownerA });
    expect(changed.filter((p) => 'previousOwnerId' in p.data)).toHaveLength(1);
    // The follow-up's facts ride on its two changes (a consumer can tell when it is overdue), on no other.
    expect(changed[3]!.data.followUp).toEqual({
      id: followUpId,
      done: false,
      kind: 'call',
      dueAt: new Date(s.clock().getTime() + 3_600_000).toISOString(),
      assigneeId: trainerA,
    });
    expect(changed[4]!.data.followUp).toEqual({ id: followUpId, done: true });
    expect(changed.filter((p) => 'followUp' in p.data)).toHaveLength(2);
    expect(new Set(outbox.map((p) => p.eventId)).size).toBe(outbox.length);
  });
});

describe('POST /enquiries/leads/:id/trial-pass', () => {
  type WithPasses = Lead & { trialPasses: { code: string; days: number; validFrom: string; validUntil: string; lastDay: string; visits: number }[] };

  it('issues a pass until midnight at the location after the last day, books the trial and tells attendance; a second is refused while it is valid', async () => {
    const { lead } = await create(tokens.owner!);
    const url = `/enquiries/leads/${lead!.id}/trial-pass`;
    const res = await s.call(tokens.owner!, 'POST', url, { days: 3 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const l = res.body.data as WithPasses;
    expect(l.stage).toBe('trial_booked');
    expect(l.trialPasses).toHaveLength(1);
    // Issued Monday 10:00 in Kolkata: valid from then until Thursday 00:00 there.
    expect(l.trialPasses[0]).toMatchObject({
      days: 3,
      validFrom: '2030-03-11T04:30:00.000Z',
      validUntil: '2030-03-13T18:30:00.000Z',
      lastDay: '2030-03-13',
      visits: 0,
    });
    expect(l.trialPasses[0]!.code).toMatch(/^TP-[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(l.timeline.map((t) => t.type).slice(0, 2)).toEqual(['stage_changed', 'trial_pass_issued']);
    const outbox = await s.db.selectFrom('outbox').select('payload').where('key', '=', lead!.id).execute();
    const issued = outbox
      .map((r) => r.payload as { type: string; data: { code: string; validUntil: string } })
      .find((p) => p.type === 'enquiries.trial_pass_issued');
    expect(issued?.data).toMatchObject({ code: l.trialPasses[0]!.code, validUntil: '2030-03-13T18:30:00.000Z' });

    const again = await s.call(tokens.owner!, 'POST', url, { days: 1 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This lead has a trial pass valid until 13 Mar 2030.');
  });

  it('bad days are a 400 naming the field; a lost lead is refused (409)', async () => {
    const { lead } = await create(tokens.owner!);
    const url = `/enquiries/leads/${lead!.id}/trial-pass`;
    for (const days of [0, 8, 2.5, '3', null]) {
      const res = await s.call(tokens.owner!, 'POST', url, { days });
      expect(res.status, String(days)).toBe(400);
      expect(res.body.details?.map((d) => d.path)).toContain('days');
    }
    await s.call(tokens.owner!, 'POST', `/enquiries/leads/${lead!.id}/lose`, { reason: 'price' });
    expect((await s.call(tokens.owner!, 'POST', url, { days: 2 })).status).toBe(409);
  });

  it('members get 403; a trainer may for a lead assigned to them and gets 404 for any other; gym B’s owner 404', async () => {
    const { lead } = await create(tokens.owner!);
    const mine = (await create(tokens.trainer!)).lead!;
    expect((await s.call(tokens.member!, 'POST', `/enquiries/leads/${lead!.id}/trial-pass`, { days: 2 })).status).toBe(403);
    expect((await s.call(tokens.trainer!, 'POST', `/enquiries/leads/${lead!.id}/trial-pass`, { days: 2 })).status).toBe(404);
    expect((await s.call(tokens.ownerB!, 'POST', `/enquiries/leads/${lead!.id}/trial-pass`, { days: 2 })).status).toBe(404);
    expect((await s.call(tokens.admin2!, 'POST', `/enquiries/leads/${lead!.id}/trial-pass`, { days: 2 })).status).toBe(404);
    expect((await s.call(tokens.trainer!, 'POST', `/enquiries/leads/${mine.id}/trial-pass`, { days: 2 })).status).toBe(200);
    const untouched = await s.call(tokens.owner!, 'GET', `/enquiries/leads/${lead!.id}`);
    expect((untouched.body.data as WithPasses).trialPasses).toEqual([]);
  });
});

describe('GET /enquiries/reports/funnel (issue 27)', () => {
  const orgC = randomUUID();
  const orgD = randomUUID();
  const locC1 = randomUUID();
  const locC2 = randomUUID();
  const locD = randomUUID();
  const ownerC = randomUUID();
  const t: Record<string, string> = {};
  let startedAt = 0;
  /** Runs a step with the service's clock at this instant. */
  const at = (iso: string) => {
    s.time.now = new Date(iso).getTime();
  };
  const lead = async (token: string, when: string, o: Record<string, unknown>) => {
    at(when);
    return (await create(token, { locationId: locC1, ...o })).lead!.id;
  };
  const step = async (token: string, when: string, url: string, payload: unknown) => {
    at(when);
    const res = await s.call(token, 'POST', url, payload);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const report = (token: string, query: string) => s.call(token, 'GET', `/enquiries/reports/funnel?${query}`);
  const RANGE = 'from=2030-01-01&to=2030-02-28';

  beforeAll(async () => {
    startedAt = s.time.now;
    await s.org(orgC, [locC1, locC2]);
    await s.org(orgD, [locD]);
    t.owner = await s.sign(orgC, 'owner', [locC1, locC2], ownerC);
    t.admin2 = await s.sign(orgC, 'admin', [locC2], randomUUID());
    t.trainer = await s.sign(orgC, 'trainer', [locC1], randomUUID());
    t.member = await s.sign(orgC, 'member', [locC1], randomUUID());
    t.ownerD = await s.sign(orgD, 'owner', [locD], randomUUID());
    const o = t.owner;
    // Walk-ins: one with a trial pass joined after 10 days, one booked for a trial joined after 4, one lost at the second location.
    const l1 = await lead(o, '2030-01-05T04:30:00.000Z', { source: 'walk_in' });
    await step(o, '2030-01-06T04:30:00.000Z', `/enquiries/leads/${l1}/trial-pass`, { days: 3 });
    await step(o, '2030-01-15T04:30:00.000Z', `/enquiries/leads/${l1}/stage`, { stage: 'joined' });
    const l2 = await lead(o, '2030-01-10T04:30:00.000Z', { source: 'walk_in' });
    await step(o, '2030-01-11T04:30:00.000Z', `/enquiries/leads/${l2}/stage`, { stage: 'trial_booked' });
    await step(o, '2030-01-14T04:30:00.000Z', `/enquiries/leads/${l2}/stage`, { stage: 'joined' });
    const l5 = await lead(o, '2030-02-20T04:30:00.000Z', { source: 'walk_in', locationId: locC2 });
    await step(o, '2030-02-21T04:30:00.000Z', `/enquiries/leads/${l5}/lose`, { reason: 'price' });
    // Instagram: one joined after 2 days without a trial, one lost on price.
    const l3 = await lead(o, '2030-02-03T04:30:00.000Z', { source: 'instagram' });
    await step(o, '2030-02-05T04:30:00.000Z', `/enquiries/leads/${l3}/stage`, { stage: 'joined' });
    const l4 = await lead(o, '2030-02-10T04:30:00.000Z', { source: 'instagram' });
    await step(o, '2030-02-11T04:30:00.000Z', `/enquiries/leads/${l4}/lose`, { reason: 'price' });
    // Unassigned phone call; a Google enquiry at 00:30 on 1 January in Kolkata (still 31 December in UTC).
    await lead(o, '2030-02-25T04:30:00.000Z', { source: 'phone', ownerId: null });
    await lead(o, '2029-12-31T19:00:00.000Z', { source: 'google' });
    // Outside the range: 00:10 on 1 March in Kolkata.
    await lead(o, '2030-02-28T18:40:00.000Z', { source: 'walk_in' });
    // Another organization's joined lead in the same days.
    const d = await lead(t.ownerD, '2030-01-05T04:30:00.000Z', { source: 'walk_in', locationId: locD });
    await step(t.ownerD, '2030-01-06T04:30:00.000Z', `/enquiries/leads/${d}/stage`, { stage: 'joined' });
  });
  afterAll(() => {
    s.time.now = startedAt;
  });

  it('by source: enquiries, trials, joined, conversion to one decimal and the median days to join; totals and lost reasons', async () => {
    const res = await report(t.owner!, `${RANGE}&by=source`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      by: 'source',
      from: '2030-01-01',
      to: '2030-02-28',
      rows: [
        { key: 'walk_in', label: 'Walk-in', enquiries: 3, trials: 2, joined: 2, conversionPct: 66.7, medianDaysToJoin: 7 },
        { key: 'instagram', label: 'Instagram', enquiries: 2, trials: 0, joined: 1, conversionPct: 50, medianDaysToJoin: 2 },
        { key: 'google', label: 'Google', enquiries: 1, trials: 0, joined: 0, conversionPct: 0, medianDaysToJoin: null },
        { key: 'phone', label: 'Phone', enquiries: 1, trials: 0, joined: 0, conversionPct: 0, medianDaysToJoin: null },
      ],
      totals: { enquiries: 7, trials: 2, joined: 3, conversionPct: 42.9, medianDaysToJoin: 4 },
      lostReasons: [{ reason: 'price', count: 2 }],
    });
  });

  it('by month lists every month of the range; by owner keys unassigned leads as none', async () => {
    const months = await report(t.owner!, `${RANGE}&by=month`);
    expect((months.body.data as { rows: unknown[] }).rows).toEqual([
      { key: '2030-01', label: 'Jan 2030', enquiries: 3, trials: 2, joined: 2, conversionPct: 66.7, medianDaysToJoin: 7 },
      { key: '2030-02', label: 'Feb 2030', enquiries: 4, trials: 0, joined: 1, conversionPct: 25, medianDaysToJoin: 2 },
    ]);
    const owners = await report(t.owner!, `${RANGE}&by=owner`);
    expect((owners.body.data as { rows: { key: string; enquiries: number }[] }).rows.map((r) => [r.key, r.enquiries])).toEqual([
      [ownerC, 6],
      ['none', 1],
    ]);
  });

  it("an admin's report counts only their locations; a location not theirs is 403, another organization's 404", async () => {
    const mine = await report(t.admin2!, RANGE);
    expect(mine.status).toBe(200);
    expect((mine.body.data as { totals: { enquiries: number } }).totals.enquiries).toBe(1);
    expect((await report(t.admin2!, `${RANGE}&locationId=${locC1}`)).status).toBe(403);
    expect((await report(t.owner!, `${RANGE}&locationId=${locD}`)).status).toBe(404);
    const one = await report(t.owner!, `${RANGE}&locationId=${locC1}`);
    expect((one.body.data as { totals: { enquiries: number } }).totals.enquiries).toBe(6);
  });

  it("another organization's leads are never counted", async () => {
    const d = await report(t.ownerD!, RANGE);
    expect((d.body.data as { totals: unknown }).totals).toEqual({ enquiries: 1, trials: 0, joined: 1, conversionPct: 100, medianDaysToJoin: 1 });
  });

  it('trainers and members get 403', async () => {
    for (const who of ['trainer', 'member']) {
      expect((await report(t[who]!, RANGE)).status, who).toBe(403);
      expect((await s.call(t[who]!, 'GET', `/enquiries/reports/funnel/export?${RANGE}`)).status, who).toBe(403);
    }
  });

  it('bad dates, a reversed or too long range and an unknown grouping are 400s naming the field', async () => {
    for (const [query, field] of [
      ['from=2030-02-30&to=2030-03-01', 'from'],
      ['from=2030-03-01&to=2030-02-01', 'to'],
      ['from=2027-01-01&to=2030-01-01', 'to'],
      ['to=2030-03-01', 'from'],
      [`${RANGE}&by=city`, 'by'],
    ] as const) {
      const res = await report(t.owner!, query);
      expect(res.status, query).toBe(400);
      expect(
        res.body.details?.map((d) => d.path),
        query,
      ).toContain(field);
    }
  });

  it('the CSV export has a line per group and a Total line', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: `/enquiries/reports/funnel/export?${RANGE}&by=source`,
      headers: { authorization: `Bearer ${t.owner}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="enquiry-funnel-source-2030-01-01-2030-02-28.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Source,Key,Enquiries,Trials,Joined,Conversion %,Median days to join',
      'Walk-in,walk_in,3,2,2,66.7,7',
      'Instagram,instagram,2,0,1,50,2',
      'Google,google,1,0,0,0,',
      'Phone,phone,1,0,0,0,',
      'Total,total,7,2,3,42.9,4',
    ]);
  });
});
