import { DataRightsEvents } from '@akhada/contracts';
import { erasureBench, PERSONAL } from '@akhada/kit/testing/erasure';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPersonErasureRequested } from '../src/consumers/person-erasure.ts';
import { migrations } from '../src/db/migrations.ts';
import type { FeedbackDb } from '../src/db/schema.ts';

let bench: Awaited<ReturnType<typeof erasureBench<FeedbackDb>>>;
beforeAll(async () => {
  bench = await erasureBench<FeedbackDb>('feedback_erase', migrations);
});
afterAll(async () => bench?.close());

const rowsText = (tables: [string, string, string][]) => bench.rowsText(tables);

describe('feedback: erasure of a person (DPDP)', () => {
  it('removes the person’s name, email and phone from its tables and answers feedback.person_erased', async () => {
    const orgId = randomUUID();
    const personId = randomUUID();
    const otherId = randomUUID();
    for (const [id, first] of [
      [personId, 'Asha', 'asha@example.in', '+919812345678'],
      [otherId, 'Ravi', 'ravi@example.in', '+919800000000'],
    ] as const) {
      await bench.seed('members', { id, org_id: orgId, first_name: first, last_name: 'Verma', membership_type: 'basic', status: 'active' });
      await bench.seed('feedback', {
        id: randomUUID(),
        org_id: orgId,
        type: 'general',
        rating: 4,
        title: 'Good',
        description: 'Fine',
        is_anonymous: false,
        status: 'open',
        author_id: id,
        author_name: first + ' Verma',
        tags: sql`'{}'`,
      });
    }
    const tables: [string, string, string][] = [
      ['members', 'id', personId],
      ['feedback', 'author_id', personId],
    ];
    const before = await rowsText(tables);
    expect(PERSONAL.some((p) => before.includes(p))).toBe(true);

    await bench.deliver(onPersonErasureRequested, { requestId: randomUUID(), organizationId: orgId, userId: personId, memberId: personId, trainerId: null });

    const after = await rowsText(tables);
    for (const p of PERSONAL) expect(after).not.toContain(p);
    expect(await rowsText(tables.map(([t, c]) => [t, c, otherId]))).toContain('Ravi');
    expect((await bench.answers()).map((a) => [a.type, a.data.userId])).toEqual([[DataRightsEvents.PersonErased.feedback.type, personId]]);
  });
});
