import type { CancelMemberBody, Member } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import type { z } from 'zod';
import { staffCommandView, type CommandDeps } from './member-command.ts';

/** End a membership early; it stays listed as cancelled until archived. */
export const cancelMembership = (deps: CommandDeps, ctx: RequestContext, id: string, body: z.infer<typeof CancelMemberBody>): Promise<Member> =>
  staffCommandView(deps, ctx, id, (_row, today) => ({ type: 'CancelMembership', data: { today, reason: body.reason ?? null } }));
