// An automation's "create a follow-up" (notifications.follow_up_requested) as enquiries takes it: the follow-up on the
// lead for its owner, once however often it comes, and nothing for a lead of another organization.
import { NotificationEvents, type EventEnvelope } from '@akhada/contracts';
import { makeEnvelope } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { onFollowUpRequested } from '../src/consumers/automations.ts';
import { bootEnquiries } from './setup.ts';

let s: Awaited<ReturnType<typeof bootEnquiries>>;
const [orgA, orgB, locA, locB] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
const ownerId = randomUUID();
let owner: string;

beforeAll(async () => {
  s = await bootEnquiries('enquiries_auto_fu');
  await s.org(orgA, [locA]);
  await s.org(orgB, [locB]);
  owner = await s.sign(orgA, 'owner', [locA], ownerId);
}, 60_000);

afterAll(async () => {
  await s?.close();
});

type Lead = { id: string; ownerId: string | null; followUps: { id: string; kind: string; dueAt: string; note: string; assigneeId: string | null }[] };

const requested = (orgId: string, leadId: string, followUpId: string) =>
  makeEnvelope(NotificationEvents.FollowUpRequested, {
    orgId,
    aggregateId: leadId,
    correlationId: randomUUID(),
    causationId: randomUUID(),
    occurredAt: s.clock().toISOString(),
    data: {
      leadId,
      followUpId,
      kind: 'call',
      dueAt: new Date(s.clock().getTime() + 24 * 3_600_000).toISOString(),
      note: 'New lead: call within a day',
      ruleId: randomUUID(),
    },
  });
const apply = (env: EventEnvelope<unknown>) => s.db.transaction().execute((trx) => onFollowUpRequested.handle(trx, env));

it('adds the follow-up to the lead for its owner, once (the same request again adds nothing); another organization’s request changes nothing', async () => {
  const created = await s.call(owner, 'POST', '/enquiries/leads', {
    locationId: locA,
    name: 'Kiran Shah',
    phone: '9712345678',
    interest: 'membership',
    source: 'instagram',
  });
  expect(created.status).toBe(201);
  const leadId = (created.body.data as { lead: Lead }).lead.id;
  const followUpId = randomUUID();
  await apply(requested(orgA, leadId, followUpId));
  await apply(requested(orgA, leadId, followUpId));
  await apply(requested(orgB, leadId, randomUUID()));
  const lead = (await s.call(owner, 'GET', `/enquiries/leads/${leadId}`)).body.data as Lead;
  expect(lead.followUps).toEqual([expect.objectContaining({ id: followUpId, kind: 'call', note: 'New lead: call within a day', assigneeId: lead.ownerId })]);
});
