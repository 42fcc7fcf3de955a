import { DataRightsEvents } from '@akhada/contracts';
import { erasureBench, PERSONAL } from '@akhada/kit/testing/erasure';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPersonErasureRequested } from '../src/consumers/person-erasure.ts';
import { migrations } from '../src/db/migrations.ts';
import type { DashboardDb } from '../src/db/schema.ts';

let bench: Awaited<ReturnType<typeof erasureBench<DashboardDb>>>;
beforeAll(async () => {
  bench = await erasureBench<DashboardDb>('dashboard_erase', migrations);
});
afterAll(async () => bench?.close());

const rowsText = (tables: [string, string, string][]) => bench.rowsText(tables);

describe('dashboard: erasure of a person (DPDP)', () => {
  it('removes the person’s name, email and phone from its tables and answers dashboard.person_erased', async () => {
    const orgId = randomUUID();
    const personId = randomUUID();
    const otherId = randomUUID();
    for (const [id, first, email, phone] of [
      [personId, 'Asha', 'asha@example.in', '+919812345678'],
      [otherId, 'Ravi', 'ravi@example.in', '+919800000000'],
    ] as const) {
      await bench.seed('people', { id, kind: 'member', org_id: orgId, first_name: first, last_name: 'Verma', email, phone, status: 'active' });
      await bench.seed('check_ins', { attendance_id: randomUUID(), org_id: orgId, person_id: id, type: 'member', name: first + ' Verma' });
      await bench.seed('payments', {
        id: randomUUID(),
        org_id: orgId,
        member_id: id,
        member_name: first + ' Verma',
        amount_paise: 50_000,
        category: 'member',
        status: 'completed',
      });
      await bench.seed('activity', { event_id: randomUUID(), org_id: orgId, kind: 'check_in', person_id: id, name: first + ' Verma' });
    }
    const tables: [string, string, string][] = [
      ['people', 'id', personId],
      ['check_ins', 'person_id', personId],
      ['payments', 'member_id', personId],
      ['activity', 'person_id', personId],
    ];
    const before = await rowsText(tables);
    expect(PERSONAL.some((p) => before.includes(p))).toBe(true);

    await bench.deliver(onPersonErasureRequested, { requestId: randomUUID(), organizationId: orgId, userId: personId, memberId: personId, trainerId: null });

    const after = await rowsText(tables);
    for (const p of PERSONAL) expect(after).not.toContain(p);
    expect(Number((await sql<{ s: string }>`select sum(amount_paise) s from payments where org_id = ${orgId}`.execute(bench.db)).rows[0]!.s)).toBe(100_000);
    expect(await rowsText(tables.map(([t, c]) => [t, c, otherId]))).toContain('Ravi');
    expect((await bench.answers()).map((a) => [a.type, a.data.userId])).toEqual([[DataRightsEvents.PersonErased.dashboard.type, personId]]);
  });
});
