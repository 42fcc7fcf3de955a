import type { RequestContext } from '@akhada/kit';
import { staffCommand, type CommandDeps } from './member-command.ts';

/** Archive: gone from the lists, history kept; a trainer is unassigned first (one stream, one transaction). */
export const archiveMember = async (deps: CommandDeps, ctx: RequestContext, id: string): Promise<void> => {
  const archivedAt = deps.clock().toISOString();
  await staffCommand(deps, ctx, id, () => ({ type: 'ArchiveMember', data: { archivedAt } }));
};
