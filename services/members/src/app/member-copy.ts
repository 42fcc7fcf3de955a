import type { MemberCopy } from '@akhada/contracts';
import { notFound, toStored, type RequestContext } from '@akhada/kit';
import { toIntegrationEvents } from '../aggregates/membership.ts';
import { findMember } from '../db/members-repo.ts';
import { termsOf } from '../db/terms-repo.ts';
import { membershipStreamId, type MembershipEvent } from '../domain/membership/decider.ts';
import type { MembersDeps } from './deps.ts';

/**
 * GET /members/:id/copy: a member as other services keep their copy, for their read-through when an event has not
 * reached them yet. Scoped like GET /members/:id (the caller's organization and locations; 404 otherwise). `updatedAt`
 * is the latest `occurredAt` among the integration events of the stream up to the row's version: what the copies'
 * newer-wins guard compares, so the events still on their way change nothing older and everything newer.
 */
export const memberCopy = async (deps: Pick<MembersDeps, 'db'>, ctx: RequestContext, id: string): Promise<MemberCopy> => {
  if (ctx.locationIds.length === 0) throw notFound('Member');
  const row = await findMember(deps.db, { orgId: ctx.orgId, locationIds: ctx.locationIds }, id);
  if (!row) throw notFound('Member');
  const [terms, events] = await Promise.all([
    termsOf(deps.db, row.id),
    deps.db.selectFrom('events').selectAll().where('stream_id', '=', membershipStreamId(row.id)).where('stream_version', '<=', row.version).execute(),
  ]);
  const times = events.flatMap((e) => toIntegrationEvents(toStored<MembershipEvent>(e)).map((env) => Date.parse(env.occurredAt)));
  const updatedAt = new Date(times.length ? Math.max(...times) : row.registered_at.getTime()).toISOString();
  return {
    memberId: row.id,
    locationId: row.location_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    status: row.membership_status,
    membershipType: row.membership_type,
    paymentFrequency: row.payment_frequency,
    feePaise: row.fee_paise,
    startDate: row.start_date,
    endDate: row.end_date,
    terms: terms.map((t) => ({ termNo: t.term_no, startDate: t.start_date, endDate: t.end_date })).sort((a, b) => a.termNo - b.termNo),
    trainerId: row.trainer_id,
    version: row.version,
    updatedAt,
  };
};
