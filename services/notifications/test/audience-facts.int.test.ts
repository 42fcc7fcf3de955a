// The facts campaigns read, kept from other services' events (0015): a member's plan, date of birth, gender, joining
// day and last visit; enquiries' leads and the offers-and-news consent given with an enquiry; the gym's name. The consumers' handlers run as
// the inbox runs them (one transaction per event), against the real PostgreSQL.
import { AttendanceEvents, AuthEvents, DataRightsEvents, EnquiriesEvents, MemberEvents } from '@akhada/contracts';
import { makeEnvelope, newId } from '@akhada/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erasePerson } from '../src/db/person-erasure-repo.ts';
import { bootAudience } from './audience-setup.ts';

let t: Awaited<ReturnType<typeof bootAudience>>;
const orgId = newId();
const L1 = newId();
const meta = (at: string, aggregateId: string) => ({ orgId, correlationId: newId(), causationId: 'test', aggregateId, occurredAt: at });

beforeAll(async () => {
  t = await bootAudience('notif_aud_facts');
  await t.org(orgId, [L1]);
});
afterAll(() => t?.close());

const member = (id: string) => t.db.selectFrom('member_copies').selectAll().where('member_id', '=', id).executeTakeFirstOrThrow();
const registered = (memberId: string, extra: Record<string, unknown> = {}) =>
  makeEnvelope(MemberEvents.MemberRegistered, {
    ...meta('2030-03-01T05:00:00.000Z', memberId),
    data: {
      memberId,
      locationId: L1,
      firstName: 'Asha',
      lastName: 'Verma',
      email: 'asha@example.in',
      phone: '+91 98765 43210',
      membershipType: 'premium',
      paymentFrequency: 'monthly',
      feePaise: 150000,
      startDate: '2030-03-01',
      endDate: '2030-03-31',
      ...extra,
    },
  });

describe('member facts', () => {
  it('registration gives plan, date of birth, gender and the joining day; a profile change moves them; a renewal the plan only', async () => {
    const id = newId();
    await t.feed(registered(id, { dateOfBirth: '1994-07-15', gender: 'female' }));
    expect(await member(id)).toMatchObject({ plan_id: 'premium', plan_name: 'Premium', gender: 'female', joined_on: '2030-03-01' });
    expect((await member(id)).date_of_birth).toBe('1994-07-15');

    await t.feed(
      makeEnvelope(MemberEvents.MemberProfileChanged, {
        ...meta('2030-03-02T05:00:00.000Z', id),
        data: { memberId: id, firstName: 'Asha', lastName: 'Verma', email: 'a@example.in', phone: '9876543210', dateOfBirth: null, gender: 'other' },
      }),
    );
    expect(await member(id)).toMatchObject({ date_of_birth: null, gender: 'other', email: 'a@example.in' });

    await t.feed(
      makeEnvelope(MemberEvents.MembershipRenewed, {
        ...meta('2030-04-01T05:00:00.000Z', id),
        data: {
          memberId: id,
          locationId: L1,
          renewedAt: '2030-04-01T05:00:00.000Z',
          term: {
            termNo: 2,
            membershipType: 'vip',
            paymentFrequency: 'monthly',
            feePaise: 200000,
            paymentMethod: null,
            startDate: '2030-04-01',
            endDate: '2030-04-30',
          },
        },
      }),
    );
    expect(await member(id)).toMatchObject({ plan_id: 'vip', plan_name: 'VIP', joined_on: '2030-03-01', end_date: '2030-04-30' });
  });

  it('an older registration event (no date of birth or gender) keeps them unknown', async () => {
    const id = newId();
    await t.feed(registered(id));
    expect(await member(id)).toMatchObject({ date_of_birth: null, gender: null, plan_id: 'premium' });
  });

  it('a member who signed up with the code joins on their first term; the last visit only moves forward; a trainer check-in is no visit', async () => {
    const id = newId();
    await t.feed(
      makeEnvelope(MemberEvents.MemberSignedUp, {
        ...meta('2030-03-01T05:00:00.000Z', id),
        data: { memberId: id, locationId: L1, firstName: 'Ravi', lastName: 'K', email: 'r@example.in', phone: '9876500000' },
      }),
    );
    expect(await member(id)).toMatchObject({ joined_on: null, plan_id: null });
    await t.feed(
      makeEnvelope(MemberEvents.MembershipRenewed, {
        ...meta('2030-03-05T05:00:00.000Z', id),
        data: {
          memberId: id,
          locationId: L1,
          renewedAt: '2030-03-05T05:00:00.000Z',
          term: {
            termNo: 1,
            membershipType: 'basic',
            paymentFrequency: 'monthly',
            feePaise: 100000,
            paymentMethod: null,
            startDate: '2030-03-05',
            endDate: '2030-04-04',
          },
        },
      }),
    );
    expect(await member(id)).toMatchObject({ joined_on: '2030-03-05', plan_id: 'basic' });

    const checkIn = (at: string, type: 'member' | 'trainer' = 'member') =>
      makeEnvelope(AttendanceEvents.CheckedIn, {
        ...meta(at, id),
        data: {
          attendanceId: newId(),
          memberId: id,
          type,
          locationId: L1,
          firstName: 'Ravi',
          lastName: 'K',
          trainerId: null,
          workoutType: 'strength',
          checkInMethod: 'manual',
          checkInTime: at,
        },
      });
    await t.feed(checkIn('2030-03-10T06:00:00.000Z'));
    expect((await member(id)).last_visit_at?.toISOString()).toBe('2030-03-10T06:00:00.000Z');
    await t.feed(checkIn('2030-03-08T06:00:00.000Z'));
    expect((await member(id)).last_visit_at?.toISOString()).toBe('2030-03-10T06:00:00.000Z');
    await t.feed(checkIn('2030-03-12T06:00:00.000Z', 'trainer'));
    expect((await member(id)).last_visit_at?.toISOString()).toBe('2030-03-10T06:00:00.000Z');
  });
});

describe('lead copies', () => {
  const facts = (leadId: string, stage = 'new') => ({
    leadId,
    locationId: L1,
    name: 'Meera Shah',
    phone: '98111 22233',
    interest: 'membership',
    source: 'website',
    stage,
    ownerId: null,
    email: 'meera@example.in',
  });
  const consent = async (personId: string) =>
    t.db.selectFrom('marketing_consent').select(['channel', 'granted', 'method']).where('person_id', '=', personId).orderBy('channel').execute();

  const offers = (at: string, recordedBy: string | null = null) => ({ text: 'Send me offers and news from Iron Temple', at, recordedBy });
  const history = (personId: string) =>
    t.db
      .selectFrom('marketing_consent_history')
      .select(['channel', 'granted', 'method', 'actor_id'])
      .where('person_id', '=', personId)
      .orderBy('channel')
      .execute();

  it('a lead from the public form who ticked offers and news: the copy, and marketing consent on every channel (with history)', async () => {
    const leadId = newId();
    await t.feed(
      makeEnvelope(EnquiriesEvents.LeadCaptured, {
        ...meta('2030-03-01T05:00:00.000Z', leadId),
        locationId: L1,
        data: {
          ...facts(leadId),
          viaPublicForm: true,
          consentText: 'I agree that this gym may contact me',
          marketingConsent: offers('2030-03-01T05:00:00.000Z'),
        },
      }),
    );
    expect(await t.db.selectFrom('lead_copies').selectAll().where('lead_id', '=', leadId).executeTakeFirstOrThrow()).toMatchObject({
      org_id: orgId,
      name: 'Meera Shah',
      email: 'meera@example.in',
      stage: 'new',
      source: 'website',
    });
    expect(await consent(leadId)).toEqual([
      { channel: 'email', granted: true, method: 'enquiry_form' },
      { channel: 'sms', granted: true, method: 'enquiry_form' },
      { channel: 'whatsapp', granted: true, method: 'enquiry_form' },
    ]);
    expect(await history(leadId)).toEqual(['email', 'sms', 'whatsapp'].map((channel) => ({ channel, granted: true, method: 'enquiry_form', actor_id: null })));
  });

  it('the consent to be contacted about the enquiry alone is no marketing consent (public form, and an older event without the field)', async () => {
    const leadId = newId();
    await t.feed(
      makeEnvelope(EnquiriesEvents.LeadCaptured, {
        ...meta('2030-03-01T05:00:00.000Z', leadId),
        data: { ...facts(leadId), viaPublicForm: true, consentText: 'I agree that this gym may contact me', marketingConsent: null },
      }),
    );
    const older = newId();
    await t.feed(
      makeEnvelope(EnquiriesEvents.LeadCaptured, {
        ...meta('2030-03-01T05:00:00.000Z', older),
        data: { ...facts(older), viaPublicForm: true, consentText: 'I agree that this gym may contact me' },
      }),
    );
    await t.feed(
      makeEnvelope(EnquiriesEvents.LeadEnquiredAgain, {
        ...meta('2030-03-02T05:00:00.000Z', leadId),
        data: { ...facts(leadId), viaPublicForm: true, consentText: 'I agree that this gym may contact me', marketingConsent: null },
      }),
    );
    expect(await consent(leadId)).toEqual([]);
    expect(await consent(older)).toEqual([]);
    expect(await history(leadId)).toEqual([]);
  });

  it('staff who recorded "agreed to offers and news" on a walk-in: front_desk by them; staff entry without it: none; a later enquiry with it grants', async () => {
    const staffId = newId();
    const walkIn = newId();
    await t.feed(
      makeEnvelope(EnquiriesEvents.LeadCaptured, {
        ...meta('2030-03-01T05:00:00.000Z', walkIn),
        data: { ...facts(walkIn), source: 'walk_in', viaPublicForm: false, consentText: null, marketingConsent: offers('2030-03-01T05:00:00.000Z', staffId) },
      }),
    );
    expect(await consent(walkIn)).toEqual(['email', 'sms', 'whatsapp'].map((channel) => ({ channel, granted: true, method: 'front_desk' })));
    expect((await history(walkIn)).map((h) => h.actor_id)).toEqual([staffId, staffId, staffId]);

    const staffLead = newId();
    await t.feed(
      makeEnvelope(EnquiriesEvents.LeadCaptured, {
        ...meta('2030-03-01T05:00:00.000Z', staffLead),
        data: { ...facts(staffLead), viaPublicForm: false, consentText: null, marketingConsent: null },
      }),
    );
    expect(await consent(staffLead)).toEqual([]);
    await t.feed(
      makeEnvelope(EnquiriesEvents.LeadEnquiredAgain, {
        ...meta('2030-03-05T05:00:00.000Z', staffLead),
        data: { ...facts(staffLead), viaPublicForm: true, consentText: 'I agree', marketingConsent: offers('2030-03-05T05:00:00.000Z') },
      }),
    );
    expect(await consent(staffLead)).toEqual(['email', 'sms', 'whatsapp'].map((channel) => ({ channel, granted: true, method: 'enquiry_form' })));
  });

  it('a stage change moves the copy; an older event does not; joining names the member, who inherits the consent', async () => {
    const leadId = newId();
    await t.feed(
      makeEnvelope(EnquiriesEvents.LeadCaptured, {
        ...meta('2030-03-01T05:00:00.000Z', leadId),
        data: { ...facts(leadId), viaPublicForm: true, consentText: 'I agree', marketingConsent: offers('2030-03-01T05:00:00.000Z') },
      }),
    );
    await t.feed(
      makeEnvelope(EnquiriesEvents.LeadStageChanged, {
        ...meta('2030-03-03T05:00:00.000Z', leadId),
        data: { ...facts(leadId, 'trial_booked'), from: 'new', lostReason: null },
      }),
    );
    await t.feed(
      makeEnvelope(EnquiriesEvents.LeadAssigned, { ...meta('2030-03-02T05:00:00.000Z', leadId), data: { ...facts(leadId, 'contacted'), ownerId: newId() } }),
    );
    expect(await t.db.selectFrom('lead_copies').select(['stage', 'owner_id']).where('lead_id', '=', leadId).executeTakeFirstOrThrow()).toEqual({
      stage: 'trial_booked',
      owner_id: null,
    });
    const memberId = newId();
    await t.feed(
      makeEnvelope(EnquiriesEvents.LeadJoined, {
        ...meta('2030-03-04T05:00:00.000Z', leadId),
        data: { leadId, locationId: L1, memberId, referralCode: null },
      }),
    );
    expect((await t.db.selectFrom('lead_copies').select('member_id').where('lead_id', '=', leadId).executeTakeFirstOrThrow()).member_id).toBe(memberId);
    expect((await consent(memberId)).map((c) => [c.channel, c.granted, c.method])).toEqual([
      ['email', true, 'from_enquiry'],
      ['sms', true, 'from_enquiry'],
      ['whatsapp', true, 'from_enquiry'],
    ]);
  });
});

describe('the gym', () => {
  it("keeps the organization's name and brand colour", async () => {
    const o = newId();
    await t.feed(
      makeEnvelope(AuthEvents.OrganizationCreated, {
        ...meta('2030-03-01T05:00:00.000Z', o),
        orgId: o,
        data: { orgId: o, name: 'Iron Temple', plan: 'free', trialEndsAt: null, ownerId: newId() },
      }),
    );
    await t.feed(
      makeEnvelope(AuthEvents.OrganizationUpdated, {
        ...meta('2030-03-02T05:00:00.000Z', o),
        orgId: o,
        data: { orgId: o, name: 'Iron Temple Gym', brandColor: '#aa3300', languages: ['en'], timezone: 'Asia/Kolkata' },
      }),
    );
    expect(await t.db.selectFrom('org_brands').select(['name', 'brand_color']).where('org_id', '=', o).executeTakeFirstOrThrow()).toEqual({
      name: 'Iron Temple Gym',
      brand_color: '#aa3300',
    });
  });
});

describe('the member’s privacy choice', () => {
  it('turning "marketing messages" off in privacy settings withdraws every channel; on gives every channel; staff are not recorded', async () => {
    const id = newId();
    await t.feed(registered(id));
    const privacy = (userId: string, marketingConsent: boolean, at: string) =>
      makeEnvelope(AuthEvents.UserPrivacyChanged, { ...meta(at, userId), data: { userId, contactVisibleToTrainers: true, marketingConsent } });
    await t.feed(privacy(id, true, '2030-03-05T00:00:00.000Z'));
    const rows = () => t.db.selectFrom('marketing_consent').select(['channel', 'granted', 'method']).where('person_id', '=', id).orderBy('channel').execute();
    expect((await rows()).map((r) => r.granted)).toEqual([true, true, true]);
    await t.feed(privacy(id, false, '2030-03-06T00:00:00.000Z'));
    expect(await rows()).toEqual([
      { channel: 'email', granted: false, method: 'member_settings' },
      { channel: 'sms', granted: false, method: 'member_settings' },
      { channel: 'whatsapp', granted: false, method: 'member_settings' },
    ]);
    const staff = newId();
    await t.feed(privacy(staff, true, '2030-03-06T00:00:00.000Z'));
    expect(await t.db.selectFrom('marketing_consent').select('person_id').where('person_id', '=', staff).execute()).toEqual([]);
  });
});

describe('erasure', () => {
  it('erasing a member removes their date of birth, gender and the lead they were, and withdraws every marketing consent (recorded)', async () => {
    const memberId = newId();
    const leadId = newId();
    await t.feed(registered(memberId, { dateOfBirth: '1990-01-02', gender: 'male' }));
    await t.feed(
      makeEnvelope(EnquiriesEvents.LeadCaptured, {
        ...meta('2030-03-01T05:00:00.000Z', leadId),
        data: {
          leadId,
          locationId: L1,
          name: 'Kiran Rao',
          phone: '9898989898',
          interest: 'membership',
          source: 'website',
          stage: 'new',
          ownerId: null,
          email: 'k@example.in',
          viaPublicForm: true,
          consentText: 'I agree',
          marketingConsent: { text: 'Send me offers and news', at: '2030-03-01T05:00:00.000Z', recordedBy: null },
        },
      }),
    );
    await t.feed(
      makeEnvelope(EnquiriesEvents.LeadJoined, { ...meta('2030-03-02T05:00:00.000Z', leadId), data: { leadId, locationId: L1, memberId, referralCode: null } }),
    );
    await t.db.transaction().execute((trx) => erasePerson(trx, orgId, memberId, new Date('2030-03-10T00:00:00Z')));

    expect(await member(memberId)).toMatchObject({ date_of_birth: null, gender: null });
    expect(await t.db.selectFrom('lead_copies').select(['name', 'phone', 'email']).where('lead_id', '=', leadId).executeTakeFirstOrThrow()).toEqual({
      name: DataRightsEvents.ERASED_NAME,
      phone: '',
      email: null,
    });
    const consent = await t.db
      .selectFrom('marketing_consent')
      .select(['person_id', 'granted', 'method'])
      .where('person_id', 'in', [memberId, leadId])
      .execute();
    expect(consent).toHaveLength(6);
    expect(consent.every((c) => !c.granted && c.method === 'erased')).toBe(true);
  });
});
