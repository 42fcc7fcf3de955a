import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffDirectory } from '../src/adapters/staff-directory.ts';
import { bootEnquiries } from './setup.ts';

// Staff added a moment ago: auth's event has not reached enquiries, the owning services know them (each answers only
// within the caller's gym, as auth and trainers do with the forwarded token).
const orgA = randomUUID();
const orgB = randomUUID();
const locA = randomUUID();
const locB = randomUUID();
const ownerA = randomUUID();
const adminA = randomUUID();
const newTrainerA = randomUUID();
const newAdminA = randomUUID();
const trainerB = randomUUID();
const owned = new Map<string, { orgId: string; firstName: string; lastName: string }>([
  [newTrainerA, { orgId: orgA, firstName: 'Nisha', lastName: 'Rao' }],
  [newAdminA, { orgId: orgA, firstName: 'Dev', lastName: 'Menon' }],
  [trainerB, { orgId: orgB, firstName: 'Other', lastName: 'Trainer' }],
]);
const asked: string[] = [];
const staffDirectory: StaffDirectory = async (id, ctx) => {
  asked.push(id);
  const p = owned.get(id);
  return p && p.orgId === ctx.orgId ? { id, firstName: p.firstName, lastName: p.lastName } : null;
};
let s: Awaited<ReturnType<typeof bootEnquiries>>;
const tokens: Record<string, string> = {};
let seq = 0;
const body = (o: Record<string, unknown> = {}) => ({
  locationId: locA,
  name: 'Kiran Shah',
  phone: `98${String(76_900_000 + ++seq).padStart(8, '0')}`,
  interest: 'membership',
  source: 'walk_in',
  ...o,
});

beforeAll(async () => {
  s = await bootEnquiries('enquiries_staffrt', { staffDirectory });
  await s.org(orgA, [locA]);
  await s.org(orgB, [locB]);
  tokens.owner = await s.sign(orgA, 'owner', [locA], ownerA);
  tokens.admin = await s.sign(orgA, 'admin', [locA], adminA);
  await s.db.insertInto('staff').values({ id: trainerB, org_id: orgB, first_name: 'Other', last_name: 'Trainer' }).execute();
});
afterAll(async () => s?.close());

describe('a lead for staff added a moment ago', () => {
  it('is theirs at once: the owning service is asked, the name kept (asked once); another gym’s or an unknown id is still 404', async () => {
    const created = await s.call(tokens.owner!, 'POST', '/enquiries/leads', body({ ownerId: newTrainerA }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ lead: { ownerId: newTrainerA, ownerName: 'Nisha Rao' } });
    const leadId = (created.body.data as { lead: { id: string } }).lead.id;

    const assigned = await s.call(tokens.admin!, 'POST', `/enquiries/leads/${leadId}/owner`, { ownerId: newAdminA });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data).toMatchObject({ ownerId: newAdminA, ownerName: 'Dev Menon' });
    // Known now: the next assignment asks nobody.
    asked.length = 0;
    expect((await s.call(tokens.owner!, 'POST', `/enquiries/leads/${leadId}/owner`, { ownerId: newTrainerA })).status).toBe(200);
    expect(asked).toEqual([]);
    expect((await s.call(tokens.owner!, 'GET', '/enquiries/staff')).body.data).toEqual([
      { id: newAdminA, name: 'Dev Menon' },
      { id: newTrainerA, name: 'Nisha Rao' },
    ]);

    // Gym B's trainer (known here as gym B's: nobody is asked) and an id nobody has (asked: not found) change nothing.
    for (const ownerId of [trainerB, randomUUID()]) {
      const res = await s.call(tokens.owner!, 'POST', `/enquiries/leads/${leadId}/owner`, { ownerId });
      expect(res.status, ownerId).toBe(404);
      expect(res.body.message).toBe('Staff member not found');
    }
    expect(asked).toHaveLength(1);
    expect((await s.call(tokens.owner!, 'GET', `/enquiries/leads/${leadId}`)).body.data).toMatchObject({ ownerId: newTrainerA });
  });
});
