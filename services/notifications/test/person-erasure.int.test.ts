import { DataRightsEvents } from '@akhada/contracts';
import { erasureBench, PERSONAL } from '@akhada/kit/testing/erasure';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPersonErasureRequested } from '../src/consumers/person-erasure.ts';
import { migrations } from '../src/db/migrations.ts';
import type { NotificationsDb } from '../src/db/schema.ts';

let bench: Awaited<ReturnType<typeof erasureBench<NotificationsDb>>>;
beforeAll(async () => {
  bench = await erasureBench<NotificationsDb>('notifications_erase', migrations);
});
afterAll(async () => bench?.close());

const rowsText = (tables: [string, string, string][]) => bench.rowsText(tables);

describe('notifications: erasure of a person (DPDP)', () => {
  it('removes the person’s name, email and phone from its tables and answers notifications.person_erased', async () => {
    const orgId = randomUUID();
    const personId = randomUUID();
    const otherId = randomUUID();
    for (const [id, first, email, phone] of [
      [personId, 'Asha', 'asha@example.in', '+919812345678'],
      [otherId, 'Ravi', 'ravi@example.in', '+919800000000'],
    ] as const) {
      await bench.seed('recipients', {
        user_id: id,
        org_id: orgId,
        role: 'member',
        name: first + ' Verma',
        email,
        location_ids: sql`'{}'`,
        source_occurred_at: new Date(),
      });
      await bench.seed('member_copies', { member_id: id, org_id: orgId, first_name: first, last_name: 'Verma', email, phone });
      await bench.seed('messaging_consent', { user_id: id, org_id: orgId, granted: true, phone, updated_at: new Date() });
      await bench.seed('payment_copies', { payment_id: randomUUID(), org_id: orgId, member_id: id, member_name: first + ' Verma', status: 'pending' });
      // They wrote to the gym on WhatsApp (their 24-hour window is kept by number).
      await bench.seed('whatsapp_inbound', { phone_number_id: '100000000000002', wa_id: phone.slice(1), last_at: new Date() });
    }
    const tables: [string, string, string][] = [
      ['recipients', 'user_id', personId],
      ['member_copies', 'member_id', personId],
      ['messaging_consent', 'user_id', personId],
      ['payment_copies', 'member_id', personId],
    ];
    // The owner's notifications: one about the person (kept with her id), one written before subjects were kept (her
    // id only as the memberId parameter), and one about another member of the same name, who keeps it.
    const ownerId = randomUUID();
    const notice = (about: string[], params: Record<string, string>, message: string) => ({
      id: randomUUID(),
      org_id: orgId,
      recipient_id: ownerId,
      location_id: null,
      type: 'membership',
      category: 'membership',
      priority: 'medium',
      status: 'unread',
      title_key: 'memberRegistered.title',
      message_key: 'memberRegistered.message',
      params: JSON.stringify(params),
      title: 'New member registered',
      message,
      action_url: null,
      action_text: null,
      source_event_id: randomUUID(),
      subject_ids: sql`${about}::uuid[]`,
      created_at: new Date(),
      read_at: null,
    });
    const aboutHer = notice([personId], { name: 'Asha Verma', plan: 'basic' }, 'Asha Verma joined: basic membership.');
    const legacy = notice([], { memberId: personId, name: 'Asha Verma', days: '7' }, 'Asha’s membership ends in 7 days.');
    const namesake = notice([otherId], { name: 'Asha Verma', plan: 'vip' }, 'Asha Verma joined: vip membership.');
    for (const n of [aboutHer, legacy, namesake]) await bench.seed('notifications', n);
    const before = await rowsText(tables);
    expect(PERSONAL.some((p) => before.includes(p))).toBe(true);

    await bench.deliver(onPersonErasureRequested, { requestId: randomUUID(), organizationId: orgId, userId: personId, memberId: personId, trainerId: null });

    const after = await rowsText(tables);
    for (const p of PERSONAL) expect(after).not.toContain(p);
    expect((await bench.db.selectFrom('messaging_consent').select('granted').where('user_id', '=', personId).executeTakeFirstOrThrow()).granted).toBe(false);
    expect(await rowsText(tables.map(([t, c]) => [t, c, otherId]))).toContain('Ravi');
    expect(
      (await bench.db.selectFrom('whatsapp_inbound').select('wa_id').where('wa_id', 'in', ['919812345678', '919800000000']).execute()).map((r) => r.wa_id),
    ).toEqual(['919800000000']);
    const notices = await rowsText([['notifications', 'recipient_id', ownerId]]);
    const byId = (id: string) => JSON.stringify(JSON.parse(notices)[0].find((r: { id: string }) => r.id === id));
    for (const id of [aboutHer.id, legacy.id]) {
      expect(byId(id)).not.toMatch(/Asha|Verma/);
      expect(byId(id)).toContain(DataRightsEvents.ERASED_NAME);
    }
    expect(byId(aboutHer.id)).toContain('basic'); // the rest of the notice stays
    expect(byId(namesake.id)).toContain('Asha Verma joined: vip membership.');
    expect((await bench.answers()).map((a) => [a.type, a.data.userId])).toEqual([[DataRightsEvents.PersonErased.notifications.type, personId]]);
  });
});
