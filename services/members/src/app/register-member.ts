import { STAFF_ROLES, type CreateMemberBody, type Member } from '@akhada/contracts';
import { assertLocation, conflict, executeCommand, forbidden, isUniqueViolation, metadataOf, newId, requireRole, type RequestContext } from '@akhada/kit';
import { membershipAggregate } from '../aggregates/membership.ts';
import { MEMBER_EMAIL_UNIQUE } from '../db/migrations.ts';
import { dateIn } from '../domain/membership/calendar.ts';
import type { RegisterMember } from '../domain/membership/decider.ts';
import { rupeesToPaise } from '../domain/money.ts';
import { registeredRow } from '../projections/members.ts';
import { todayFor, type MembersDeps } from './deps.ts';
import { toMember } from '../views/member-view.ts';

/**
 * Staff register a member in one of their locations. One transaction (the kit's executeCommand): the MemberRegistered
 * event, the members row (whose unique index settles duplicate emails, even between concurrent requests) and the
 * outbox entry.
 */
export const registerMember = async (deps: Pick<MembersDeps, 'db' | 'clock' | 'timeZone'>, ctx: RequestContext, body: CreateMemberBody): Promise<Member> => {
  requireRole(ctx, STAFF_ROLES, 'Only gym owners and admins can register members');
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
      feePaise: rupeesToPaise(body.membershipFee),
      startDate: body.startDate ?? dateIn(deps.timeZone, now),
      registeredAt: now.toISOString(),
    },
  };

  try {
    const { events } = await executeCommand(deps.db, membershipAggregate, memberId, command, metadataOf(ctx, { locationId }));
    const registered = events.find((e) => e.event.type === 'MemberRegistered');
    if (!registered) throw new Error(`registering member ${memberId} appended no MemberRegistered event`);
    return toMember(registeredRow(registered.event.data, registered.streamVersion), todayFor(deps));
  } catch (err) {
    if (isUniqueViolation(err, MEMBER_EMAIL_UNIQUE)) throw conflict('EMAIL_TAKEN', 'A member with this email already exists');
    throw err;
  }
};
