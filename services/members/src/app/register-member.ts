import { type CreateMemberBody, type Member } from '@akhada/contracts';
import { assertLocation, conflict, executeCommand, forbidden, isUniqueViolation, metadataOf, newId, type RequestContext } from '@akhada/kit';
import { membershipAggregate } from '../aggregates/membership.ts';
import { MEMBER_EMAIL_UNIQUE } from '../db/migrations.ts';
import type { RegisterMember } from '../domain/membership/decider.ts';
import { rupeesToPaise } from '@akhada/kit';
import { memberView, reload } from './access.ts';
import { todayAt, type MembersDeps } from './deps.ts';
import { assertPlanRoom } from './plan-limit.ts';

/**
 * Staff register a member in one of their locations. One transaction: the plan's allowance (assertPlanRoom), the
 * MemberRegistered event, the
 * members row (whose unique index settles duplicate emails, even between concurrent requests) and the outbox entry.
 */
export const registerMember = async (
  deps: Pick<MembersDeps, 'db' | 'clock' | 'timeZone' | 'directory'>,
  ctx: RequestContext,
  body: CreateMemberBody,
): Promise<Member> => {
  const locationId = body.locationId ?? ctx.locationIds[0];
  if (!locationId) throw forbidden('You have no location to register members in');
  assertLocation(ctx, locationId);

  const now = deps.clock();
  const memberId = newId();
  const command: RegisterMember = {
    type: 'RegisterMember',
    data: {
      memberId,
      orgId: ctx.orgId,
      locationId,
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      phone: body.phone,
      membershipType: body.membershipType,
      paymentFrequency: body.paymentFrequency,
      durationMonths: body.durationMonths,
      feePaise: rupeesToPaise(body.membershipFee),
      startDate: body.startDate ?? (await todayAt(deps, locationId)),
      registeredAt: now.toISOString(),
      paymentMethod: body.paymentMethod ?? null,
      dateOfBirth: body.dateOfBirth ?? null,
      gender: body.gender ?? null,
      // A converted lead: recorded and published with member_registered; enquiries links the lead if it is this
      // organization's (members cannot ask enquiries, and need not: a foreign id links nothing).
      ...(body.enquiryId ? { enquiryId: body.enquiryId } : {}),
      ...(body.acquisitionSource ? { acquisitionSource: body.acquisitionSource } : {}),
    },
  };

  await executeCommand(deps.db, membershipAggregate, memberId, command, metadataOf(ctx, { locationId }), {
    check: (_state, trx) => assertPlanRoom(trx, ctx.orgId),
    mapError: (err) => (isUniqueViolation(err, MEMBER_EMAIL_UNIQUE) ? conflict('EMAIL_TAKEN', 'A member with this email already exists') : err),
  });
  return memberView(deps, await reload(deps.db, ctx.orgId, memberId));
};
