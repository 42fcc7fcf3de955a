import type { Executor } from '@akhada/kit';
import type { ClassTypesTable, SchedulingDb } from './schema.ts';

export const classTypesOf = (db: Executor<SchedulingDb>, orgId: string) =>
  db.selectFrom('class_types').selectAll().where('org_id', '=', orgId).where('archived_at', 'is', null).orderBy('name').execute();

/** A class type of the organization (archived ones too when asked). */
export const classTypeOf = (db: Executor<SchedulingDb>, orgId: string, id: string, { archived = false } = {}) => {
  let q = db.selectFrom('class_types').selectAll().where('id', '=', id).where('org_id', '=', orgId);
  if (!archived) q = q.where('archived_at', 'is', null);
  return q.executeTakeFirst();
};

// jsonb: written as JSON text (pg would send an array as a PostgreSQL array).
const json = (plans: string[]) => JSON.stringify(plans) as unknown as string[];

export const insertClassType = (db: Executor<SchedulingDb>, row: ClassTypesTable) =>
  db
    .insertInto('class_types')
    .values({ ...row, plans: json(row.plans) })
    .returningAll()
    .executeTakeFirstOrThrow();

export const updateClassType = (db: Executor<SchedulingDb>, orgId: string, id: string, set: Partial<Omit<ClassTypesTable, 'id' | 'org_id' | 'archived_at'>>) =>
  db
    .updateTable('class_types')
    .set({ ...set, ...(set.plans ? { plans: json(set.plans) } : {}) })
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .where('archived_at', 'is', null)
    .returningAll()
    .executeTakeFirst();

export const archiveClassType = async (db: Executor<SchedulingDb>, orgId: string, id: string, at: Date): Promise<boolean> => {
  const r = await db
    .updateTable('class_types')
    .set({ archived_at: at, updated_at: at })
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
};
