import type { Member, MemberListQuery } from '@akhada/contracts';
import { assertLocation, forbidden, isStaff, type RequestContext } from '@akhada/kit';
import { sql, type ExpressionBuilder } from 'kysely';
import type { z } from 'zod';
import type { MembersDb } from '../db/tables.ts';
import { todayFor, type MembersDeps } from './deps.ts';
import { toMember } from './member-view.ts';

export type ListMembersQuery = z.infer<typeof MemberListQuery>;

export interface MemberPage {
  members: Member[];
  totalCount: number;
  page: number;
  limit: number;
  totalPages: number;
}

/** `%`, `_` and `\` typed by a person are letters, not LIKE wildcards. */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

type Eb = ExpressionBuilder<MembersDb, 'members'>;

const searchFilter = (search: string) => (eb: Eb) => {
  const pattern = `%${escapeLike(search)}%`;
  const clauses = [eb(sql<string>`first_name || ' ' || last_name`, 'ilike', pattern), eb('email', 'ilike', pattern), eb('phone', 'like', pattern)];
  // "98765 43210", "+91-9876543210" and "9876543210" are the same number: also compare digits only.
  const digits = search.replace(/\D/g, '');
  if (digits.length >= 3 && /^[\d\s()+-]+$/.test(search)) clauses.push(eb(sql<string>`regexp_replace(phone, '[^0-9]', '', 'g')`, 'like', `%${digits}%`));
  return eb.or(clauses);
};

/** Filters on the status the screen shows: an active membership past its end date counts as expired. */
const statusFilter = (status: NonNullable<ListMembersQuery['status']>, today: string) => (eb: Eb) => {
  switch (status) {
    case 'active':
      return eb.and([eb('membership_status', '=', 'active'), eb('end_date', '>', today)]);
    case 'expired':
      return eb.or([eb('membership_status', '=', 'expired'), eb.and([eb('membership_status', '=', 'active'), eb('end_date', '<=', today)])]);
    case 'inactive':
      return eb('membership_status', '=', 'inactive');
  }
};

/**
 * Staff and trainers see the members of the locations they may see, in their own organization only; members may not
 * list other members. Newest first, ties broken by id, so pages never overlap or skip.
 */
export const listMembers = async (deps: Pick<MembersDeps, 'db' | 'clock' | 'timeZone'>, ctx: RequestContext, query: ListMembersQuery): Promise<MemberPage> => {
  if (!isStaff(ctx) && ctx.role !== 'trainer') throw forbidden('Only gym staff and trainers can see the members list');
  if (query.locationId) assertLocation(ctx, query.locationId);
  const locations = query.locationId ? [query.locationId] : ctx.locationIds;
  const { page, limit } = query;
  if (locations.length === 0) return { members: [], totalCount: 0, page, limit, totalPages: 0 };

  const today = todayFor(deps);
  let filtered = deps.db.selectFrom('members').where('org_id', '=', ctx.orgId).where('location_id', 'in', locations);
  if (query.search) filtered = filtered.where(searchFilter(query.search));
  if (query.status) filtered = filtered.where(statusFilter(query.status, today));
  if (query.membershipType) filtered = filtered.where('membership_type', '=', query.membershipType);

  const [rows, count] = await Promise.all([
    filtered
      .selectAll()
      .orderBy('registered_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { members: rows.map((r) => toMember(r, today)), totalCount: count.n, page, limit, totalPages: Math.ceil(count.n / limit) };
};
