import type { Member } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import { staffCommandView, type CommandDeps } from './member-command.ts';

/** End a freeze: the end date moves by the days frozen. */
export const unfreezeMembership = (deps: CommandDeps, ctx: RequestContext, id: string): Promise<Member> =>
  staffCommandView(deps, ctx, id, (_row, today) => ({ type: 'UnfreezeMembership', data: { today } }));
