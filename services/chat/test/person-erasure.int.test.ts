import { DataRightsEvents } from '@akhada/contracts';
import { erasureBench, PERSONAL } from '@akhada/kit/testing/erasure';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPersonErasureRequested } from '../src/consumers/person-erasure.ts';
import { migrations } from '../src/db/migrations.ts';
import type { ChatDb } from '../src/db/schema.ts';

let bench: Awaited<ReturnType<typeof erasureBench<ChatDb>>>;
beforeAll(async () => {
  bench = await erasureBench<ChatDb>('chat_erase', migrations);
});
afterAll(async () => bench?.close());

const rowsText = (tables: [string, string, string][]) => bench.rowsText(tables);

describe('chat: erasure of a person (DPDP)', () => {
  it('removes the person’s name, email, phone and picture from its tables and answers chat.person_erased', async () => {
    const orgId = randomUUID();
    const personId = randomUUID();
    const otherId = randomUUID();
    for (const [id, first, email, phone] of [
      [personId, 'Asha', 'asha@example.in', '+919812345678'],
      [otherId, 'Ravi', 'ravi@example.in', '+919800000000'],
    ] as const) {
      await bench.seed('chat_people', {
        id,
        org_id: orgId,
        role: 'member',
        first_name: first,
        last_name: 'Verma',
        email,
        location_ids: sql`'{}'`,
        active: phone.length > 0,
        avatar_url: `/api/auth/avatars/${id}?v=${first}`,
      });
    }
    const tables: [string, string, string][] = [['chat_people', 'id', personId]];
    const before = await rowsText(tables);
    expect(PERSONAL.some((p) => before.includes(p))).toBe(true);

    await bench.deliver(onPersonErasureRequested, { requestId: randomUUID(), organizationId: orgId, userId: personId, memberId: personId, trainerId: null });

    const after = await rowsText(tables);
    for (const p of PERSONAL) expect(after).not.toContain(p);
    expect(await rowsText(tables.map(([t, c]) => [t, c, otherId]))).toContain('Ravi');
    const pictures = await bench.db.selectFrom('chat_people').select(['id', 'avatar_url']).where('id', 'in', [personId, otherId]).execute();
    expect(Object.fromEntries(pictures.map((r) => [r.id, r.avatar_url]))).toEqual({ [personId]: null, [otherId]: `/api/auth/avatars/${otherId}?v=Ravi` });
    expect((await bench.answers()).map((a) => [a.type, a.data.userId])).toEqual([[DataRightsEvents.PersonErased.chat.type, personId]]);
  });
});
