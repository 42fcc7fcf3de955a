import type { Member } from '@akhada/contracts';
import { metadataOf, type RequestContext } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { inTransaction, runCommand } from '../aggregates/run-command.ts';
import type { MembersDb, MembersTable } from '../db/schema.ts';
import type { MembershipCommand } from '../domain/membership/decider.ts';
import { memberForStaff, memberView, reload } from './access.ts';
import { todayAt, type MembersDeps } from './deps.ts';

export type CommandDeps = Pick<MembersDeps, 'db' | 'clock' | 'timeZone' | 'directory'>;

/**
 * The shape every staff command on one member shares: 403 for a role that may not, 402 for a read-only organization,
 * 404 outside the caller's organization and locations, then the command through the aggregate in one transaction
 * (`check` runs first in it, for rules that need more than the stream), and the member as it now is.
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
  return inTransaction(deps.db, async (trx) => {
    if (check) await check(trx, row);
    await runCommand(trx, id, build(row, today), metadataOf(ctx, { locationId: row.location_id }));
    return reload(trx, ctx.orgId, id);
  });
};

export const staffCommandView = async (...args: Parameters<typeof staffCommand>): Promise<Member> => memberView(args[0], await staffCommand(...args));
