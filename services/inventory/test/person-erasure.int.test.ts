import { DataRightsEvents } from '@akhada/contracts';
import { erasureBench, PERSONAL } from '@akhada/kit/testing/erasure';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPersonErasureRequested } from '../src/consumers/person-erasure.ts';
import { migrations } from '../src/db/migrations.ts';
import type { InventoryDb } from '../src/db/schema.ts';

let bench: Awaited<ReturnType<typeof erasureBench<InventoryDb>>>;
beforeAll(async () => {
  bench = await erasureBench<InventoryDb>('inventory_erase', migrations);
});
afterAll(async () => bench?.close());

const rowsText = (tables: [string, string, string][]) => bench.rowsText(tables);

describe('inventory: erasure of a person (DPDP)', () => {
  it('removes the person’s name, email and phone from its tables and answers inventory.person_erased', async () => {
    const orgId = randomUUID();
    const personId = randomUUID();
    const otherId = randomUUID();
    for (const [id, first, email, phone] of [
      [personId, 'Asha', 'asha@example.in', '+919812345678'],
      [otherId, 'Ravi', 'ravi@example.in', '+919800000000'],
    ] as const) {
      await bench.seed('people', { id, org_id: orgId, kind: 'member', name: first + ' Verma', archived: false });
      await bench.seed('sales', {
        id: randomUUID(),
        org_id: orgId,
        status: 'completed',
        buyer: { kind: 'member', memberId: id, name: first + ' Verma', phone: phone + email.slice(0, 0) },
        lines: [],
        total_paise: 11_800,
      });
    }
    const tables: [string, string, string][] = [['people', 'id', personId]];
    const before = await rowsText(tables);
    expect(PERSONAL.some((p) => before.includes(p))).toBe(true);

    await bench.deliver(onPersonErasureRequested, { requestId: randomUUID(), organizationId: orgId, userId: personId, memberId: personId, trainerId: null });

    const after = await rowsText(tables);
    for (const p of PERSONAL) expect(after).not.toContain(p);
    const sales = JSON.stringify((await sql`select buyer, total_paise from sales where buyer->>'memberId' = ${personId}`.execute(bench.db)).rows);
    for (const p of PERSONAL) expect(sales).not.toContain(p);
    expect(sales).toContain('11800');
    expect(await rowsText(tables.map(([t, c]) => [t, c, otherId]))).toContain('Ravi');
    expect((await bench.answers()).map((a) => [a.type, a.data.userId])).toEqual([[DataRightsEvents.PersonErased.inventory.type, personId]]);
  });
});
