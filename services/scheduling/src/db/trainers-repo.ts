import { trainerCopy, type Executor } from '@akhada/kit';
import type { SchedulingDb } from './schema.ts';

/** This service's copy of trainers (who may lead a class of an organization), kept by the kit from trainers' events and read-throughs. */
export const trainers = trainerCopy<SchedulingDb, 'trainers'>({
  table: 'trainers',
  columns: ['org_id', 'location_id', 'first_name', 'last_name', 'status'],
});

/** A trainer of the organization who is not archived. */
export const trainerOf = (db: Executor<SchedulingDb>, orgId: string, id: string) =>
  db.selectFrom('trainers').selectAll().where('id', '=', id).where('org_id', '=', orgId).where('status', '!=', 'archived').executeTakeFirst();
