import { DataRightsEvents } from '@akhada/contracts';
import { erasureBench, PERSONAL } from '@akhada/kit/testing/erasure';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPersonErasureRequested } from '../src/consumers/person-erasure.ts';
import { migrations } from '../src/db/migrations.ts';
import type { MembersDb } from '../src/db/schema.ts';

let bench: Awaited<ReturnType<typeof erasureBench<MembersDb>>>;
beforeAll(async () => {
  bench = await erasureBench<MembersDb>('members_erase', migrations);
});
afterAll(async () => bench?.close());

const rowsText = (tables: [string, string, string][]) => bench.rowsText(tables);

describe('members: erasure of a person (DPDP)', () => {
  it('removes the person’s name, email, phone and picture from its tables and answers members.person_erased', async () => {
    const orgId = randomUUID();
    const personId = randomUUID();
    const otherId = randomUUID();
    for (const [id, first, email, phone] of [
      [personId, 'Asha', 'asha@example.in', '+919812345678'],
      [otherId, 'Ravi', 'ravi@example.in', '+919800000000'],
    ] as const) {
      await bench.seed('members', {
        id,
        org_id: orgId,
        first_name: first,
        last_name: first === 'Asha' ? 'Verma' : 'Kumar',
        email,
        phone,
        date_of_birth: '1990-05-01',
        membership_type: 'basic',
        membership_status: 'active',
        payment_frequency: 'monthly',
        account_status: 'active',
        avatar_url: `/api/auth/avatars/${id}?v=${first}`,
      });
      await bench.seed('measurements', {
        id: randomUUID(),
        org_id: orgId,
        member_id: id,
        measured_on: '2025-01-01',
        recorded_by_id: randomUUID(),
        recorded_by_name: 'Coach',
        notes: first === 'Asha' ? 'Asha: knee' : 'Ravi: fine',
      });
      // As the event store keeps a decider's event: without its type, `{ data: { … } }`.
      await sql`insert into events (stream_id, stream_version, type, data, metadata) values (${'member-' + id}, 1, 'MemberRegistered', ${JSON.stringify({ data: { memberId: id, firstName: first, lastName: 'Verma', email, phone, fee: 100 } })}::jsonb, '{}'::jsonb)`.execute(
        bench.db,
      );
    }
    const before = await rowsText([['members', 'id', personId]]);
    const tables: [string, string, string][] = [
      ['members', 'id', personId],
      ['measurements', 'member_id', personId],
    ];
    expect(PERSONAL.some((p) => before.includes(p))).toBe(true);

    await bench.deliver(onPersonErasureRequested, { requestId: randomUUID(), organizationId: orgId, userId: personId, memberId: personId, trainerId: null });

    const after = await rowsText(tables);
    const events = JSON.stringify((await sql`select data from events where stream_id = ${'member-' + personId}`.execute(bench.db)).rows);
    for (const p of PERSONAL) expect(events).not.toContain(p);
    expect(events).toContain('"fee":100');
    for (const p of PERSONAL) expect(after).not.toContain(p);
    expect(await rowsText(tables.map(([t, c]) => [t, c, otherId]))).toContain('Ravi');
    const pictures = await bench.db.selectFrom('members').select(['id', 'avatar_url']).where('id', 'in', [personId, otherId]).execute();
    expect(Object.fromEntries(pictures.map((r) => [r.id, r.avatar_url]))).toEqual({ [personId]: null, [otherId]: `/api/auth/avatars/${otherId}?v=Ravi` });
    expect((await bench.answers()).map((a) => [a.type, a.data.userId])).toEqual([[DataRightsEvents.PersonErased['members'].type, personId]]);
  });
});
