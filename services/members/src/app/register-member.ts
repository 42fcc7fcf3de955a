import { STAFF_ROLES, topicOf, type CreateMemberBody, type Member } from '@akhada/contracts';
import { assertLocation, conflict, enqueue, forbidden, handleCommand, newId, requireRole, type RequestContext } from '@akhada/kit';
import { MEMBER_EMAIL_UNIQUE } from '../db/migrations.ts';
import type { MembersTable } from '../db/tables.ts';
import { dateIn } from '../domain/membership/calendar.ts';
import { membershipDecider, membershipStreamId, type RegisterMember } from '../domain/membership/decider.ts';
import { rupeesToPaise } from '../domain/money.ts';
import { projectMembers } from '../projections/members.ts';
import { todayFor, type MembersDeps } from './deps.ts';
import { toIntegrationEvent } from './integration-events.ts';
import { toMember } from './member-view.ts';

const isUniqueViolation = (err: unknown, constraint: string): boolean =>
  (err as { code?: unknown }).code === '23505' && (err as { constraint?: unknown }).constraint === constraint;

/**
 * Staff register a member in one of their locations. One transaction: the MemberRegistered event, the members row
 * (whose unique index settles duplicate emails, even between concurrent requests) and the outbox entry.
 */
export const registerMember = async (deps: MembersDeps, ctx: RequestContext, body: CreateMemberBody): Promise<Member> => {
  requireRole(ctx, STAFF_ROLES, 'Only gym owners and admins can register members');
  const locationId = body.locationId ?? ctx.locationIds[0];
  if (!locationId) throw forbidden('You have no location to register members in');
  assertLocation(ctx, locationId);

  const now = deps.clock();
  const memberId = newId();
  const commandId = newId();
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

  let row: MembersTable | undefined;
  try {
    await handleCommand({
      db: deps.db,
      decider: membershipDecider,
      streamId: membershipStreamId(memberId),
      command,
      metadata: { orgId: ctx.orgId, locationId, actorId: ctx.userId, correlationId: ctx.correlationId, causationId: commandId },
      onAppended: async (trx, { events }) => {
        for (const stored of events) {
          row = (await projectMembers(trx, stored)) ?? row;
          await enqueue(trx, topicOf('members'), toIntegrationEvent(stored));
        }
      },
    });
  } catch (err) {
    if (isUniqueViolation(err, MEMBER_EMAIL_UNIQUE)) throw conflict('EMAIL_TAKEN', 'A member with this email already exists');
    throw err;
  }
  if (!row) throw new Error(`member ${memberId} was registered but not projected`);
  return toMember(row, todayFor(deps));
};
