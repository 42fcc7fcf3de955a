import type { Executor } from '@akhada/kit';
import type { MembersDb, MembershipTermsTable } from './schema.ts';

/** A member's terms, newest first. */
export const termsOf = (db: Executor<MembersDb>, memberId: string): Promise<MembershipTermsTable[]> =>
  db.selectFrom('membership_terms').selectAll().where('member_id', '=', memberId).orderBy('term_no', 'desc').execute();
