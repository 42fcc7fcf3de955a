import type { Member } from '@akhada/contracts';
import { executeCommand, metadataOf, type RequestContext } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { membershipAggregate } from '../aggregates/membership.ts';
import type { MembersDb, MembersTable } from '../db/schema.ts';
import type { MembershipCommand } from '../domain/membership/decider.ts';
import { memberForStaff, memberView, reload } from './access.ts';
import { todayAt, type MembersDeps } from './deps.ts';

export type CommandDeps = Pick<MembersDeps, 'db' | 'clock' | 'timeZone' | 'directory'>;

/**
 * The rule every staff command on one member shares: 404 outside the caller's organization and locations (the member
 * is looked up as staff see it), the command dated in the member's location, and the member as it now is. The write
 * is the kit's executeCommand (`check` runs in its transaction first, for rules that need more than the stream).
 */
export const staffCommand = async (
  deps: CommandDeps,
  ctx: RequestContext,
  id: string,
  build: (row: MembersTable, today: string) => MembershipCommand,
  check?: (trx: Transaction<MembersDb>, row: MembersTable) => Promise<void>,
): Promise<MembersTable> => {
  const row = await memberForStaff(deps.db, ctx, id);
  const today = await todayAt(deps, row.location_id);
  await executeCommand(deps.db, membershipAggregate, id, build(row, today), metadataOf(ctx, { locationId: row.location_id }), {
    ...(check ? { check: (_state, trx) => check(trx, row) } : {}),
  });
  return reload(deps.db, ctx.orgId, id);
};

export const staffCommandView = async (...args: Parameters<typeof staffCommand>): Promise<Member> => memberView(args[0], await staffCommand(...args));
