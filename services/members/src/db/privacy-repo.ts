import type { Executor } from '@akhada/kit';
import type { MembersDb } from './schema.ts';

/** Which of these members chose that trainers do not see their phone and email. */
export const contactHiddenAmong = async (db: Executor<MembersDb>, memberIds: string[]): Promise<Set<string>> => {
  if (memberIds.length === 0) return new Set();
  const rows = await db.selectFrom('member_privacy').select('member_id').where('member_id', 'in', memberIds).where('contact_visible', '=', false).execute();
  return new Set(rows.map((r) => r.member_id));
};

export const plansOfOrg = (db: Executor<MembersDb>, orgId: string) =>
  db.selectFrom('gym_plans').selectAll().where('org_id', '=', orgId).orderBy('position').orderBy('id').execute();
