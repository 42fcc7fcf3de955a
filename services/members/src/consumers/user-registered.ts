import { AuthEvents } from '@akhada/contracts';
import type { Transaction } from 'kysely';
import { executeCommand, metadataOf, on } from '@akhada/kit';
import { membershipAggregate } from '../aggregates/membership.ts';
import { memberEmailTaken } from '../db/members-repo.ts';
import type { MembersDb } from '../db/schema.ts';

/**
 * auth.user_registered via the join code as a member → a member awaiting a plan (id = their user id, at their first
 * location), announced as members.member_signed_up. A second delivery finds the stream started and does nothing. An
 * email a member of the gym already has is left alone (staff see that member; the account stays without a record).
 */
export const onUserRegistered = on(AuthEvents.UserRegistered, async (trx: Transaction<MembersDb>, env) => {
  const u = env.data;
  const locationId = u.locationIds[0];
  if (u.via !== 'join_code' || u.role !== 'member' || !locationId) return;
  if (await memberEmailTaken(trx, u.orgId, u.email, u.userId)) return;
  await executeCommand(
    trx,
    membershipAggregate,
    u.userId,
    {
      type: 'SignUpMember',
      data: {
        memberId: u.userId,
        orgId: u.orgId,
        locationId,
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        phone: u.phone ?? '',
        signedUpAt: env.occurredAt,
      },
    },
    metadataOf(env, { orgId: u.orgId, locationId }),
  );
});
