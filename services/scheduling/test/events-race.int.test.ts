import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootScheduling } from './setup.ts';

// The capacity invariant under concurrency: 30 members racing for the 5 places of an event, all at once through HTTP.
let t: Awaited<ReturnType<typeof bootScheduling>>;
const org = randomUUID();
const L1 = randomUUID();
const racers = Array.from({ length: 30 }, () => randomUUID());

beforeAll(async () => {
  t = await bootScheduling('scheduling_event_race');
  await t.org(org, [L1]);
  for (const m of racers) await t.member(m, org, L1);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('30 members racing for 5 places of an event', () => {
  it.each([
    ['free', 0, 'confirmed'],
    ['paid', 40_000, 'pending'],
  ])(
    '%s: exactly 5 tickets, 25 told the event is full, nobody twice',
    async (_kind, pricePaise, status) => {
      const owner = await t.sign(org, 'owner', [L1]);
      const created = await t.call(owner, 'POST', '/scheduling/events', {
        locationId: L1,
        title: `5k run ${_kind}`,
        kind: 'run',
        date: '2030-03-17',
        startTime: '06:00',
        endTime: '08:00',
        capacity: 5,
        pricePaise,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const eventId = (created.body.data as { id: string }).id;
      const tokens = await Promise.all(racers.map((m) => t.sign(org, 'member', [L1], m)));
      const answers = await Promise.all(tokens.map((tok) => t.call(tok, 'POST', `/scheduling/events/${eventId}/tickets`)));
      expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
      expect(answers.filter((a) => a.status === 409 && a.body.code === 'EVENT_FULL')).toHaveLength(25);
      expect(answers.filter((a) => a.status === 201).every((a) => (a.body.data as { ticket: { status: string } }).ticket.status === status)).toBe(true);

      // The read model agrees: 5 places taken, 5 ticket rows, each member once.
      const ev = await t.db.selectFrom('gym_events').select(['taken', 'capacity']).where('id', '=', eventId).executeTakeFirstOrThrow();
      expect(ev).toEqual({ taken: 5, capacity: 5 });
      const rows = await t.db.selectFrom('event_tickets').select(['member_id', 'status']).where('event_id', '=', eventId).execute();
      expect(rows).toHaveLength(5);
      expect(new Set(rows.map((r) => r.member_id)).size).toBe(5);
      // and the stream: exactly 5 TicketTaken
      const taken = await t.db.selectFrom('events').select('type').where('stream_id', '=', `event-${eventId}`).where('type', '=', 'TicketTaken').execute();
      expect(taken).toHaveLength(5);
    },
    120_000,
  );
});
