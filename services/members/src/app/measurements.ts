import { type Measurement, type RecordMeasurementBody } from '@akhada/contracts';
import { forbidden, newId, notFound, type RequestContext } from '@akhada/kit';
import { findMemberInOrg } from '../db/members-repo.ts';
import { deleteMeasurement as deleteRow, insertMeasurement, measurementsOf } from '../db/measurements-repo.ts';
import type { MembersTable } from '../db/schema.ts';
import { toMeasurement } from '../views/member-view.ts';
import { todayAt, type MembersDeps } from './deps.ts';

type Deps = Pick<MembersDeps, 'db' | 'clock' | 'timeZone' | 'directory'>;

/**
 * Whose measurements the caller may see or record (the routes' roles are the contract's, checked by addRoute): `'me'`
 * is the calling member themselves (the /me routes); otherwise a member of the caller's locations, and a trainer
 * records only for their own clients.
 */
const memberFor = async (deps: Deps, ctx: RequestContext, memberId: string | 'me', write: boolean): Promise<MembersTable> => {
  const own = memberId === 'me';
  const row = await findMemberInOrg(deps.db, ctx.orgId, own ? ctx.userId : memberId);
  if (!row || row.membership_status === 'archived') throw notFound('Member');
  if (!own && !ctx.locationIds.includes(row.location_id)) throw notFound('Member');
  if (write && ctx.role === 'trainer' && row.trainer_id !== ctx.userId) throw forbidden('Trainers can record measurements only for their own clients');
  return row;
};

/** A member's measurements, newest first; `'me'`: the calling member's own. */
export const listMeasurements = async (deps: Deps, ctx: RequestContext, memberId: string | 'me', { page, limit }: { page: number; limit: number }) => {
  const member = await memberFor(deps, ctx, memberId, false);
  const { rows, totalCount } = await measurementsOf(deps.db, member.id, { offset: (page - 1) * limit, limit });
  return { data: rows.map(toMeasurement), totalCount, pagination: { page, limit, totalPages: Math.ceil(totalCount / limit) } };
};

/** Records a measurement of a member; `'me'`: the calling member records their own. */
export const recordMeasurement = async (deps: Deps, ctx: RequestContext, memberId: string | 'me', body: RecordMeasurementBody): Promise<Measurement> => {
  const member = await memberFor(deps, ctx, memberId, true);
  const row = {
    id: newId(),
    org_id: ctx.orgId,
    member_id: member.id,
    measured_on: body.measuredOn ?? (await todayAt(deps, member.location_id)),
    weight_kg: body.weightKg ?? null,
    body_fat_percent: body.bodyFatPercent ?? null,
    chest_cm: body.chestCm ?? null,
    waist_cm: body.waistCm ?? null,
    arms_cm: body.armsCm ?? null,
    notes: body.notes ?? null,
    recorded_by_id: ctx.userId,
    recorded_by_name: ctx.name || ctx.role,
    created_at: deps.clock(),
  };
  await insertMeasurement(deps.db, row);
  return toMeasurement(row);
};

export const deleteMeasurement = async (deps: Deps, ctx: RequestContext, memberId: string, measurementId: string): Promise<void> => {
  await memberFor(deps, ctx, memberId, true);
  if (!(await deleteRow(deps.db, memberId, measurementId))) throw notFound('Measurement');
};
