import { DataRightsEvents } from '@akhada/contracts';
import { erasureBench, PERSONAL } from '@akhada/kit/testing/erasure';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPersonErasureRequested } from '../src/consumers/person-erasure.ts';
import { migrations } from '../src/db/migrations.ts';
import type { AttendanceDb } from '../src/db/schema.ts';

let bench: Awaited<ReturnType<typeof erasureBench<AttendanceDb>>>;
beforeAll(async () => {
  bench = await erasureBench<AttendanceDb>('attendance_erase', migrations);
});
afterAll(async () => bench?.close());

const rowsText = (tables: [string, string, string][]) => bench.rowsText(tables);

describe('attendance: erasure of a person (DPDP)', () => {
  it('removes the person’s name, email and phone from its tables and answers attendance.person_erased', async () => {
    const orgId = randomUUID();
    const personId = randomUUID();
    const otherId = randomUUID();
    for (const [id, first, email, phone] of [
      [personId, 'Asha', 'asha@example.in', '+919812345678'],
      [otherId, 'Ravi', 'ravi@example.in', '+919800000000'],
    ] as const) {
      await bench.seed('members', { id, org_id: orgId, first_name: first, last_name: 'Verma', email, phone, status: 'active' });
      await bench.seed('sessions', {
        id: randomUUID(),
        org_id: orgId,
        type: 'member',
        person_id: id,
        first_name: first,
        last_name: 'Verma',
        email,
        status: 'completed',
        workout_type: 'cardio',
        check_in_method: 'manual',
      });
    }
    const tables: [string, string, string][] = [
      ['members', 'id', personId],
      ['sessions', 'person_id', personId],
    ];
    const before = await rowsText(tables);
    expect(PERSONAL.some((p) => before.includes(p))).toBe(true);

    await bench.deliver(onPersonErasureRequested, { requestId: randomUUID(), organizationId: orgId, userId: personId, memberId: personId, trainerId: null });

    const after = await rowsText(tables);
    for (const p of PERSONAL) expect(after).not.toContain(p);
    expect(await rowsText(tables.map(([t, c]) => [t, c, otherId]))).toContain('Ravi');
    expect((await bench.answers()).map((a) => [a.type, a.data.userId])).toEqual([[DataRightsEvents.PersonErased.attendance.type, personId]]);
  });
});
