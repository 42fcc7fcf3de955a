import type { Member } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import { staffCommandView, type CommandDeps } from './member-command.ts';

/** Remove the member's trainer. */
export const unassignTrainer = (deps: CommandDeps, ctx: RequestContext, id: string): Promise<Member> =>
  staffCommandView(deps, ctx, id, () => ({ type: 'UnassignTrainer', data: { reason: 'staff' } }));
