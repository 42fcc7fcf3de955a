import { DataRightsEvents } from '@akhada/contracts';
import { erasureBench } from '@akhada/kit/testing/erasure';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPersonErasureRequested } from '../src/consumers/person-erasure.ts';
import { migrations } from '../src/db/migrations.ts';
import type { PaymentsDb } from '../src/db/schema.ts';

let bench: Awaited<ReturnType<typeof erasureBench<PaymentsDb>>>;
beforeAll(async () => {
  bench = await erasureBench<PaymentsDb>('payments_erase', migrations);
});
afterAll(async () => bench?.close());

const totals = async (orgId: string) =>
  (
    await sql<{
      n: string;
      total: string;
      cgst: string;
    }>`select count(*) n, coalesce(sum(total_paise),0) total, coalesce(sum(cgst_paise),0) cgst from invoices where org_id = ${orgId}`.execute(bench.db)
  ).rows[0];

describe('payments: erasure of a person (DPDP)', () => {
  it('removes the member’s name, email and phone; keeps invoices whole (totals unchanged) and a business’s GSTIN details', async () => {
    const orgId = randomUUID();
    const memberId = randomUUID();
    const other = randomUUID();
    await bench.seed('pay_members', { id: memberId, org_id: orgId, first_name: 'Asha', last_name: 'Verma', email: 'asha@example.in', phone: '+919812345678' });
    await bench.seed('pay_members', { id: other, org_id: orgId, first_name: 'Ravi', last_name: 'Kumar', email: 'ravi@example.in', phone: '+919800000000' });
    for (const [id, m, total] of [
      [randomUUID(), memberId, 118_000],
      [randomUUID(), memberId, 59_000],
      [randomUUID(), other, 23_600],
    ] as const) {
      await bench.seed('payments', {
        id,
        org_id: orgId,
        category: 'member',
        status: 'completed',
        member_id: m,
        member_name: m === memberId ? 'Asha Verma' : 'Ravi Kumar',
        total_paise: total,
      });
      await bench.seed('invoices', {
        id: randomUUID(),
        org_id: orgId,
        payment_id: id,
        member_id: m,
        number: `INV-${id.slice(0, 6)}`,
        recipient_name: m === memberId ? 'Asha Verma' : 'Ravi Kumar',
        recipient_address: m === memberId ? '12 MG Road, Pune' : null,
        total_paise: total,
        cgst_paise: Math.round(total / 118) * 9,
        lines: [],
        supplier: { legalName: 'Gym', address: 'Pune', gstin: null, stateCode: '27', locationName: 'Pune' },
        place_of_supply: { stateCode: '27', stateName: 'Maharashtra' },
      });
    }
    // A business customer's invoice for the same member: the GSTIN holder's details are the business's, kept.
    const b2b = randomUUID();
    await bench.seed('payments', {
      id: b2b,
      org_id: orgId,
      category: 'member',
      status: 'completed',
      member_id: memberId,
      member_name: 'Asha Verma',
      total_paise: 11_800,
    });
    await bench.seed('invoices', {
      id: randomUUID(),
      org_id: orgId,
      payment_id: b2b,
      member_id: memberId,
      number: 'INV-B2B',
      recipient_name: 'Verma Traders',
      recipient_gstin: '27AAPFU0939F1ZV',
      recipient_address: 'Shop 4, Pune',
      total_paise: 11_800,
      lines: [],
      supplier: { legalName: 'Gym', address: 'Pune', gstin: null, stateCode: '27', locationName: 'Pune' },
      place_of_supply: { stateCode: '27', stateName: 'Maharashtra' },
    });
    const before = await totals(orgId);

    await bench.deliver(onPersonErasureRequested, { requestId: randomUUID(), organizationId: orgId, userId: memberId, memberId, trainerId: null });

    const text = JSON.stringify(
      await Promise.all([
        bench.db.selectFrom('pay_members').selectAll().where('id', '=', memberId).execute(),
        bench.db.selectFrom('payments').select(['member_name']).where('member_id', '=', memberId).execute(),
        bench.db
          .selectFrom('invoices')
          .select(['recipient_name', 'recipient_address'])
          .where('member_id', '=', memberId)
          .where('recipient_gstin', 'is', null)
          .execute(),
      ]),
    );
    for (const personal of ['Asha', 'Verma', 'asha@example.in', '9812345678', 'MG Road']) expect(text).not.toContain(personal);
    expect(await totals(orgId)).toEqual(before);
    const kept = await bench.db.selectFrom('invoices').select(['recipient_name', 'recipient_gstin']).where('number', '=', 'INV-B2B').executeTakeFirstOrThrow();
    expect(kept).toEqual({ recipient_name: 'Verma Traders', recipient_gstin: '27AAPFU0939F1ZV' });
    // The other member is untouched; payments answered auth.
    expect((await bench.db.selectFrom('pay_members').select('email').where('id', '=', other).executeTakeFirstOrThrow()).email).toBe('ravi@example.in');
    expect((await bench.answers()).map((a) => [a.type, a.data.userId])).toEqual([[DataRightsEvents.PersonErased.payments.type, memberId]]);
  });

  it('ignores an erasure whose envelope belongs to another organization', async () => {
    const orgId = randomUUID();
    const memberId = randomUUID();
    await bench.seed('pay_members', { id: memberId, org_id: orgId, first_name: 'Meera', last_name: 'Shah', email: 'meera@example.in', phone: '+919811111111' });
    await bench.deliver(
      onPersonErasureRequested,
      { requestId: randomUUID(), organizationId: orgId, userId: memberId, memberId, trainerId: null },
      randomUUID(),
    );
    expect((await bench.db.selectFrom('pay_members').select('first_name').where('id', '=', memberId).executeTakeFirstOrThrow()).first_name).toBe('Meera');
  });
});
