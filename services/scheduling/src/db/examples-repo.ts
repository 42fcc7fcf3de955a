import type { Executor } from '@akhada/kit';
import type { SchedulingDb } from './schema.ts';

/** Repositories take an Executor (the pool or a transaction) first, and every query is scoped by organization. */
export const countExamples = async (db: Executor<SchedulingDb>, orgId: string): Promise<number> =>
  (
    await db
      .selectFrom('examples')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('org_id', '=', orgId)
      .executeTakeFirstOrThrow()
  ).n;
