import { memberPlanRoutes, memberReferralRoutes, memberRoutes } from '@akhada/contracts';
import { gymPlans } from '../app/gym-plans.ts';
import { addRoute } from '@akhada/kit';
import { archiveMember } from '../app/archive-member.ts';
import { assignTrainer } from '../app/assign-trainer.ts';
import { cancelMembership } from '../app/cancel-membership.ts';
import type { MembersDeps } from '../app/deps.ts';
import { exportMembers } from '../app/export-members.ts';
import { freezeMembership } from '../app/freeze-membership.ts';
import { getMember } from '../app/get-member.ts';
import { getMyMembership } from '../app/get-my-membership.ts';
import { listMembers } from '../app/list-members.ts';
import { deleteMeasurement, listMeasurements, recordMeasurement } from '../app/measurements.ts';
import { memberCopy } from '../app/member-copy.ts';
import { memberStats } from '../app/member-stats.ts';
import { registerMember } from '../app/register-member.ts';
import { renewMembership } from '../app/renew-membership.ts';
import { resendInvitation } from '../app/resend-invitation.ts';
import { unassignTrainer } from '../app/unassign-trainer.ts';
import { unfreezeMembership } from '../app/unfreeze-membership.ts';
import { updateMember } from '../app/update-member.ts';
import { myReferral, referralSettings, saveReferralSettings } from '../app/referrals.ts';

type Svc = Parameters<typeof addRoute>[0];

/**
 * Contracts give the schemas (400 on bad input) and the roles (addRoute refuses any other with 403); the app layer
 * checks what a role list cannot say (own record, own location, assigned trainer) and does the work.
 */
export const registerRoutes = (svc: Svc, deps: MembersDeps): void => {
  // Before /members/:id: a static path wins in the router anyway, but it reads in order.
  addRoute(svc, memberPlanRoutes.plans, async ({ ctx }) => ({ success: true, data: await gymPlans(deps, ctx) }));
  addRoute(svc, memberRoutes.list, async ({ query, ctx }) => {
    const page = await listMembers(deps, ctx, query);
    return {
      success: true,
      data: page.members,
      totalCount: page.totalCount,
      pagination: { page: page.page, limit: page.limit, totalPages: page.totalPages },
    };
  });
  addRoute(svc, memberRoutes.export, async ({ query, ctx }, _req, reply) => {
    const file = exportMembers(deps, ctx, query);
    reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`);
    return reply.send(file.body);
  });
  addRoute(svc, memberRoutes.stats, async ({ query, ctx }) => ({ success: true, data: await memberStats(deps, ctx, query) }));
  addRoute(svc, memberRoutes.me, async ({ ctx }) => ({ success: true, data: await getMyMembership(deps, ctx) }));
  addRoute(svc, memberReferralRoutes.mine, async ({ ctx }) => ({ success: true, data: await myReferral(deps, ctx) }));
  addRoute(svc, memberReferralRoutes.settings, async ({ ctx }) => ({ success: true, data: await referralSettings(deps, ctx) }));
  addRoute(svc, memberReferralRoutes.putSettings, async ({ ctx, body }) => ({ success: true, data: await saveReferralSettings(deps, ctx, body) }));
  addRoute(svc, memberRoutes.myMeasurements, async ({ query, ctx }) => ({ success: true, ...(await listMeasurements(deps, ctx, 'me', query)) }));
  addRoute(svc, memberRoutes.recordMyMeasurement, async ({ body, ctx }, _req, reply) =>
    reply.status(201).send({ success: true, data: await recordMeasurement(deps, ctx, 'me', body) }),
  );
  addRoute(svc, memberRoutes.get, async ({ params, ctx }) => ({ success: true, data: await getMember(deps, ctx, params.id) }));
  addRoute(svc, memberRoutes.copy, async ({ params, ctx }) => ({ success: true, data: await memberCopy(deps, ctx, params.id) }));
  addRoute(svc, memberRoutes.create, async ({ body, ctx }, _req, reply) =>
    reply.status(201).send({ success: true, data: await registerMember(deps, ctx, body), message: 'Member registered successfully' }),
  );
  addRoute(svc, memberRoutes.update, async ({ params, body, ctx }) => ({
    success: true,
    data: await updateMember(deps, ctx, params.id, body),
    message: 'Member updated successfully',
  }));
  addRoute(svc, memberRoutes.renew, async ({ params, body, ctx }) => ({
    success: true,
    data: await renewMembership(deps, ctx, params.id, body),
    message: 'Membership renewed successfully',
  }));
  addRoute(svc, memberRoutes.assignTrainer, async ({ params, body, ctx }) => ({
    success: true,
    data: await assignTrainer(deps, ctx, params.id, body.trainerId),
    message: 'Trainer assigned successfully',
  }));
  addRoute(svc, memberRoutes.unassignTrainer, async ({ params, ctx }) => ({
    success: true,
    data: await unassignTrainer(deps, ctx, params.id),
    message: 'Trainer unassigned',
  }));
  addRoute(svc, memberRoutes.freeze, async ({ params, body, ctx }) => ({
    success: true,
    data: await freezeMembership(deps, ctx, params.id, body),
    message: 'Membership frozen',
  }));
  addRoute(svc, memberRoutes.unfreeze, async ({ params, ctx }) => ({
    success: true,
    data: await unfreezeMembership(deps, ctx, params.id),
    message: 'Membership unfrozen',
  }));
  addRoute(svc, memberRoutes.cancel, async ({ params, body, ctx }) => ({
    success: true,
    data: await cancelMembership(deps, ctx, params.id, body),
    message: 'Membership cancelled',
  }));
  addRoute(svc, memberRoutes.archive, async ({ params, ctx }) => {
    await archiveMember(deps, ctx, params.id);
    return { success: true, message: 'Member archived successfully' };
  });
  addRoute(svc, memberRoutes.resendInvitation, async ({ params, ctx }) => {
    await resendInvitation(deps, ctx, params.id);
    return { success: true, message: 'Invitation sent again' };
  });
  addRoute(svc, memberRoutes.measurements, async ({ params, query, ctx }) => ({
    success: true,
    ...(await listMeasurements(deps, ctx, params.id, query)),
  }));
  addRoute(svc, memberRoutes.recordMeasurement, async ({ params, body, ctx }, _req, reply) =>
    reply.status(201).send({ success: true, data: await recordMeasurement(deps, ctx, params.id, body) }),
  );
  addRoute(svc, memberRoutes.deleteMeasurement, async ({ params, ctx }) => {
    await deleteMeasurement(deps, ctx, params.id, params.measurementId);
    return { success: true, message: 'Measurement removed' };
  });
};
