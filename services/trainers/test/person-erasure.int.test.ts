import { DataRightsEvents } from '@akhada/contracts';
import { erasureBench, PERSONAL } from '@akhada/kit/testing/erasure';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPersonErasureRequested } from '../src/consumers/person-erasure.ts';
import { migrations } from '../src/db/migrations.ts';
import type { TrainersDb } from '../src/db/schema.ts';

let bench: Awaited<ReturnType<typeof erasureBench<TrainersDb>>>;
beforeAll(async () => {
  bench = await erasureBench<TrainersDb>('trainers_erase', migrations);
});
afterAll(async () => bench?.close());

const rowsText = (tables: [string, string, string][]) => bench.rowsText(tables);

describe('trainers: erasure of a person (DPDP)', () => {
  it('removes the person’s name, email and phone from its tables and answers trainers.person_erased', async () => {
    const orgId = randomUUID();
    const personId = randomUUID();
    const otherId = randomUUID();
    for (const [id, first, email, phone] of [
      [personId, 'Asha', 'asha@example.in', '+919812345678'],
      [otherId, 'Ravi', 'ravi@example.in', '+919800000000'],
    ] as const) {
      await bench.seed('trainer_clients', {
        member_id: id,
        org_id: orgId,
        first_name: first,
        last_name: 'Verma',
        email,
        phone,
        membership_status: 'active',
        archived: false,
      });
      const trainerId = randomUUID();
      await bench.seed('trainers', {
        id: trainerId,
        org_id: orgId,
        first_name: 'Coach',
        last_name: 'K',
        email: trainerId + '@example.in',
        phone: '+919700000000',
        status: 'active',
        account_status: 'active',
        max_clients: 10,
        specialization: sql`'{}'`,
        weekly_slots: '[]',
      });
    }
    const tables: [string, string, string][] = [['trainer_clients', 'member_id', personId]];
    const before = await rowsText(tables);
    expect(PERSONAL.some((p) => before.includes(p))).toBe(true);

    await bench.deliver(onPersonErasureRequested, { requestId: randomUUID(), organizationId: orgId, userId: personId, memberId: personId, trainerId: null });

    const after = await rowsText(tables);
    for (const p of PERSONAL) expect(after).not.toContain(p);
    expect(await rowsText(tables.map(([t, c]) => [t, c, otherId]))).toContain('Ravi');
    expect((await bench.answers()).map((a) => [a.type, a.data.userId])).toEqual([[DataRightsEvents.PersonErased.trainers.type, personId]]);
  });

  it('removes a trainer’s name, email, phone, bio and picture, and leaves another trainer’s', async () => {
    const orgId = randomUUID();
    const trainerId = randomUUID();
    const otherId = randomUUID();
    for (const [id, first] of [
      [trainerId, 'Asha'],
      [otherId, 'Ravi'],
    ] as const) {
      await bench.seed('trainers', {
        id,
        org_id: orgId,
        first_name: first,
        last_name: 'Verma',
        email: `${first.toLowerCase()}@example.in`,
        phone: first === 'Asha' ? '+919812345678' : '+919800000000',
        bio: `${first} coaches yoga`,
        status: 'active',
        account_status: 'active',
        max_clients: 10,
        specialization: sql`'{}'`,
        weekly_slots: '[]',
        avatar_url: `/api/auth/avatars/${id}?v=${first}`,
      });
    }

    await bench.deliver(onPersonErasureRequested, { requestId: randomUUID(), organizationId: orgId, userId: trainerId, memberId: null, trainerId });

    const rows = await bench.db.selectFrom('trainers').selectAll().where('id', 'in', [trainerId, otherId]).execute();
    const erased = rows.find((r) => r.id === trainerId);
    for (const p of PERSONAL) expect(JSON.stringify(erased)).not.toContain(p);
    expect(erased).toMatchObject({ bio: '', avatar_url: null });
    expect(rows.find((r) => r.id === otherId)).toMatchObject({ first_name: 'Ravi', avatar_url: `/api/auth/avatars/${otherId}?v=Ravi` });
  });
});
