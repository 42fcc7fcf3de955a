import type { Executor } from '@akhada/kit';
import type { PackTypesTable, SchedulingDb } from './schema.ts';

/** The organization's pack types by name (archived ones too when asked). */
export const packTypesOf = (db: Executor<SchedulingDb>, orgId: string, { archived = false } = {}) => {
  let q = db.selectFrom('pack_types').selectAll().where('org_id', '=', orgId);
  if (!archived) q = q.where('archived_at', 'is', null);
  return q.orderBy('name').execute();
};

export const insertPackType = (db: Executor<SchedulingDb>, row: PackTypesTable) =>
  db.insertInto('pack_types').values(row).returningAll().executeTakeFirstOrThrow();

/** Changes a pack type of the organization; undefined when it has none with this id. */
export const updatePackType = (db: Executor<SchedulingDb>, orgId: string, id: string, set: Partial<Omit<PackTypesTable, 'id' | 'org_id'>>) =>
  db.updateTable('pack_types').set(set).where('id', '=', id).where('org_id', '=', orgId).returningAll().executeTakeFirst();
