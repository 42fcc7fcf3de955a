import type { ServiceExportQuery } from '@akhada/contracts';
import { exportFile, keysetPages, type ExportColumn, type RequestContext } from '@akhada/kit';
import type { MembersTable } from '../db/schema.ts';
import type { MembersDeps } from './deps.ts';

const PAGE = 1000;

const COLUMNS: ExportColumn<MembersTable>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'firstName', value: (r) => r.first_name },
  { header: 'lastName', value: (r) => r.last_name },
  { header: 'email', value: (r) => r.email },
  { header: 'phone', value: (r) => r.phone },
  { header: 'dateOfBirth', value: (r) => r.date_of_birth },
  { header: 'gender', value: (r) => r.gender },
  { header: 'locationId', value: (r) => r.location_id },
  { header: 'membershipType', value: (r) => r.membership_type },
  { header: 'membershipStatus', value: (r) => r.membership_status },
  { header: 'paymentFrequency', value: (r) => r.payment_frequency },
  { header: 'fee', value: (r) => (r.fee_paise / 100).toFixed(2) },
  { header: 'startDate', value: (r) => r.start_date },
  { header: 'endDate', value: (r) => r.end_date },
  { header: 'trainerId', value: (r) => r.trainer_id },
  { header: 'accountStatus', value: (r) => r.account_status },
  { header: 'registeredAt', value: (r) => new Date(r.registered_at).toISOString() },
  { header: 'archivedAt', value: (r) => (r.archived_at ? new Date(r.archived_at).toISOString() : null) },
];

/**
 * Owners and admins: every member of their organization in the locations they may see (archived ones too: it is the
 * organization's record). A member: their own row only. Read by keyset a page at a time, so memory stays flat.
 */
export const exportMembers = (deps: Pick<MembersDeps, 'db'>, ctx: RequestContext, q: ServiceExportQuery) => {
  const own = ctx.role === 'member';
  const locationIds = ctx.locationIds;
  const rows = keysetPages<MembersTable>(async (after) => {
    if (!own && locationIds.length === 0) return [];
    let query = deps.db.selectFrom('members').selectAll().where('org_id', '=', ctx.orgId);
    query = own ? query.where('id', '=', ctx.userId) : query.where('location_id', 'in', locationIds);
    if (after) query = query.where('id', '>', after.id);
    return (await query.orderBy('id').limit(PAGE).execute()) as MembersTable[];
  }, PAGE);
  return exportFile(rows, COLUMNS, q.format, own ? 'my-profile' : 'members');
};
