import type { Executor } from '@akhada/kit';
import type { Names } from '../views/feedback-view.ts';
import type { FeedbackDb, FeedbackTable } from './schema.ts';

/** The trainers and staff the given tickets name, in one query each. */
export const namesFor = async (db: Executor<FeedbackDb>, orgId: string, rows: FeedbackTable[]): Promise<Names> => {
  const trainerIds = [...new Set(rows.map((r) => r.trainer_id).filter((x): x is string => !!x))];
  const staffIds = [...new Set(rows.map((r) => r.assigned_to).filter((x): x is string => !!x))];
  const trainers = trainerIds.length
    ? await db.selectFrom('trainers').select(['id', 'first_name', 'last_name']).where('org_id', '=', orgId).where('id', 'in', trainerIds).execute()
    : [];
  const staff = staffIds.length
    ? await db.selectFrom('staff').select(['id', 'first_name', 'last_name']).where('org_id', '=', orgId).where('id', 'in', staffIds).execute()
    : [];
  return { trainers: new Map(trainers.map((t) => [t.id, t])), staff: new Map(staff.map((s) => [s.id, s])) };
};
