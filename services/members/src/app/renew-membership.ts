import type { MemberDetail, RenewMemberBody } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import { rupeesToPaise } from '@akhada/kit';
import { memberDetailView } from './access.ts';
import { staffCommand, type CommandDeps } from './member-command.ts';
import { assertPlanRoom } from './plan-limit.ts';

/**
 * A new term: a renewal (before or after expiry) or the first term of a member awaiting a plan, who then counts
 * against the plan's allowance (checked in the same transaction).
 */
export const renewMembership = async (deps: CommandDeps, ctx: RequestContext, id: string, body: RenewMemberBody): Promise<MemberDetail> => {
  const now = deps.clock();
  const row = await staffCommand(
    deps,
    ctx,
    id,
    (_row, today) => ({
      type: 'RenewMembership',
      data: {
        membershipType: body.membershipType,
        paymentFrequency: body.paymentFrequency,
        durationMonths: body.durationMonths,
        feePaise: rupeesToPaise(body.membershipFee),
        paymentMethod: body.paymentMethod,
        startDate: body.startDate,
        today,
        renewedAt: now.toISOString(),
      },
    }),
    async (trx, member) => {
      if (member.membership_status === 'pending') await assertPlanRoom(trx, ctx.orgId);
    },
  );
  return memberDetailView(deps, row);
};
