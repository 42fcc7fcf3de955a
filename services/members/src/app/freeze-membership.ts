import type { FreezeMemberBody, Member } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import type { z } from 'zod';
import { staffCommandView, type CommandDeps } from './member-command.ts';

/** Pause an active membership from `frozenFrom` (default today in the location). */
export const freezeMembership = (deps: CommandDeps, ctx: RequestContext, id: string, body: z.infer<typeof FreezeMemberBody>): Promise<Member> =>
  staffCommandView(deps, ctx, id, (_row, today) => ({ type: 'FreezeMembership', data: { frozenFrom: body.frozenFrom, today, reason: body.reason ?? null } }));
